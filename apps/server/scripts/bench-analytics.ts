// `npm run bench:analytics` (issue 14.6): on PostgreSQL, the bench:orders shop (1,000,000 orders over
// two years, BENCH_ORDERS overrides) with its analytics rollups rebuilt; p50/p95 of every analytics
// view's requests for a 90-day range through the real route, and the rollup maintenance's added cost
// on a status change (the same PATCH with the analytics triggers on and off, interleaved in one run).
// Targets: each view p95 < 150 ms; maintenance adds < 2 ms p95. BENCH_DATABASE_URL picks the database;
// with BENCH_REUSE=1 a database that already holds the bench shop (a previous run's) is migrated and
// measured again without seeding and rebuilding (a 1,000,000-order seed takes most of an hour here).
// A calibration figure (a fixed CPU loop in Node and in PostgreSQL, and the load average) is printed
// with the results, so runs on a loaded machine can be compared.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, ZAnalyticsQuery } from '@cod/shared';
import { rows } from '../src/db/client.js';
import { hashPassword } from '../src/lib/secrets.js';
import { accountingReport } from '../src/modules/analytics/accounting.service.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';
import { finishSeed, prepareSeed, seedShop } from './bench-orders-seed.js';
import { appWithOwner, BENCH_PASSWORD, freshBenchDatabase, log, percentile } from './bench-support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
// The accounting view's direct computation (the code before decision 0124) takes seconds per read.
const DIRECT_READS = Number(process.env.BENCH_DIRECT_READS ?? 3);
const TARGETS = { view: 150, maintenance: 2 };
const DEFAULT_DB = 'cod_bench_analytics';
const REUSE = process.env.BENCH_REUSE === '1';
const TRIGGERS = [
  'orders orders_analytics_insert',
  'orders orders_analytics_update',
  'orders orders_analytics_delete',
  'order_lines order_lines_analytics_insert',
  'order_lines order_lines_analytics_update',
  'order_lines order_lines_analytics_delete',
  'fulfillment_statuses fulfillment_statuses_analytics_insert',
];

/** Milliseconds of a fixed amount of work in Node and in PostgreSQL (best of three), and the load. */
async function calibration(client: pg.Client): Promise<string> {
  let node = Infinity;
  let database = Infinity;
  for (let round = 0; round < 3; round++) {
    let t0 = performance.now();
    let x = 0;
    for (let i = 0; i < 50_000_000; i++) x = (x + i * 7) % 1_000_003;
    node = Math.min(node, performance.now() - t0 + (x < 0 ? 1 : 0));
    t0 = performance.now();
    await client.query('select sum(i * 7 % 1000003) from generate_series(1, 3000000) i');
    database = Math.min(database, performance.now() - t0);
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `calibration: Node loop ${node.toFixed(0)} ms, PostgreSQL generate_series ${database.toFixed(0)} ms, load average ${load}`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { url, database } = await freshBenchDatabase(DEFAULT_DB, 10);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: existing } = await client.query<{ id: number }>(
    `select id from tenants where cq_name = 'bench-analytics'`,
  );
  let tenantId: number;
  let rebuildS: number | null = null;
  if (REUSE && existing[0]) {
    tenantId = existing[0].id;
    log(`reusing the seeded shop ${tenantId} (BENCH_REUSE=1): no seed, no rebuild`);
    // A migration may just have built tables and indexes: statistics first.
    await client.query(`analyze analytics_rollups, analytics_rollups_weekly, analytics_order_facts, analytics_dirty,
      analytics_money_parts, analytics_money_rollups, analytics_money_pool_counts`);
  } else {
    ({ tenantId, rebuildS } = await seedAndRebuild(client, database, started));
  }
  const { rows: sizes } = await client.query<{ facts: number; rollups: number; weekly: number }>(
    `select (select count(*)::int from analytics_order_facts where tenant_id = ${tenantId}) as facts,
            (select count(*)::int from analytics_rollups where tenant_id = ${tenantId}) as rollups,
            (select count(*)::int from analytics_rollups_weekly where tenant_id = ${tenantId}) as weekly`,
  );
  log(`${sizes[0]!.facts} facts, ${sizes[0]!.rollups} daily and ${sizes[0]!.weekly} weekly rollup rows`);
  // A reused database seeded before the money existed gets it now (its orders noted, folded below).
  await seedMoney(client, tenantId);
  const { rows: money } = await client.query<{ parts: number; rollups: number; counts: number }>(
    `select (select count(*)::int from analytics_money_parts where tenant_id = ${tenantId}) as parts,
            (select count(*)::int from analytics_money_rollups where tenant_id = ${tenantId}) as rollups,
            (select count(*)::int from analytics_money_pool_counts where tenant_id = ${tenantId}) as counts`,
  );
  log(
    `accounting: ${money[0]!.parts} money parts, ${money[0]!.rollups} rollup rows, ${money[0]!.counts} pool count rows`,
  );
  const calibrationBefore = await calibration(client);
  log(calibrationBefore);
  await measure(client, url, database, tenantId, rebuildS, sizes[0]!, calibrationBefore);
}

/** The bench:orders shop seeded (triggers off) and its analytics rebuilt; answers its id. */
async function seedAndRebuild(
  client: pg.Client,
  database: Awaited<ReturnType<typeof freshBenchDatabase>>['database'],
  started: number,
): Promise<{ tenantId: number; rebuildS: number }> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const created = await createTenant(database.db, {
    cq_name: 'bench-analytics',
    owner_email: 'owner@bench-analytics.dz',
    owner_password: BENCH_PASSWORD,
  });
  const tenantId = created.tenant.id;
  await prepareSeed(client);
  await seedShop(client, {
    tenantId,
    ownerId: created.ownerId,
    roleId: created.roleIds.get('Support Agent')!,
    passwordHash,
    orders: ORDERS,
    idStart: 0,
    customers: Math.round(ORDERS / 2.5),
    products: ORDERS >= 100_000 ? 300 : 60,
    agents: ORDERS >= 100_000 ? 20 : 5,
    days: ORDERS >= 100_000 ? 730 : 365,
  });
  await finishSeed(client);
  // The money first, so the rebuild below sums it (its triggers would note every order it prices).
  await seedMoney(client, tenantId);
  log(`seeded ${ORDERS.toLocaleString('en')} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.query('analyze');
  // The seed bypasses the triggers: the rebuild command's work, timed.
  const t0 = performance.now();
  await client.query(`select app_analytics_rebuild(${tenantId})`);
  const rebuildS = (performance.now() - t0) / 1000;
  log(`rebuilt rollups in ${rebuildS.toFixed(1)} s`);
  await client.query('vacuum analyze');
  return { tenantId, rebuildS };
}

/**
 * The money the accounting view reads (the bench:orders seed has none): for the last 120 days, ad
 * spend on each of the seed's 12 campaigns and on two sources without a campaign every day, and an
 * earned commission for each confirmed-or-later order with an agent. Written once per database
 * (a reused shop keeps them). The commission lines note their orders for the fold (decision 0134):
 * a fresh seed writes them before its rebuild.
 */
async function seedMoney(client: pg.Client, tenantId: number): Promise<void> {
  const {
    rows: [existing],
  } = await client.query<{ n: number }>(`select count(*)::int as n from expenses where tenant_id = ${tenantId}`);
  if (existing!.n > 0) return;
  const t0 = performance.now();
  await client.query(`insert into money_categories (tenant_id, direction, code)
    select ${tenantId}, 'expense', 'ads' where not exists
      (select 1 from money_categories where tenant_id = ${tenantId} and direction = 'expense' and code = 'ads')`);
  await client.query(`insert into cash_boxes (tenant_id, kind, name) values (${tenantId}, 'bank', 'Bench ads')`);
  await client.query(`insert into expenses (tenant_id, spent_on, amount_centimes, category_id, box_id, sales_source, campaign_id)
    select ${tenantId}, d::date, 500000 + abs(hashint4(c * 1000 + extract(doy from d)::int)) % 2000000,
      (select id from money_categories where tenant_id = ${tenantId} and direction = 'expense' and code = 'ads' limit 1),
      (select max(id) from cash_boxes where tenant_id = ${tenantId}),
      case when c < 12 then 'facebook' when c = 12 then 'tiktok' else 'facebook' end,
      case when c < 12 then 'camp-' || c end
    from generate_series(current_date - 120, current_date, interval '1 day') d, generate_series(0, 13) c`);
  await client.query(`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, occurred_at)
    select tenant_id, id, agent_id, 'earned', 'confirmed', 15000, created_at + interval '1 hour'
    from orders where tenant_id = ${tenantId} and agent_id is not null and deleted_at is null
      and status_type in ('confirmed', 'inDispatch', 'follow-up', 'delivered', 'returned')
      and created_at >= now() - interval '120 days'
    on conflict do nothing`);
  await client.query('analyze expenses, agent_commissions');
  log(`ad spend and commissions of the last 120 days written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The accounting view's 90-day read computing every order's facts from its history (the code before
 * decision 0124), timed through the service in the same run as the route's stored-facts read, and
 * checked equal to it.
 */
async function accountingDirect(
  database: Awaited<ReturnType<typeof freshBenchDatabase>>['database'],
  tenantId: number,
  query: string,
): Promise<{ p50: number; p95: number; n: number }> {
  const [owner] = await rows<{ id: number }>(
    database.db,
    sql`select id from users where tenant_id = ${tenantId} and email = 'owner@bench-analytics.dz'`,
  );
  const actor = { tenantId, userId: owner!.id, timeZone: 'Africa/Algiers', seesAll: true };
  const parsed = ZAnalyticsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  const deps = { db: database.db };
  const now = new Date();
  const stored = await accountingReport(deps, actor, parsed, now, 'stored');
  const computed = await accountingReport(deps, actor, parsed, now, 'computed');
  if (JSON.stringify(stored) !== JSON.stringify(computed))
    throw new Error(`accounting: the stored-facts read differs from the direct computation (${query})`);
  const n = DIRECT_READS;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await accountingReport(deps, actor, parsed, now, 'computed');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n };
}

async function measure(
  client: pg.Client,
  url: string,
  database: Awaited<ReturnType<typeof freshBenchDatabase>>['database'],
  tenantId: number,
  rebuildS: number | null,
  sizes: { rollups: number; weekly: number },
  calibrationBefore: string,
): Promise<void> {
  let t0 = performance.now();
  // Changes a previous run left pending are folded first (as the background job would have).
  await client.query(`select app_analytics_fold(${tenantId})`);
  const initialFoldMs = performance.now() - t0;

  const { app, headers } = await appWithOwner(database, url, 'cod-bench-analytics', 'owner@bench-analytics.dz');
  const [sample] = await rows<{ agent: number; product: number; today: string }>(
    database.db,
    sql`select (select agent_id from orders where tenant_id = ${tenantId} and agent_id is not null limit 1) as agent,
               (select product_id from order_lines where tenant_id = ${tenantId} limit 1) as product,
               to_char(now() at time zone 'Africa/Algiers', 'YYYY-MM-DD') as today`,
  );
  const end = sample!.today;
  const range = `date=custom&start=${addDays(end, -89)}&end=${end}`;
  const scenarios: Array<{ name: string; gated: boolean; query: string; view?: 'accounting' }> = [
    { name: 'overview (totals, days, previous period)', gated: true, query: range },
    { name: 'orders: by source', gated: true, query: `${range}&compare=false&breakdown=source` },
    { name: 'orders: by campaign', gated: true, query: `${range}&compare=false&breakdown=campaign` },
    { name: 'confirmation: by agent', gated: true, query: `${range}&compare=false&breakdown=agent` },
    { name: 'confirmation: by product', gated: true, query: `${range}&compare=false&breakdown=product` },
    { name: 'confirmation: by hour', gated: true, query: `${range}&compare=false&breakdown=hour` },
    { name: 'delivered/returns: by wilaya', gated: true, query: `${range}&compare=false&breakdown=wilaya` },
    { name: 'delivered/returns: by carrier', gated: true, query: `${range}&compare=false&breakdown=carrier` },
    { name: 'agents: leaderboard', gated: true, query: `${range}&compare=false&breakdown=agent` },
    { name: 'daily: one day by hour', gated: true, query: `date=custom&start=${end}&end=${end}&breakdown=hour` },
    { name: 'one filter (wilaya 16) by product', gated: true, query: `${range}&wilaya=16&breakdown=product` },
    { name: 'one filter (agent) by wilaya', gated: true, query: `${range}&agent=${sample!.agent}&breakdown=wilaya` },
    {
      name: 'two filters (slow path: facts)',
      gated: false,
      query: `${range}&wilaya=16&product=${sample!.product}&breakdown=agent`,
    },
    { name: 'accounting (totals, days, products, campaigns, previous)', gated: true, query: range, view: 'accounting' },
    {
      name: 'accounting, one filter (campaign camp-3)',
      gated: true,
      query: `${range}&compare=false&campaign=camp-3`,
      view: 'accounting',
    },
  ];
  const results: string[] = [];
  const failures: string[] = [];
  for (const scenario of scenarios) {
    const path = `/dashboard/analytics/${scenario.view ?? 'report'}?${scenario.query}`;
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: path, headers });
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      t0 = performance.now();
      const response = await app.inject({ method: 'GET', url: path, headers });
      times.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
    if (scenario.gated && p95 >= TARGETS.view) failures.push(`${scenario.name} p95 ${p95.toFixed(1)} ms`);
    results.push(
      `| ${scenario.name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${scenario.gated ? `< ${TARGETS.view}` : 'not gated'} |`,
    );
    log(`measured: ${results[results.length - 1]}`); // progress, in case a long run is stopped
  }

  const direct = await accountingDirect(database, tenantId, range);
  results.push(
    `| accounting, direct computation (before decision 0124; ${direct.n} reads) | ${direct.p50.toFixed(1)} | ${direct.p95.toFixed(1)} | not gated |`,
  );

  // Status changes: new orders confirmed through the real route, with and without the triggers.
  const [product] = await rows<{ id: number }>(
    database.db,
    sql`select id from products where tenant_id = ${tenantId} and not has_variants order by id limit 1`,
  );
  const [confirmed] = await rows<{ id: number }>(
    database.db,
    sql`select id from statuses where tenant_id = ${tenantId} and type = 'confirmed' order by id limit 1`,
  );
  await client.query(
    `update products set on_hand = on_hand + ${CHANGES * 4} where tenant_id = ${tenantId} and id = ${product!.id}`,
  );
  const orderIds: number[] = [];
  for (let i = 0; i < CHANGES * 2 + 20; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/dashboard/orders',
      headers,
      payload: {
        customer_full_name: `Client Analytics ${i}`,
        customer_phone_1: `06${String(20_000_000 + i).padStart(8, '0')}`,
        state_id: 16,
        city_id: 1601,
        customer_address: 'Rue Larbi Ben Mhidi',
        products: [{ product_id: product!.id, quantity: 1 }],
        sales_source: 'facebook',
        campaign_id: 'bench',
      },
    });
    if (response.statusCode !== 201) throw new Error(`create order: ${response.statusCode} ${response.body}`);
    orderIds.push((response.json() as { data: { id: number } }).data.id);
  }
  const setTriggers = (on: boolean) =>
    client.query(
      TRIGGERS.map((t) => {
        const [table, name] = t.split(' ');
        return `alter table ${table} ${on ? 'enable' : 'disable'} trigger ${name}`;
      }).join('; '),
    );
  const timesWith: number[] = [];
  const timesWithout: number[] = [];
  let next = 0;
  const change = async (into: number[]) => {
    const id = orderIds[next++]!;
    t0 = performance.now();
    const response = await app.inject({
      method: 'PATCH',
      url: `/dashboard/orders/${id}/status`,
      headers,
      payload: { status: confirmed!.id, description: 'bench' },
    });
    into.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(`status change: ${response.statusCode} ${response.body}`);
  };
  for (let i = 0; i < 10; i++) await change([]); // warm-up, triggers on
  // Blocks of 20, alternating, so drift (autovacuum, cache) hits both sides alike.
  for (let block = 0; block < CHANGES / 20; block++) {
    for (const on of [true, false]) {
      await setTriggers(on);
      for (let i = 0; i < 20; i++) await change(on ? timesWith : timesWithout);
    }
  }
  await setTriggers(true);
  // The changes made without the triggers are noted now (the shop stays exact for a later run), then
  // a view is read with every bench order still pending (readers compute the noted orders' facts),
  // then the background fold's work on them is timed.
  await client.query(`insert into analytics_dirty (tenant_id, order_id) select $1, unnest($2::int[])`, [
    tenantId,
    orderIds,
  ]);
  const {
    rows: [pending],
  } = await client.query<{ n: number }>(
    `select count(distinct order_id)::int as n from analytics_dirty where tenant_id = ${tenantId}`,
  );
  const pendingTimes: number[] = [];
  const overview = `/dashboard/analytics/report?${range}`;
  for (let i = 0; i < 20; i++) {
    t0 = performance.now();
    await app.inject({ method: 'GET', url: overview, headers });
    pendingTimes.push(performance.now() - t0);
  }
  pendingTimes.sort((a, b) => a - b);
  t0 = performance.now();
  await client.query(`select app_analytics_fold(${tenantId})`);
  const foldMs = performance.now() - t0;
  const calibrationAfter = await calibration(client);
  timesWith.sort((a, b) => a - b);
  timesWithout.sort((a, b) => a - b);
  const [w50, w95, o50, o95] = [
    percentile(timesWith, 50),
    percentile(timesWith, 95),
    percentile(timesWithout, 50),
    percentile(timesWithout, 95),
  ];
  const added = w95 - o95;
  if (added >= TARGETS.maintenance) failures.push(`rollup maintenance adds ${added.toFixed(2)} ms p95`);
  await app.close();
  await client.end();
  await database.close();

  log('');
  log(`bench:analytics, ${ORDERS.toLocaleString('en')} orders, ${REQUESTS} requests per view, 90-day range`);
  log(calibrationBefore);
  log(calibrationAfter);
  log(
    rebuildS === null
      ? `rebuild: not run (reused shop); ${sizes.rollups} daily, ${sizes.weekly} weekly rollup rows`
      : `rebuild: ${rebuildS.toFixed(1)} s (${sizes.rollups} daily, ${sizes.weekly} weekly rollup rows)`,
  );
  log(`fold of the changes left from earlier: ${initialFoldMs.toFixed(0)} ms`);
  log('| view request | p50 ms | p95 ms | target |');
  log('|---|---|---|---|');
  for (const line of results) log(line);
  log('');
  log('| status change (PATCH, new -> confirmed) | p50 ms | p95 ms |');
  log('|---|---|---|');
  log(`| with rollup maintenance (${timesWith.length}) | ${w50.toFixed(2)} | ${w95.toFixed(2)} |`);
  log(`| without (${timesWithout.length}) | ${o50.toFixed(2)} | ${o95.toFixed(2)} |`);
  log(`| added by maintenance | ${(w50 - o50).toFixed(2)} | ${added.toFixed(2)} (target < ${TARGETS.maintenance}) |`);
  log('');
  log(
    `overview with ${pending!.n} orders pending (not folded): p50 ${percentile(pendingTimes, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(pendingTimes, 95).toFixed(1)} ms; their fold (background job): ${foldMs.toFixed(0)} ms`,
  );
  if (failures.length) {
    log(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else log('all targets met');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
