// `npm run bench:assignment` (issue 15.3): the intake API's throughput with automatic assignment on
// (least-loaded, a cap, 10 online agents, per-product rules) and off, in the same run on the same
// shop, rounds interleaved (off, on, off, on, ...) so the machine's other load falls on both alike.
// Prints both rates and the overhead (target < 10 %). Requests as bench:orders sends them (the
// issue-4 rate): 16 concurrent, an Idempotency-Key each. BENCH_DATABASE_URL picks the database; by
// default a fresh cod_bench_assignment is (re)created on the local server.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { withTenant } from '../src/db/tenant-context.js';
import { hashPassword } from '../src/lib/secrets.js';
import * as tenantsRepo from '../src/modules/tenants/tenants.repository.js';
import { createChannel } from '../src/modules/sales-channels/sales-channels.service.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';
import { appWithOwner, BENCH_PASSWORD, freshBenchDatabase, log } from './bench-support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PER_ROUND = Number(process.env.BENCH_ROUND_ORDERS ?? 1_000);
const CONCURRENCY = 16;
const AGENTS = 10;
const TARGET_OVERHEAD = 10;

async function main(): Promise<void> {
  const started = performance.now();
  const { url, database } = await freshBenchDatabase('cod_bench_assignment', 10);
  const email = 'owner@bench-assignment.dz';
  const { tenant, ownerId, roleIds } = await createTenant(database.db, {
    cq_name: 'bench-assignment',
    owner_email: email,
    owner_password: BENCH_PASSWORD,
  });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const { app, headers } = await appWithOwner(database, url, 'cod-bench-assignment', email);

  const product = await app.inject({
    method: 'POST',
    url: '/dashboard/products',
    headers,
    payload: { name: 'Montre', sku: 'BENCH-W', price: 2500, initial_stock: 0 },
  });
  const productId = (product.json() as { id: number }).id;
  // Ten agents, online; two of them limited to the product (per-product rules are evaluated).
  const agentIds: number[] = [];
  for (let a = 0; a < AGENTS; a++) {
    const { id } = await withTenant(database.db, tenant.id, (tx) =>
      tenantsRepo.insertUser(tx, {
        tenantId: tenant.id,
        name: `Agent ${a + 1}`,
        email: `agent${a + 1}@bench-assignment.dz`,
        passwordHash,
        roleId: roleIds.get('Support Agent')!,
        commissionType: 'none',
      }),
    );
    agentIds.push(id);
  }
  await withTenant(database.db, tenant.id, async (tx) => {
    for (const id of agentIds) {
      await tx.execute(sql`insert into presence (tenant_id, user_id, online) values (${tenant.id}, ${id}, true)`);
    }
  });
  for (const id of agentIds.slice(0, 2)) {
    await app.inject({
      method: 'PUT',
      url: `/dashboard/user-product-permissions/${id}`,
      headers,
      payload: { restricted: true, product_ids: [productId] },
    });
  }
  const channel = await withTenant(database.db, tenant.id, (tx) =>
    createChannel(
      tx,
      { tenantId: tenant.id, userId: ownerId, ip: null },
      { name: 'Bench', icon: null, source_type: 'facebook', active: true },
    ),
  );

  const setMode = async (mode: 'off' | 'least_loaded') => {
    const response = await app.inject({
      method: 'PUT',
      url: '/dashboard/assignment-settings',
      headers,
      payload: { mode, max_open_orders: 100_000, online_only: true, use_product_permissions: true },
    });
    if (response.statusCode !== 200) throw new Error(`settings: ${response.statusCode} ${response.body}`);
  };
  let serial = 0;
  const post = () => {
    const i = serial++;
    return app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-intake-key': channel.intake_key, 'idempotency-key': `bench-${i}` },
      payload: {
        customer_full_name: `Client ${i}`,
        customer_phone_1: `06${String(10_000_000 + i).padStart(8, '0')}`,
        state_id: 16,
        city_id: 1601,
        customer_address: 'Rue Larbi Ben Mhidi',
        products: [{ product_id: productId, quantity: 1 + (i % 2) }],
        sales_source: 'facebook',
      },
    });
  };
  const round = async (orders: number): Promise<number> => {
    let left = orders;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left > 0) {
          left -= 1;
          const response = await post();
          if (response.statusCode !== 201) throw new Error(`intake: ${response.statusCode} ${response.body}`);
        }
      }),
    );
    return performance.now() - t0;
  };

  for (const mode of ['off', 'least_loaded'] as const) {
    await setMode(mode);
    await round(200); // warm-up of both paths
  }
  const loadBefore = os.loadavg()[0]!;
  const time = { off: 0, on: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of r % 2 === 0 ? (['off', 'least_loaded'] as const) : (['least_loaded', 'off'] as const)) {
      await setMode(mode);
      time[mode === 'off' ? 'off' : 'on'] += await round(PER_ROUND);
    }
  }
  const [assigned] = await rows<{ auto: number; pool: number }>(
    database.db,
    sql`select count(*) filter (where agent_source = 'auto')::int as auto, count(*) filter (where agent_id is null)::int as pool
        from orders where tenant_id = ${tenant.id}`,
  );
  await app.close();
  await database.close();

  const rate = (ms: number) => (ROUNDS * PER_ROUND) / (ms / 1000);
  const off = rate(time.off);
  const on = rate(time.on);
  const overhead = ((off - on) / off) * 100;
  log(`\nbench:assignment on PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}, ${new Date().toISOString()}`);
  log(
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average (1 min): ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`,
  );
  log(
    `${ROUNDS} rounds x ${PER_ROUND} intake orders per mode, interleaved, ${CONCURRENCY} concurrent, Idempotency-Key each; ${AGENTS} online agents (2 limited by product), least-loaded\n`,
  );
  log('| intake POST /api/orders | orders/s |');
  log('| --- | ---: |');
  log(`| automatic assignment off | ${off.toFixed(0)} |`);
  log(`| automatic assignment on (least-loaded) | ${on.toFixed(0)} |`);
  log(
    `\noverhead: ${overhead.toFixed(1)} % (target < ${TARGET_OVERHEAD} %); orders given automatically: ${assigned?.auto ?? 0}, left unassigned: ${assigned?.pool ?? 0}`,
  );
  log(overhead < TARGET_OVERHEAD ? 'target met' : `MISSED: overhead ${overhead.toFixed(1)} % >= ${TARGET_OVERHEAD} %`);
  log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (overhead >= TARGET_OVERHEAD) process.exitCode = 1;
}

await main();
