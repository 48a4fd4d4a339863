// `npm run bench:load` (issue 16.1): the real server over real HTTP, many connections at once.
// Creates a PostgreSQL database, seeds a shop of 100,000 orders (BENCH_ORDERS) with bench:orders'
// generator, starts apps/server/src/main.ts on it, and drives it with autocannon at 1, 10 and 20
// connections: the Orders list (rotating tabs and pages, with counts), phone search, name search,
// create, bulk status update of 100 orders, the intake API, and GET /health as the calibration (no
// database): each scenario's rps is also given as a ratio to the calibration's, so figures taken
// on a busy machine can be compared. BENCH_BASE_URL measures an already running server instead
// (an older commit, see docs/operations/bench-load.md); BENCH_SECONDS (default 10) per run;
// BENCH_CONNECTIONS (default 1,10,20); BENCH_KEEP_DB=1 keeps the database. BENCH_OLD_DIR=<a worktree of
// an older commit> also starts that commit's server on the same database and measures the read
// scenarios on both, one after the other at each step, in one run (bench-load-compare.ts).
// BENCH_INSTANCES=2 measures one instance against two behind a load balancer (bench-load-scale.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD, createBenchShop, log, percentile } from './bench-support.js';
import { migratedBenchDatabase, seedBenchDatabase } from './bench-support.js';
import { compareServers } from './bench-load-compare.js';
import { compareInstances } from './bench-load-scale.js';
import { freePort, startServer, stopServer } from './server-process.js';
import { logLoadAverageAtEnd, logMachine, logRun } from './bench-load-report.js';

export { startServer, stopServer };

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10,20').split(',').map(Number);
const BASE_URL = process.env.BENCH_BASE_URL?.replace(/\/$/, '');
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const SERVER = 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'cod_bench_load';
const OWNER = 'owner@bench-load.dz';
const OLD_DIR = process.env.BENCH_OLD_DIR ? path.resolve(process.env.BENCH_OLD_DIR) : null;
// 2: one instance against two behind a load balancer, on one database and Redis (bench-load-scale.ts).
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
// BENCH_SCENARIOS=intake runs the calibration and the scenarios whose name contains one of the words.
export const ONLY = process.env.BENCH_SCENARIOS?.split(',').map((word) => word.trim().toLowerCase());

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database with the bench shop: migrations, reference data, one shop of ORDERS orders. */
async function seedDatabase(url: string): Promise<number> {
  const started = performance.now();
  const database = await migratedBenchDatabase(url, 4);
  const shop = await createBenchShop(database, 'bench-load', OWNER);
  await database.close();
  await seedBenchDatabase(url, shop, ORDERS);
  return (performance.now() - started) / 1000;
}

type TJson = Record<string, unknown>;

/** What the scenarios need, read through the API like a client would (works on any server). */
export async function prepareShop(baseUrl: string) {
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as TJson;
  };
  const login = await call('POST', '/login', { email: OWNER, password: BENCH_PASSWORD });
  const auth = { authorization: `Bearer ${String(login.accessToken)}` };
  const get = (url: string) => call('GET', url, undefined, auth);
  const rowsOf = (page: TJson) => (page.data ?? []) as Array<TJson>;

  const sample: TJson[] = [];
  for (let page = 1; page <= 3; page++)
    sample.push(...rowsOf(await get(`/dashboard/orders?tab=all&per_page=100&page=${page * 7}`)));
  const delivered: number[] = [];
  let deliveredStatus = 0;
  for (let page = 1; page <= 20 && delivered.length < 4_000; page++) {
    const rows = rowsOf(await get(`/dashboard/orders?tab=delivered&per_page=100&page=${page}`));
    if (!rows.length) break;
    for (const row of rows) delivered.push(Number(row.id));
    deliveredStatus = Number(rows[0]!.status_id);
  }
  const products = rowsOf(await get('/dashboard/products')).filter((p) => !p.has_variants);
  const channel = await call(
    'POST',
    '/dashboard/sales-channels',
    { name: `Bench load ${Date.now()}`, icon: null, source_type: 'facebook', active: true },
    auth,
  );
  const intakeKey = JSON.stringify(channel).match(/"intake_key":"([^"]+)"/)?.[1];
  const totalAll = Number(((await get('/dashboard/orders?tab=all')).counts as TJson | undefined)?.all ?? 0);
  if (!sample.length || !products.length || delivered.length < 100 || !intakeKey || !deliveredStatus) {
    throw new Error('the bench shop is missing orders, products, delivered orders or a channel key');
  }
  return {
    auth,
    phones: sample.map((r) => String(r.customer_phone_1)),
    names: sample.map((r) => String(r.customer_full_name)),
    productId: Number(products[0]!.id),
    delivered,
    deliveredStatus,
    intakeKey,
    totalAll,
  };
}

export type TShop = Awaited<ReturnType<typeof prepareShop>>;

type TRequest = { path: string; body?: unknown; headers?: Record<string, string> };

export interface TScenario {
  name: string;
  method: 'GET' | 'POST';
  /** The i-th request (every connection draws from one counter, so requests rotate across them). */
  request: (i: number) => TRequest;
  /** Writes sent at a steady rate while the scenario runs (agents at work), not measured. */
  alongside?: { perSecond: number; request: (i: number) => TRequest & { method: 'POST' } };
}

// The list's pages are kept between writes (decision 0137): also measured while a shop writes.
const LIST_WRITES_PER_SECOND = Number(process.env.BENCH_LIST_WRITES ?? 2);

export function scenarios(shop: TShop): TScenario[] {
  const tabs = ['inProcess', 'ready', 'inDispatch', 'inDelivery', 'delivered', 'returned', 'cancelled', 'all'];
  const pages = Math.max(1, Math.min(40, Math.floor(shop.totalAll / 25 / 4)));
  const orderBody = (i: number, name: string) => ({
    customer_full_name: `${name} ${i}`,
    customer_phone_1: `06${String((i * 7919) % 100_000_000).padStart(8, '0')}`,
    state_id: 16,
    city_id: 1601,
    customer_address: 'Rue Larbi Ben Mhidi',
    products: [{ product_id: shop.productId, quantity: 1 + (i % 2) }],
  });
  const runId = crypto.randomBytes(4).toString('hex');
  // Every run counts its requests from 0: the intake keys count on across runs, or a later run
  // would only replay the stored answers of an earlier one.
  let intakeSerial = 0;
  const blocks = Math.floor(shop.delivered.length / 100);
  const agentsAtWork: TScenario['alongside'] = {
    perSecond: LIST_WRITES_PER_SECOND,
    request: (i) => ({
      method: 'POST',
      path: '/dashboard/orders/bulk-status-update',
      body: { status: shop.deliveredStatus, order_ids: [shop.delivered[i % shop.delivered.length]] },
    }),
  };
  return [
    { name: 'calibration GET /health (no database)', method: 'GET', request: () => ({ path: '/health' }) },
    {
      name: 'orders list (8 tabs, pages, counts)',
      method: 'GET',
      request: (i) => ({
        path: `/dashboard/orders?tab=${tabs[i % tabs.length]}&page=${1 + (Math.floor(i / 8) % pages)}`,
      }),
    },
    {
      name: `orders list while ${LIST_WRITES_PER_SECOND} status changes/s are written`,
      method: 'GET',
      request: (i) => ({
        path: `/dashboard/orders?tab=${tabs[i % tabs.length]}&page=${1 + (Math.floor(i / 8) % pages)}`,
      }),
      alongside: agentsAtWork,
    },
    {
      // A call centre's screens: the first page of the tabs agents work in, refetched after events.
      name: `orders list, first pages of 3 tabs, while ${LIST_WRITES_PER_SECOND} status changes/s are written`,
      method: 'GET',
      request: (i) => ({ path: `/dashboard/orders?tab=${['inProcess', 'all', 'ready'][i % 3]}` }),
      alongside: agentsAtWork,
    },
    {
      name: 'search by phone',
      method: 'GET',
      request: (i) => ({ path: `/dashboard/orders?tab=all&search=${shop.phones[i % shop.phones.length]}` }),
    },
    {
      name: 'search by full name',
      method: 'GET',
      request: (i) => ({
        path: `/dashboard/orders?tab=all&search=${encodeURIComponent(shop.names[i % shop.names.length]!)}`,
      }),
    },
    {
      name: 'create order',
      method: 'POST',
      request: (i) => ({ path: '/dashboard/orders', body: orderBody(i, 'Client Bench') }),
    },
    {
      name: 'bulk status update (100 orders)',
      method: 'POST',
      request: (i) => {
        const start = (i % blocks) * 100;
        return {
          path: '/dashboard/orders/bulk-status-update',
          body: { status: shop.deliveredStatus, order_ids: shop.delivered.slice(start, start + 100) },
        };
      },
    },
    {
      name: 'intake POST /api/orders',
      method: 'POST',
      request: (i) => ({
        path: '/api/orders',
        body: { ...orderBody(i, 'Client Intake'), sales_source: 'facebook', campaign_id: 'bench' },
        headers: { 'x-intake-key': shop.intakeKey, 'idempotency-key': `load-${runId}-${intakeSerial++}` },
      }),
    },
  ];
}

export interface TRow {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  load: number;
}

/** One autocannon run of a scenario; latencies of every answer kept for the percentiles. */
export function run(
  baseUrl: string,
  shop: Pick<TShop, 'auth'>,
  scenario: TScenario,
  connections: number,
): Promise<TRow> {
  let next = 0;
  const times: number[] = [];
  const headers = scenario.name.startsWith('intake') ? {} : shop.auth;
  const writer = scenario.alongside ? writeAlongside(baseUrl, headers, scenario.alongside) : null;
  return new Promise<TRow>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: SECONDS,
        timeout: 30,
        requests: [
          {
            method: scenario.method,
            setupRequest: (request) => {
              const { path: url, body, headers: extra } = scenario.request(next++);
              return {
                ...request,
                method: scenario.method,
                path: url,
                headers: {
                  ...headers,
                  ...extra,
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(body === undefined ? {} : { body: JSON.stringify(body) }),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({
          scenario: scenario.name,
          connections,
          rps: times.length / result.duration,
          p50: times.length ? percentile(times, 50) : NaN,
          p95: times.length ? percentile(times, 95) : NaN,
          p99: times.length ? percentile(times, 99) : NaN,
          failed: result.non2xx + result.errors + result.timeouts,
          load: os.loadavg()[0]!,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status < 300) times.push(ms);
    });
  }).finally(() => writer?.stop());
}

/** Sends the scenario's writes at their rate until stopped; a failed write stops the bench. */
function writeAlongside(
  baseUrl: string,
  headers: Record<string, string>,
  alongside: NonNullable<TScenario['alongside']>,
): { stop: () => Promise<void> } {
  let i = 0;
  const sent: Array<Promise<void>> = [];
  const timer = setInterval(() => {
    const { path: url, body, method } = alongside.request(i++);
    sent.push(
      fetch(`${baseUrl}${url}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => {
        if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      }),
    );
  }, 1000 / alongside.perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(sent);
    },
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let url: string | null = null;
  let seededIn = 0;
  try {
    let baseUrl = BASE_URL;
    if (!baseUrl) {
      url = process.env.BENCH_DATABASE_URL ?? `${SERVER}/${DB_NAME}`;
      if (!process.env.BENCH_DATABASE_URL) {
        await admin(async (c) => {
          await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
          await c.query(`CREATE DATABASE ${DB_NAME}`);
        });
      }
      seededIn = await seedDatabase(url);
      log(`seeded ${ORDERS.toLocaleString('en')} orders in ${seededIn.toFixed(1)} s`);
      if (OLD_DIR) {
        await compareServers({
          url,
          oldDir: OLD_DIR,
          seconds: SECONDS,
          connections: CONNECTIONS,
          orders: ORDERS,
          seededIn,
        });
        return;
      }
      if (INSTANCES === 2) {
        await compareInstances({ url, seconds: SECONDS, connections: CONNECTIONS, orders: ORDERS, seededIn, freePort });
        return;
      }
      server = await startServer(url);
      baseUrl = server.baseUrl;
    }
    const shop = await prepareShop(baseUrl);
    const rows: TRow[] = [];
    const list = scenarios(shop).filter(
      (s) => !ONLY || s.name.startsWith('calibration') || ONLY.some((word) => s.name.toLowerCase().includes(word)),
    );
    for (const connections of CONNECTIONS) {
      for (const scenario of list) {
        const row = await run(baseUrl, shop, scenario, connections);
        rows.push(row);
        logRun(row);
      }
    }
    report(rows, baseUrl, seededIn, started);
  } finally {
    if (server) {
      await stopServer(server.child);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    if (url && !KEEP_DB && !process.env.BENCH_DATABASE_URL) {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
    }
  }
}

function report(rows: TRow[], baseUrl: string, seededIn: number, started: number): void {
  const calibration = new Map(
    rows.filter((r) => r.scenario.startsWith('calibration')).map((r) => [r.connections, r.rps]),
  );
  log(
    `\nbench:load against ${BASE_URL ? `${baseUrl} (BENCH_BASE_URL)` : `a server started here on ${DB_NAME}`}, ${new Date().toISOString()}`,
  );
  logMachine();
  if (!BASE_URL) log(`data: ${ORDERS.toLocaleString('en')} orders in one shop, seeded in ${seededIn.toFixed(0)} s`);
  log(`autocannon, ${SECONDS} s per run; ratio = the scenario's rps / the calibration's rps at the same connections\n`);
  log('| scenario | conns | rps | p50 ms | p95 ms | p99 ms | ratio to calibration | failed | load avg 1 min |');
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const calib = calibration.get(r.connections);
    const ratio = calib ? r.rps / calib : NaN;
    log(
      `| ${r.scenario} | ${r.connections} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${ratio.toFixed(4)} | ${r.failed} | ${r.load.toFixed(2)} |`,
    );
  }
  logLoadAverageAtEnd();
  log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
