// `npm run bench:orders` (issue 4): on PostgreSQL, a shop with 1,000,000 orders among 9 other shops;
// p50/p95 of the Orders screen's requests through the real routes (auth, tenant transaction, queries,
// JSON) and the intake API's throughput. Targets: list with counts p95 < 60 ms, search p95 < 80 ms,
// intake >= 500 orders/s. BENCH_DATABASE_URL picks the database; by default a fresh
// cod_bench_orders is (re)created on the local server. BENCH_ORDERS overrides the million.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rows } from '../src/db/client.js';
import { withTenant } from '../src/db/tenant-context.js';
import { hashPassword } from '../src/lib/secrets.js';
import { createChannel } from '../src/modules/sales-channels/sales-channels.service.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';
import { finishSeed, prepareSeed, seedShop } from './bench-orders-seed.js';
import { appWithOwner, BENCH_PASSWORD, freshBenchDatabase, log, percentile } from './bench-support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const OTHER_SHOPS = 9;
const OTHER_ORDERS = 20_000;
const REQUESTS = 200;
const INTAKE_ORDERS = 3_000;
const INTAKE_CONCURRENCY = 16;
const TARGETS = { list: 60, search: 80, intake: 500 };
const DEFAULT_DB = 'cod_bench_orders';

async function main(): Promise<void> {
  const started = performance.now();
  const { url, database } = await freshBenchDatabase(DEFAULT_DB, 10);
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  const shops: Array<{ tenantId: number; ownerId: number; roleId: number; orders: number }> = [];
  for (let s = 0; s <= OTHER_SHOPS; s++) {
    const created = await createTenant(database.db, {
      cq_name: s === 0 ? 'bench-orders' : `bench-neighbour-${s}`,
      owner_email: s === 0 ? 'owner@bench-orders.dz' : `owner${s}@bench-orders.dz`,
      owner_password: BENCH_PASSWORD,
    });
    shops.push({
      tenantId: created.tenant.id,
      ownerId: created.ownerId,
      roleId: created.roleIds.get('Support Agent')!,
      orders: s === 0 ? ORDERS : OTHER_ORDERS,
    });
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await prepareSeed(client);
  let idStart = 0;
  // Neighbours first: the big shop's orders are the newest rows of the table, like a busy shop's.
  for (const shop of [...shops.slice(1), shops[0]!]) {
    const t0 = performance.now();
    await seedShop(client, {
      tenantId: shop.tenantId,
      ownerId: shop.ownerId,
      roleId: shop.roleId,
      passwordHash,
      orders: shop.orders,
      idStart,
      customers: Math.round(shop.orders / 2.5),
      products: shop.orders >= 100_000 ? 300 : 60,
      agents: shop.orders >= 100_000 ? 20 : 5,
      days: shop.orders >= 100_000 ? 730 : 365,
    });
    idStart += shop.orders;
    log(
      `seeded shop ${shop.tenantId}: ${shop.orders.toLocaleString('en')} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  await finishSeed(client);
  // Steady state: autovacuum has run (visibility map set, statistics fresh).
  await client.query('vacuum analyze');
  await client.end();
  const seededIn = (performance.now() - started) / 1000;
  log(`seeded in ${seededIn.toFixed(1)} s`);

  const { app, headers } = await appWithOwner(database, url, 'cod-bench-orders', 'owner@bench-orders.dz');
  const big = shops[0]!;

  const sample = await rows<{
    phone: string;
    name: string;
    agent_id: number | null;
    product_id: number;
    number: number;
  }>(
    database.db,
    sql`select o.customer_phone_1 as phone, o.customer_full_name as name, o.agent_id, l.product_id, o.order_number as number
        from orders o join order_lines l on l.tenant_id = o.tenant_id and l.order_id = o.id and l.position = 0
        where o.tenant_id = ${big.tenantId} and o.id % 997 = 0 order by o.id desc limit ${REQUESTS}`,
  );
  const agents = sample.map((s) => s.agent_id).filter((a): a is number => a !== null);
  const spell = (phone: string, i: number) =>
    [
      phone,
      `+213 ${phone.slice(1, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`,
      `${phone.slice(0, 4)}-${phone.slice(4)}`,
    ][i % 3]!;
  const tabs = ['inProcess', 'ready', 'inDispatch', 'inDelivery', 'delivered', 'returned', 'cancelled', 'all'];
  const combined = [
    (i: number) => `date=this_month&agent=${agents[i % agents.length]}&state=16&tab=all`,
    (i: number) => `source=facebook&state=31&date=last_7_days&tab=inDelivery&page=${1 + (i % 2)}`,
    (i: number) =>
      `product=${sample[i % sample.length]!.product_id}&agent=${agents[i % agents.length]}&date=last_month&tab=delivered`,
  ];

  const scenarios: Array<{ name: string; gate?: keyof typeof TARGETS; url: (i: number) => string }> = [
    ...tabs.map((tab) => ({
      name: `first page ${tab}`,
      gate: 'list' as const,
      url: () => `/dashboard/orders?tab=${tab}`,
    })),
    { name: 'first page deleted', gate: 'list', url: () => '/dashboard/orders/deleted' },
    { name: 'deep page (all, page 400)', gate: 'list', url: (i) => `/dashboard/orders?tab=all&page=${400 + (i % 5)}` },
    { name: 'three combined filters', gate: 'list', url: (i) => `/dashboard/orders?${combined[i % 3]!(i)}` },
    {
      name: 'agent filter (date: all)',
      gate: 'list',
      url: (i) => `/dashboard/orders?agent=${agents[i % agents.length]}`,
    },
    {
      name: 'search by phone',
      gate: 'search',
      url: (i) => `/dashboard/orders?tab=all&search=${encodeURIComponent(spell(sample[i % sample.length]!.phone, i))}`,
    },
    {
      name: 'search by full name',
      gate: 'search',
      url: (i) => `/dashboard/orders?tab=all&search=${encodeURIComponent(sample[i % sample.length]!.name)}`,
    },
    {
      name: 'search by order number',
      gate: 'search',
      url: (i) => `/dashboard/orders?tab=all&search=${sample[i % sample.length]!.number}`,
    },
    {
      name: 'search by one name word',
      url: (i) =>
        `/dashboard/orders?tab=all&search=${encodeURIComponent(sample[i % sample.length]!.name.split(' ').at(-1)!)}`,
    },
  ];

  const loadBefore = os.loadavg()[0]!;
  const results: string[] = [];
  const failures: string[] = [];
  for (const scenario of scenarios) {
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: scenario.url(i), headers }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url: scenario.url(i), headers });
      times.push(performance.now() - t0);
      if (response.statusCode !== 200)
        throw new Error(`${scenario.name}: ${scenario.url(i)} answered ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
    const target = scenario.gate ? TARGETS[scenario.gate] : undefined;
    if (target !== undefined && p95 >= target)
      failures.push(`${scenario.name} p95 ${p95.toFixed(1)} ms >= ${target} ms`);
    results.push(
      `| ${scenario.name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${target !== undefined ? `< ${target}` : 'not gated'} |`,
    );
  }

  // Intake: a channel key, new customers, concurrent requests through the real route.
  const channel = await withTenant(database.db, big.tenantId, (tx) =>
    createChannel(
      tx,
      { tenantId: big.tenantId, userId: big.ownerId, ip: null },
      {
        name: 'Bench landing page',
        icon: null,
        source_type: 'facebook',
        active: true,
      },
    ),
  );
  const [simple] = await rows<{ id: number }>(
    database.db,
    sql`select id from products where tenant_id = ${big.tenantId} and not has_variants order by id limit 1`,
  );
  const body = (i: number) => ({
    customer_full_name: `Client Intake ${i}`,
    customer_phone_1: `06${String(10_000_000 + i).padStart(8, '0')}`,
    state_id: 16,
    city_id: 1601,
    customer_address: 'Rue Larbi Ben Mhidi',
    products: [{ product_id: simple!.id, quantity: 1 + (i % 2) }],
    sales_source: 'facebook',
    campaign_id: 'bench',
    source_metadata: { utm_source: 'bench' },
  });
  const post = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-intake-key': channel.intake_key, 'idempotency-key': `bench-${i}` },
      payload: body(i),
    });
  for (let i = 0; i < 50; i++) await post(1_000_000 + i); // warm-up
  let next = 0;
  const intakeStart = performance.now();
  await Promise.all(
    Array.from({ length: INTAKE_CONCURRENCY }, async () => {
      while (next < INTAKE_ORDERS) {
        const i = next++;
        const response = await post(i);
        if (response.statusCode !== 201) throw new Error(`intake ${i}: ${response.statusCode} ${response.body}`);
      }
    }),
  );
  const perSecond = INTAKE_ORDERS / ((performance.now() - intakeStart) / 1000);
  if (perSecond < TARGETS.intake) failures.push(`intake ${perSecond.toFixed(0)} orders/s < ${TARGETS.intake}`);
  await app.close();
  await database.close();

  log(`\nbench:orders on PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}, ${new Date().toISOString()}`);
  log(
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`,
  );
  // Others' work shares the two cores: the figures depend on it.
  log(`load average (1 min): ${loadBefore.toFixed(1)} before the requests, ${os.loadavg()[0]!.toFixed(1)} after`);
  log(
    `data: ${ORDERS.toLocaleString('en')} orders in one shop (730 days, 20 agents, 300 products) + ${OTHER_SHOPS} shops x ${OTHER_ORDERS.toLocaleString('en')}; seeded in ${seededIn.toFixed(0)} s`,
  );
  log(
    `${REQUESTS} sequential requests per scenario through app.inject (auth, tenant transaction, page + nine counts + rows, JSON)\n`,
  );
  log('| scenario | p50 ms | p95 ms | target p95 ms |');
  log('| --- | ---: | ---: | --- |');
  for (const line of results) log(line);
  log(
    `| intake POST /api/orders (${INTAKE_CONCURRENCY} concurrent, ${INTAKE_ORDERS} orders, Idempotency-Key each) | ${perSecond.toFixed(0)} orders/s | | >= ${TARGETS.intake} orders/s |`,
  );
  log(failures.length ? `\nMISSED: ${failures.join('; ')}` : '\nall targets met');
  log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length) process.exitCode = 1;
}

await main();
