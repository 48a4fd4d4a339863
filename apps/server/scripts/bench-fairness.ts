// `npm run bench:fairness` (decision 0144): one shop's flood against another shop's Orders list,
// over real HTTP on PostgreSQL. Seeds shop A (BENCH_ORDERS_A, 30,000 orders) and shop B
// (BENCH_ORDERS_B, 3,000) with bench:orders' generator, starts apps/server/src/main.ts as bench:load
// does, then measures: the calibration (GET /health, no database), shop B's list quiet, and shop
// B's list while shop A sends BENCH_FLOOD (300) requests at once without pause (lists with counts,
// searches, XLSX exports), retrying at once on 429/503 as a script that ignores Retry-After would.
// Shop B's list requests never repeat a page (tab, page, size) so none is served from the pages
// the server keeps between writes (decision 0137). Bounded: BENCH_SECONDS (15) per phase, loopback.
// SHOP_MAX_IN_FLIGHT and the other limits of .env.example pass through to the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { run, type TScenario } from './bench-load.js';
import { logLoadAverageAtEnd, logMachine, logRun } from './bench-load-report.js';
import { BENCH_PASSWORD, createBenchShop, freshDatabaseUrl, log, runBench } from './bench-support.js';
import type { TFloodResult } from './bench-fairness-flood.js';
import { migratedBenchDatabase, seedBenchShops } from './bench-support.js';
import { startServer, stopServer } from './server-process.js';

const ORDERS_A = Number(process.env.BENCH_ORDERS_A ?? 30_000);
const ORDERS_B = Number(process.env.BENCH_ORDERS_B ?? 3_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 300);
// Shop B's agents: a handful of screens loading the list one after the other.
const B_CONNECTIONS = Number(process.env.BENCH_B_CONNECTIONS ?? 4);
const DB_NAME = 'cod_bench_fairness';
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const TARGET_RATIO = 3;
const TABS = ['inProcess', 'ready', 'inDispatch', 'inDelivery', 'delivered', 'returned', 'cancelled', 'all'];
// The list's page sizes (ORDER_PAGE_SIZES) but 200.
const SIZES = [10, 25, 50, 100];

async function signIn(baseUrl: string, email: string): Promise<{ authorization: string }> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return { authorization: `Bearer ${((await response.json()) as { accessToken: string }).accessToken}` };
}

/**
 * The n-th distinct page of shop B's list: each (tab, wilaya, page size) once, 2,784 of them before
 * the second page of each, so no answer comes from the pages kept between writes (decision 0137).
 */
function distinctListPage(n: number): string {
  const tab = TABS[n % TABS.length]!;
  const state = 1 + (Math.floor(n / TABS.length) % 58);
  const size = SIZES[Math.floor(n / (TABS.length * 58)) % SIZES.length]!;
  const page = 1 + Math.floor(n / (TABS.length * 58 * SIZES.length));
  return `/dashboard/orders?tab=${tab}&state=${state}&per_page=${size}&page=${page}`;
}

/**
 * Shop A's flood in a process of its own (bench-fairness-flood.ts), so its 300 request loops do not
 * share an event loop with shop B's measurement; it prints its answers' counts when it ends.
 */
function startFlood(baseUrl: string, auth: Record<string, string>, seconds: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bench-fairness-flood.ts')],
    {
      env: {
        ...process.env,
        FLOOD_BASE_URL: baseUrl,
        FLOOD_AUTHORIZATION: auth.authorization,
        FLOOD_CONNECTIONS: String(FLOOD),
        FLOOD_ORDERS: String(ORDERS_A),
        FLOOD_SECONDS: String(seconds),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<TFloodResult>((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as TFloodResult) : reject(new Error(`flood exited ${code}`)),
    );
  });
  return { done };
}

async function main(): Promise<string[]> {
  const started = performance.now();
  const url = await freshDatabaseUrl(DB_NAME);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const database = await migratedBenchDatabase(url, 4);
    const shopA = await createBenchShop(database, 'bench-fair-a', 'owner@bench-fair-a.dz');
    const shopB = await createBenchShop(database, 'bench-fair-b', 'owner@bench-fair-b.dz');
    await database.close();
    await seedBenchShops(url, [
      { shop: shopA, orders: ORDERS_A },
      { shop: shopB, orders: ORDERS_B },
    ]);
    const seededIn = (performance.now() - started) / 1000;
    log(
      `seeded shop A ${ORDERS_A.toLocaleString('en')} and shop B ${ORDERS_B.toLocaleString('en')} orders in ${seededIn.toFixed(1)} s`,
    );
    server = await startServer(url);
    const { baseUrl } = server;
    const authA = await signIn(baseUrl, 'owner@bench-fair-a.dz');
    const authB = { auth: await signIn(baseUrl, 'owner@bench-fair-b.dz') };

    let pageSerial = 0;
    const listOfB: TScenario = {
      name: "shop B's orders list (distinct pages)",
      method: 'GET',
      request: () => ({ path: distinctListPage(pageSerial++) }),
    };
    const calibration = await run(
      baseUrl,
      authB,
      { name: 'calibration GET /health (no database)', method: 'GET', request: () => ({ path: '/health' }) },
      10,
    );
    logRun(calibration);
    const quiet = await run(baseUrl, authB, listOfB, B_CONNECTIONS);
    logRun(quiet);

    // The flood takes a second to fill the server before shop B is measured, and ends after it.
    const flooding = startFlood(baseUrl, authA, SECONDS + 3);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busy = await run(baseUrl, authB, { ...listOfB, name: `${listOfB.name} while shop A floods` }, B_CONNECTIONS);
    const healthDuringFlood = await fetch(`${baseUrl}/health`).then((r) => r.status);
    const shopAFlood = await flooding.done;
    logRun(busy);
    const afterFlood = await fetch(`${baseUrl}/dashboard/orders?tab=all&per_page=10&page=7`, { headers: authA });

    const ratio = busy.p95 / quiet.p95;
    const a = (status: string) => shopAFlood.counts[status] ?? 0;
    const others = Object.entries(shopAFlood.counts).filter(([s]) => !['200', '429', '503'].includes(s));
    log(`\nbench:fairness on a server started here on ${DB_NAME}, ${new Date().toISOString()}`);
    logMachine();
    log(
      `shop A ${ORDERS_A.toLocaleString('en')} orders, shop B ${ORDERS_B.toLocaleString('en')}; ${SECONDS} s per phase;`,
    );
    log(`shop A: ${FLOOD} requests at once (list of 100 with counts, search, export of 500) without pause`);
    log(`shop B: ${B_CONNECTIONS} connections, each list request a page not asked before\n`);
    log(
      `calibration GET /health (10 connections): ${calibration.rps.toFixed(0)} rps, p95 ${calibration.p95.toFixed(1)} ms`,
    );
    log(`shop B list p95 quiet: ${quiet.p95.toFixed(1)} ms (${quiet.rps.toFixed(0)} rps, ${quiet.failed} failed)`);
    log(
      `shop B list p95 while shop A floods: ${busy.p95.toFixed(1)} ms (${busy.rps.toFixed(0)} rps, ${busy.failed} failed)`,
    );
    log(`ratio flood / quiet: ${ratio.toFixed(2)}x (target within ${TARGET_RATIO}x)`);
    log(
      `shop A answers: ${a('200')} x 200 (p95 ${shopAFlood.servedP95 === null ? '-' : shopAFlood.servedP95.toFixed(0)} ms), ${a('429')} x 429, ${a('503')} x 503${others.length ? `, others ${JSON.stringify(Object.fromEntries(others))}` : ''}`,
    );
    log(`GET /health during the flood: ${healthDuringFlood}; shop A's list after the flood: ${afterFlood.status}`);
    logLoadAverageAtEnd();
    log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const failures: string[] = [];
    if (!(ratio <= TARGET_RATIO))
      failures.push(`shop B's p95 is ${ratio.toFixed(2)}x its quiet p95 (target ${TARGET_RATIO}x)`);
    if (a('200') === 0) failures.push('shop A was not served during its flood');
    if (busy.failed) failures.push(`shop B had ${busy.failed} failed requests during the flood`);
    if (afterFlood.status !== 200) failures.push(`shop A's list after the flood answered ${afterFlood.status}`);
    return failures;
  } finally {
    if (server) {
      await stopServer(server.child);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    if (!KEEP_DB && !process.env.BENCH_DATABASE_URL) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      await admin.end();
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) runBench(main);
