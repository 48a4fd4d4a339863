// Shop A's flood for `npm run bench:fairness` (decision 0144), run by bench-fairness.ts in a process
// of its own: FLOOD_CONNECTIONS requests at once for FLOOD_SECONDS, each sent again as soon as it is
// answered, 429 and 503 included (a script that ignores Retry-After): lists of 100 with counts,
// searches, XLSX exports of 500 orders. Prints the answers' counts as JSON on stdout.
import { performance } from 'node:perf_hooks';
import { percentile } from './bench-support.js';

export interface TFloodResult {
  counts: Record<string, number>;
  servedP95: number | null;
}

const TABS = ['inProcess', 'ready', 'inDispatch', 'inDelivery', 'delivered', 'returned', 'cancelled', 'all'];

/** Shop A's heavy requests in turn: a list of 100 with counts, a search, an export of 500 orders. */
function heavyRequest(i: number, orders: number): { method: 'GET' | 'POST'; path: string; body?: unknown } {
  const kind = i % 3;
  if (kind === 0) {
    return { method: 'GET', path: `/dashboard/orders?tab=${TABS[i % TABS.length]}&per_page=100&page=${1 + (i % 60)}` };
  }
  if (kind === 1) {
    return { method: 'GET', path: `/dashboard/orders?tab=all&search=05${String(i % 1000).padStart(3, '0')}` };
  }
  const start = 1 + ((i * 500) % Math.max(1, orders - 500));
  return {
    method: 'POST',
    path: '/dashboard/orders/export-xlsx',
    body: { order_ids: Array.from({ length: 500 }, (_, k) => start + k) },
  };
}

async function flood(): Promise<TFloodResult> {
  const baseUrl = process.env.FLOOD_BASE_URL!;
  const headers = { authorization: process.env.FLOOD_AUTHORIZATION! };
  const connections = Number(process.env.FLOOD_CONNECTIONS ?? 300);
  const orders = Number(process.env.FLOOD_ORDERS ?? 30_000);
  const until = performance.now() + Number(process.env.FLOOD_SECONDS ?? 15) * 1000;
  const counts: Record<string, number> = {};
  const served: number[] = [];
  let serial = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const { method, path, body } = heavyRequest(serial++, orders);
      const started = performance.now();
      let status: string;
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        status = String(response.status);
        if (response.ok) served.push(performance.now() - started);
      } catch (error) {
        status = (error as Error).name;
      }
      counts[status] = (counts[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  served.sort((a, b) => a - b);
  return { counts, servedP95: served.length ? percentile(served, 95) : null };
}

process.stdout.write(`${JSON.stringify(await flood())}\n`);
