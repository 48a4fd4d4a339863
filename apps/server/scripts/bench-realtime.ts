// `npm run bench:realtime` (issue 7): 1,000 socket.io-client sockets across 2 server instances (two
// processes, buildApp + listen on 127.0.0.1), 100 OrderCreated events per second for 10 s committed
// alternately on each instance, then the p50/p95 delay from commit to delivery and each server's
// memory per connected socket. Target: p95 < 150 ms. Bounded: everything on 127.0.0.1, stops by itself.
//
// BENCH_ADAPTERS: comma-separated, default "redis,postgres" (redis skipped when it does not answer).
// BENCH_DATABASE_URL picks the database; by default cod_bench_realtime is (re)created on the local server.
// The delay is measured from the moment the transaction has committed and its event is handed to the
// fan-out (a listener registered before the real-time layer stamps it) to the client's 'OrderCreated'.
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { newOpaqueToken } from '../src/lib/secrets.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';
import { startInstance, waitForMesh, type TInstance } from '../test/realtime/support/cluster.js';
import { connect } from '../test/realtime/support/sockets.js';
import { redisAnswers } from '../test/support/redis.js';
import { freshDatabaseUrl } from './bench-support.js';

const SOCKETS = 1000;
const TENANTS = 10;
const USERS_PER_TENANT = 20; // 5 tabs each: 100 sockets per tenant, 50 on each instance
const RATE_PER_S = 100;
const SECONDS = 10;
const TARGET_P95_MS = 150;
const DEFAULT_DB = 'cod_bench_realtime';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HARD_LIMIT_MS = 110_000;

const started = performance.now();
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const loadNow = () => os.loadavg()[0]!.toFixed(1);
const loadAtStart = loadNow();
const now = () => performance.timeOrigin + performance.now();
// Never outlive the bound, whatever hangs: children exit with us (their IPC channel closes).
setTimeout(() => {
  console.error(`bench:realtime: stopped after ${HARD_LIMIT_MS / 1000} s`);
  process.exit(2);
}, HARD_LIMIT_MS).unref();

interface TShop {
  id: number;
  tokens: string[];
}

/** 10 shops of 20 users who see every order, one bearer token each (inserted: no argon2 per user). */
async function seed(database: Database): Promise<TShop[]> {
  const shops: TShop[] = [];
  const stamp = Date.now().toString(36);
  for (let t = 0; t < TENANTS; t++) {
    const { tenant, ownerId, roleIds } = await createTenant(database.db, {
      cq_name: `bench-rt-${stamp}-${t}`,
      owner_email: `owner-${stamp}-${t}@bench.dz`,
      owner_password: 'bench-password-123',
    });
    const managers = await database.db.execute(
      sql`insert into users (tenant_id, name, email, password_hash, role_id)
          select ${tenant.id}, 'Manager ' || i, 'm' || i || ${`-${stamp}-${t}@bench.dz`}, 'no-login', ${roleIds.get('Manager')!}
          from generate_series(1, ${USERS_PER_TENANT - 1}) i returning id`,
    );
    const userIds = [ownerId, ...(managers as unknown as { rows: { id: number }[] }).rows.map((r) => r.id)];
    const tokens = userIds.map(() => newOpaqueToken());
    const expires = new Date(Date.now() + 24 * 3600 * 1000);
    for (const [i, userId] of userIds.entries()) {
      await database.db.execute(
        sql`insert into auth_tokens (tenant_id, user_id, token_hash, expires_at)
            values (${tenant.id}, ${userId}, ${tokens[i]!.hash}, ${expires})`,
      );
    }
    shops.push({ id: tenant.id, tokens: tokens.map((x) => x.token) });
  }
  return shops;
}

// Socket n: shop n % 10, user q % 20 and tab q / 20 with q = n / 10; the instance alternates with the
// user and with the tab, so every shop and every user has sockets on both instances (500 each).
/** The orders module's TOrderEventPayload for a new order (one event per order), with a full row. */
function orderEvent(id: number) {
  const now = new Date().toISOString();
  const status = { id: 1, name: 'new', display_name: 'New', color: '#2196f3', type: 'new' };
  return {
    change: 'created',
    order: {
      id,
      order_number: id,
      tracking_number: null,
      customer_id: id,
      customer_full_name: 'Amina Benali',
      customer_phone_1: '0555123456',
      customer_phone_2: null,
      state_id: 16,
      city_id: 1601,
      customer_address: 'Cité 200 logements, bloc B',
      agent_id: null,
      agent: null,
      total: 4500,
      delivery_price: 400,
      free_delivery: false,
      sales_source: 'facebook',
      note: null,
      latest_status: { status, description: null, created_at: now },
      products: [{ id: 1, product_id: 12, variant_id: null, quantity: 1, price: 4100, product_name: 'Robe rouge' }],
      created_at: now,
      updated_at: now,
      deleted_at: null,
    },
    tabs_before: [],
    tabs_after: ['inProcess'],
    agent_id_before: null,
    actor_id: 1,
  };
}

const instanceOf = (n: number) => (Math.floor(n / TENANTS) + Math.floor(n / (TENANTS * USERS_PER_TENANT))) % 2;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

interface TResult {
  adapter: string;
  connectSeconds: number;
  delays: number[];
  local: number[];
  remote: number[];
  clientLagP99: number;
  serverCpu: number;
  clientCpu: number;
  expected: number;
  published: number;
  heapPerSocket: number;
  rssPerSocket: number;
}

async function run(adapter: 'redis' | 'postgres', url: string, shops: TShop[]): Promise<TResult> {
  const env = { DATABASE_URL: url, REALTIME_ADAPTER: adapter, ...(adapter === 'redis' ? { REDIS_URL } : {}) };
  const instances: TInstance[] = await Promise.all([
    startInstance(env, { exposeGc: true }),
    startInstance(env, { exposeGc: true }),
  ]);
  const sockets: Socket[] = [];
  try {
    await waitForMesh(instances);
    const before = await Promise.all(instances.map((i) => i.memory()));

    // Half of each event's deliveries go through the adapter to the other instance.
    const delays: number[] = [];
    // Split by whether the socket sits on the instance that committed (no adapter hop) or the other.
    const local: number[] = [];
    const remote: number[] = [];
    const connectStart = performance.now();
    for (let k = 0; k < SOCKETS; k += 50) {
      const batch = Array.from({ length: Math.min(50, SOCKETS - k) }, (_, j) => {
        const n = k + j;
        const shop = shops[n % TENANTS]!;
        return connect(instances[instanceOf(n)]!.url, shop.tokens[Math.floor(n / TENANTS) % USERS_PER_TENANT]!);
      });
      for (const socket of await Promise.all(batch)) {
        const on = instanceOf(sockets.length);
        socket.on('OrderCreated', (payload: { committed_at?: number; via?: number }) => {
          if (typeof payload.committed_at !== 'number') return;
          const delay = now() - payload.committed_at;
          delays.push(delay);
          (payload.via === on ? local : remote).push(delay);
        });
        sockets.push(socket);
      }
    }
    const connectSeconds = (performance.now() - connectStart) / 1000;
    await new Promise((r) => setTimeout(r, 1500)); // presence writes of the connects settle
    const after = await Promise.all(instances.map((i) => i.memory()));
    const perSocket = (key: 'heapUsed' | 'rss') =>
      instances.reduce((sum, _i, n) => sum + (after[n]![key] - before[n]![key]) / Math.max(1, after[n]!.sockets), 0) /
      instances.length;

    // 100 events/s, paced against the clock, committed alternately on each instance: one second of
    // warm-up (delivered, not measured), then 10 s measured.
    const total = RATE_PER_S * SECONDS;
    const warmup = RATE_PER_S;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const clientCpuStart = cpuMs();
    const publishStart = performance.now();
    const replies: Promise<unknown>[] = [];
    for (let e = -warmup; e < total; e++) {
      const due = publishStart + ((e + warmup) * 1000) / RATE_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (e === 0) loop.enable();
      const shop = shops[(e + warmup) % TENANTS]!;
      const payload = { ...orderEvent(e + warmup + 1), stamp: e >= 0, via: (e + warmup) % 2 };
      replies.push(
        instances[(e + warmup) % 2]!.publish(shop.id, [{ type: 'OrderCreated', tenantId: shop.id, payload }]),
      );
    }
    await Promise.all(replies);
    const publishMs = performance.now() - publishStart;
    const expected = total * (SOCKETS / TENANTS);
    const settleUntil = performance.now() + 5000;
    while (delays.length < expected && performance.now() < settleUntil) await new Promise((r) => setTimeout(r, 50));
    loop.disable();
    const end = await Promise.all(instances.map((i) => i.memory()));
    const clientCpuMs = cpuMs() - clientCpuStart;
    const serverCpuMs = end.reduce((sum, m, n) => sum + m.cpuMs - after[n]!.cpuMs, 0);
    return {
      adapter,
      connectSeconds,
      delays: delays.sort((a, b) => a - b),
      local: local.sort((a, b) => a - b),
      remote: remote.sort((a, b) => a - b),
      clientLagP99: loop.percentile(99) / 1e6,
      // Share of one core over the publishing phase: both servers together, and the bench's clients.
      serverCpu: serverCpuMs / publishMs,
      clientCpu: clientCpuMs / publishMs,
      expected,
      published: total,
      heapPerSocket: perSocket('heapUsed'),
      rssPerSocket: perSocket('rss'),
    };
  } finally {
    sockets.forEach((s) => s.close());
    await Promise.all(instances.map((i) => i.stop()));
  }
}

async function main(): Promise<void> {
  const wanted = (process.env.BENCH_ADAPTERS ?? 'redis,postgres').split(',').map((s) => s.trim());
  const adapters = wanted.filter((a): a is 'redis' | 'postgres' => a === 'redis' || a === 'postgres');
  const redisUp = await redisAnswers(REDIS_URL);
  const url = await freshDatabaseUrl(DEFAULT_DB);
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await migrate(database);
  const shops = await seed(database);
  await database.close();

  const results: TResult[] = [];
  for (const adapter of adapters) {
    if (adapter === 'redis' && !redisUp) {
      console.log(`redis: skipped (nothing answers at ${REDIS_URL})`);
      continue;
    }
    results.push(await run(adapter, url, shops));
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`bench:realtime on PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}, ${SOCKETS} sockets across 2 instances`);
  console.log(
    `${TENANTS} shops x ${USERS_PER_TENANT} users x 5 tabs; ${RATE_PER_S} OrderCreated/s for ${SECONDS} s, each to its shop's ${SOCKETS / TENANTS} sockets`,
  );
  console.log('delay = client receive time - commit time (same machine clock)');
  // Shared 2-core machine: the tail follows whatever else runs, so say how busy it was.
  console.log(`load average at start ${loadAtStart}, at end ${loadNow()} (${os.cpus().length} CPUs)`);
  let passed = results.length > 0;
  for (const r of results) {
    const [p50, p95, p99, max] = [50, 95, 99, 100].map((p) => percentile(r.delays, p));
    const ok = p95! < TARGET_P95_MS && r.delays.length === r.expected;
    if (!ok) passed = false;
    console.log(
      `${r.adapter.padEnd(8)} delivered ${r.delays.length}/${r.expected}  p50 ${p50!.toFixed(1)} ms  p95 ${p95!.toFixed(1)} ms  ` +
        `p99 ${p99!.toFixed(1)} ms  max ${max!.toFixed(1)} ms  | per socket: heap ${kb(r.heapPerSocket)}, RSS ${kb(r.rssPerSocket)}  ` +
        `| ${SOCKETS} connected in ${r.connectSeconds.toFixed(1)} s  ${ok ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `         same instance p50/p95 ${percentile(r.local, 50).toFixed(1)}/${percentile(r.local, 95).toFixed(1)} ms, ` +
        `through the adapter ${percentile(r.remote, 50).toFixed(1)}/${percentile(r.remote, 95).toFixed(1)} ms; ` +
        `bench client event-loop lag p99 ${r.clientLagP99.toFixed(1)} ms; ` +
        `CPU: servers ${(r.serverCpu * 100).toFixed(0)} % of a core, clients ${(r.clientCpu * 100).toFixed(0)} %`,
    );
  }
  console.log(`target p95 < ${TARGET_P95_MS} ms with every event delivered: ${passed ? 'PASS' : 'FAIL'}`);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(passed ? 0 : 1);
}

await main();
