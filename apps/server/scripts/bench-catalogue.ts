// `npm run bench:catalogue`: p50/p95 of product search and customer history through the real HTTP
// routes (auth, tenant transaction, queries, JSON) on PostgreSQL, for a shop with 10,000 products and
// the customers of 200,000 orders (issue 3, target p95 < 30 ms).
// BENCH_DATABASE_URL picks the database; by default a fresh cod_bench_catalogue is (re)created on the
// local server. The 200,000 orders are real order rows (2.5 per customer, a usual COD repeat rate)
// written by the orders benchmark's generator, so the history sums real orders.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rows, type Database } from '../src/db/client.js';
import { hashPassword } from '../src/lib/secrets.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';
import { finishSeed, prepareSeed, seedShop } from './bench-orders-seed.js';
import { appWithOwner, BENCH_PASSWORD, freshBenchDatabase, percentile } from './bench-support.js';

const PRODUCTS = 10_000;
const ORDERS = 200_000;
const ORDERS_PER_CUSTOMER = 2.5;
const CUSTOMERS = Math.round(ORDERS / ORDERS_PER_CUSTOMER);
const REQUESTS = 400;
const TARGET_P95_MS = 30;
const DEFAULT_DB = 'cod_bench_catalogue';

/**
 * The shop: 10,000 products (a fifth in three sizes), 80,000 customers and the 200,000 real orders
 * they placed, written by the orders benchmark's generator so the customer history reads real
 * order rows. Then the customer search terms and a blocked customer in a hundred.
 */
async function seed(
  database: Database,
  url: string,
  shop: { tenantId: number; ownerId: number; roleId: number },
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await prepareSeed(client);
    await seedShop(client, {
      ...shop,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      orders: ORDERS,
      idStart: 0,
      customers: CUSTOMERS,
      products: PRODUCTS,
      agents: 10,
      days: 365,
    });
    await finishSeed(client);
    const { rows: seeded } = await client.query<{ n: number }>(
      `select count(*)::int as n from orders where tenant_id = ${shop.tenantId}`,
    );
    if (seeded[0]?.n !== ORDERS) throw new Error(`seeded ${seeded[0]?.n ?? 0} orders instead of ${ORDERS}`);
  } finally {
    await client.end();
  }
  await seedSearchTerms(database, shop.tenantId);
  await database.db.execute(sql`
    insert into customer_blocks (tenant_id, customer_id, reason, blocked_by)
    select tenant_id, id, 'Refused parcels', ${shop.ownerId} from customers where tenant_id = ${shop.tenantId} and id % 100 = 0`);
  // Steady state: autovacuum has run (visibility map set, statistics fresh).
  await database.db.execute(sql`vacuum analyze`);
}

/** What indexCustomerName writes for each customer (the words of the name, lower-cased). */
async function seedSearchTerms(database: Database, tenantId: number): Promise<void> {
  await database.db.execute(sql`
    insert into customer_search_terms (tenant_id, term, customer_id)
    select distinct c.tenant_id, w, c.id from customers c, regexp_split_to_table(lower(c.name), '[^[:alnum:]]+') as w
    where c.tenant_id = ${tenantId} and w <> ''`);
}

/** A neighbour shop, so every query has to find its own tenant's rows among others'. */
async function seedNeighbour(database: Database): Promise<void> {
  const { tenant } = await createTenant(database.db, {
    cq_name: 'bench-neighbour',
    owner_email: 'neighbour@bench.dz',
    owner_password: BENCH_PASSWORD,
  });
  await database.db.execute(sql`
    insert into products (tenant_id, name, sku, price) select ${tenant.id}, 'Robe voisine ' || i, 'SKU-' || lpad(i::text, 6, '0'), 1000
    from generate_series(1, 5000) as i`);
  await database.db.execute(sql`
    insert into customers (tenant_id, phone, name)
    select ${tenant.id}, '06' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'), 'Voisin ' || i
    from generate_series(1, 20000) as i`);
  await seedSearchTerms(database, tenant.id);
}

async function main(): Promise<void> {
  const started = performance.now();
  const { url, database } = await freshBenchDatabase(DEFAULT_DB, 4);
  const { tenant, ownerId, roleIds } = await createTenant(database.db, {
    cq_name: 'bench-shop',
    owner_email: 'owner@bench.dz',
    owner_password: BENCH_PASSWORD,
  });
  await seedNeighbour(database);
  await seed(database, url, { tenantId: tenant.id, ownerId, roleId: roleIds.get('Support Agent')! });
  const seededIn = (performance.now() - started) / 1000;

  const { app, headers } = await appWithOwner(database, url, 'cod-bench-catalogue', 'owner@bench.dz');

  const phones = (
    await rows<{ phone: string }>(
      database.db,
      sql`select phone from customers where tenant_id = ${tenant.id} order by md5(id::text) limit ${REQUESTS}`,
    )
  ).map((r) => r.phone);
  // Names are 'Produit N' and SKUs 'B<tenant>-N' (-S/-M/-L for sizes), as the generator writes them.
  const searches = [
    'search=produit',
    'search=Produit%204711',
    'search=4711',
    `search=B${tenant.id}-42`,
    `search=b${tenant.id}-999-m`,
    'search=produit&active=true',
    'low_stock=true',
    'has_variants=true&page=3',
    'search=zzz-nothing',
    '',
    'search=99&per_page=100',
    'page=40',
  ];
  const written = (phone: string, i: number) =>
    [
      phone,
      `+213${phone.slice(1)}`,
      `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`,
    ][i % 3]!;
  const customerSearches = [
    'search=amina',
    'search=0555',
    'search=1234',
    'search=haddad',
    'search=ben%20sar',
    'search=%2B213%20661',
    'blocked=true',
    '',
  ];

  const scenarios: Array<[string, (i: number) => string]> = [
    ['product search', (i) => `/dashboard/products?${searches[i % searches.length]}`],
    [
      'customer history',
      (i) => `/dashboard/customers/${encodeURIComponent(written(phones[i % phones.length]!, i))}/history`,
    ],
    ['customer list search', (i) => `/dashboard/customers?${customerSearches[i % customerSearches.length]}`],
    ['page props (low stock)', () => '/dashboard/page-props'],
  ];

  const lines: string[] = [];
  let passed = true;
  for (const [name, urlOf] of scenarios) {
    for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url: urlOf(i), headers }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url: urlOf(i), headers });
      times.push(performance.now() - t0);
      if (response.statusCode !== 200)
        throw new Error(`${name}: ${urlOf(i)} answered ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const [p50, p95, max] = [percentile(times, 50), percentile(times, 95), times[times.length - 1]!];
    const gated = name === 'product search' || name === 'customer history';
    if (gated && p95 >= TARGET_P95_MS) passed = false;
    lines.push(
      `${name.padEnd(24)} ${String(REQUESTS).padStart(4)}  ${p50.toFixed(1).padStart(6)} ms  ${p95.toFixed(1).padStart(6)} ms  ${max.toFixed(1).padStart(6)} ms${gated ? '' : '  (not gated)'}`,
    );
  }
  await app.close();
  await database.close();

  const counts =
    `${PRODUCTS.toLocaleString('en')} products (${(PRODUCTS / 5).toLocaleString('en')} with 3 variants), ` +
    `${CUSTOMERS.toLocaleString('en')} customers = ${ORDERS.toLocaleString('en')} orders at ${ORDERS_PER_CUSTOMER} per customer, ` +
    `${(CUSTOMERS / 100).toLocaleString('en')} blocked; neighbour shop 5,000 products, 20,000 customers`;
  console.log(`bench:catalogue on PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}`);
  console.log(`seeded in ${seededIn.toFixed(1)} s: ${counts}`);
  console.log(`sequential HTTP requests through app.inject (auth + tenant transaction + queries + JSON)`);
  console.log(
    `${'scenario'.padEnd(24)} ${'n'.padStart(4)}  ${'p50'.padStart(9)}  ${'p95'.padStart(9)}  ${'max'.padStart(9)}`,
  );
  for (const line of lines) console.log(line);
  console.log(`target p95 < ${TARGET_P95_MS} ms (product search, customer history): ${passed ? 'PASS' : 'FAIL'}`);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!passed) process.exitCode = 1;
}

await main();
