import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TOrderListResponse } from '@cod/shared';
import { rows, type Database } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { BARRIER_QUERY, WATCH_APPLICATION_NAME } from '../../src/db/write-watch.js';
import { statementsDuring, type TSentStatement } from '../support/statements.js';
import { createTestUser, loginAs, openTestApp, openTestDatabase } from '../support/test-db.js';
import { agentOf, clientOf, createOrder, orderBody, shopWithCatalogue, type TShop } from './orders-support.js';

// Decision 0137: pages of the list are kept between writes, on PostgreSQL (the watch listens there).
const { app, database } = await openTestApp();
// Another server, or the command line: its writes reach the watch only through PostgreSQL.
const elsewhere: Database = await openTestDatabase();

const list = async (api: TShop['api'], query = '') =>
  (await api.get(`/dashboard/orders${query}`)).json() as TOrderListResponse;

/** Whether a request read from the database: its statements include a transaction's begin. */
const readTheDatabase = (sent: TSentStatement[]) => sent.some((s) => s.text.startsWith('begin'));

let shop: TShop;
beforeAll(async () => {
  await app.ready();
  shop = await shopWithCatalogue(app, database);
  await createOrder(shop.api, orderBody(shop, { customer_full_name: 'First Customer' }));
});

describe.skipIf(!database.writeWatch)('the Orders list kept between writes (docs/decisions/0137)', () => {
  it('serves a page again without reading it while nothing is written, and reads it after a write', async () => {
    const first = await shop.api.get('/dashboard/orders?tab=all');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await statementsDuring(() => list(shop.api, '?tab=all'));
    expect(readTheDatabase(again)).toBe(false);
    expect(again.map((s) => s.text)).toContain(BARRIER_QUERY);

    await createOrder(shop.api, orderBody(shop));
    let after: TOrderListResponse | undefined;
    const reread = await statementsDuring(async () => (after = await list(shop.api, '?tab=all')));
    expect(readTheDatabase(reread)).toBe(true);
    expect(after?.total).toBe(2);
  });

  it('shows every write through the API at once: new orders, status changes, deletions', async () => {
    const own = await shopWithCatalogue(app, database);
    for (let i = 1; i <= 15; i++) {
      const order = await createOrder(own.api, orderBody(own, { customer_full_name: `Client ${i}` }));
      const page = await list(own.api, '?tab=all');
      expect(page.total).toBe(i);
      expect(page.data[0]?.customer_full_name).toBe(`Client ${i}`);
      const changed = await own.api.patch(`/dashboard/orders/${order.id}/status`, { status: own.status.confirmed });
      expect(changed.statusCode).toBe(200);
      expect((await list(own.api, '?tab=all')).data[0]?.status_id).toBe(own.status.confirmed);
    }
    const [newest] = (await list(own.api, '?tab=all')).data;
    expect((await own.api.delete(`/dashboard/orders/${newest!.id}`)).statusCode).toBe(200);
    expect((await list(own.api, '?tab=all')).total).toBe(14);
    expect((await list(own.api, '?tab=deleted')).total).toBe(1);
  });

  it('shows at once what another connection wrote (another server, the command line)', async () => {
    const own = await shopWithCatalogue(app, database);
    const order = await createOrder(own.api, orderBody(own, { customer_full_name: 'Before' }));
    expect((await list(own.api, '?tab=all')).data[0]?.customer_full_name).toBe('Before');
    for (let i = 1; i <= 20; i++) {
      await withTenant(elsewhere.db, own.tenant.id, (tx) =>
        tx.execute(sql`update orders set customer_full_name = ${`Renamed ${i}`} where id = ${order.id}`),
      );
      expect((await list(own.api, '?tab=all')).data[0]?.customer_full_name).toBe(`Renamed ${i}`);
    }
    // A write without a shop (the owner role: central administration, a migration) may touch any shop.
    await rows(elsewhere.db, sql`update orders set customer_full_name = 'Central' where id = ${order.id}`);
    expect((await list(own.api, '?tab=all')).data[0]?.customer_full_name).toBe('Central');
  });

  it('keeps what a user may not see out of the pages others are given', async () => {
    const own = await shopWithCatalogue(app, database);
    const agent = await agentOf(app, database, own, 'Own Agent');
    const watchOrder = await createOrder(own.api, orderBody(own));
    const shirtOrder = await createOrder(
      own.api,
      orderBody(own, { products: [{ product_id: own.shirt.id, variant_id: own.shirt.variants[0]!.id, quantity: 1 }] }),
    );
    const assigned = await own.api.post('/dashboard/orders/assign-agent', {
      agent_id: agent.id,
      order_ids: [shirtOrder.id],
    });
    expect(assigned.statusCode).toBe(200);
    const manager = await createTestUser(database, own.tenant, 'Manager', { name: 'Limited Manager' });
    const restricted = await own.api.put(`/dashboard/user-product-permissions/${manager.id}`, {
      restricted: true,
      product_ids: [own.watch.id],
    });
    expect(restricted.statusCode).toBe(200);
    const asManager = clientOf(app, (await loginAs(app, manager.email)).authorization);
    const second = await createTestUser(database, own.tenant, 'Manager', { name: 'Second Manager' });
    const asSecond = clientOf(app, (await loginAs(app, second.email)).authorization);

    // The owner's page is read first and kept; each of the others must still get their own.
    for (let round = 0; round < 2; round++) {
      expect((await list(own.api, '?tab=all')).total).toBe(2);
      expect((await list(agent.api, '?tab=all')).data.map((r) => r.id)).toEqual([shirtOrder.id]);
      expect((await list(asManager, '?tab=all')).data.map((r) => r.id)).toEqual([watchOrder.id]);
      expect((await list(asSecond, '?tab=all')).total).toBe(2);
    }
  });

  it('reads every page from the database while the watch is not listening, and keeps serving fresh pages', async () => {
    const own = await shopWithCatalogue(app, database);
    const order = await createOrder(own.api, orderBody(own, { customer_full_name: 'Watched' }));
    await list(own.api, '?tab=all');
    await rows(
      elsewhere.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${WATCH_APPLICATION_NAME} and datname = current_database()`,
    );
    for (let i = 1; i <= 5; i++) {
      await withTenant(elsewhere.db, own.tenant.id, (tx) =>
        tx.execute(sql`update orders set customer_full_name = ${`Unwatched ${i}`} where id = ${order.id}`),
      );
      expect((await list(own.api, '?tab=all')).data[0]?.customer_full_name).toBe(`Unwatched ${i}`);
    }
    // It listens again after a second, and pages read before are not trusted.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await list(own.api, '?tab=all');
    await withTenant(elsewhere.db, own.tenant.id, (tx) =>
      tx.execute(sql`update orders set customer_full_name = 'Watched again' where id = ${order.id}`),
    );
    expect((await list(own.api, '?tab=all')).data[0]?.customer_full_name).toBe('Watched again');
    const [listening] = await rows<{ count: number }>(
      elsewhere.db,
      sql`select count(*)::int as count from pg_stat_activity
          where application_name = ${WATCH_APPLICATION_NAME} and datname = current_database()`,
    );
    expect(listening?.count).toBeGreaterThan(0);
  });

  it('every table a list statement reads notifies its writes (migration 0044)', async () => {
    const own = await shopWithCatalogue(app, database);
    const order = await createOrder(own.api, orderBody(own, { customer_full_name: 'Yacine Haddad' }));
    await createOrder(own.api, orderBody(own, { customer_phone_1: order.customer_phone_1 }));
    expect(
      (await own.api.post(`/dashboard/customers/${order.customer_phone_1}/block`, { reason: 'Refused twice' }))
        .statusCode,
    ).toBe(200);
    const reads = [
      '?tab=all',
      '?tab=inProcess&page=2',
      '?tab=deleted',
      `?tab=all&product=${own.watch.id}&date=today&risky=1`,
      `?tab=all&search=${order.customer_phone_1}`,
      '?tab=all&search=Yacine',
      `?tab=all&search=${encodeURIComponent('Yacine Haddad')}`,
    ];
    const sent: TSentStatement[] = [];
    for (const query of reads) sent.push(...(await statementsDuring(() => list(own.api, `${query}&per_page=10`))));
    // The statements of the list's transactions (the session's look-up comes before, on every request).
    const read = new Set<string>();
    let inList = false;
    for (const statement of sent) {
      if (statement.text.startsWith("begin; select set_config('app.tenant_id'")) inList = true;
      else if (/^commit/i.test(statement.text)) inList = false;
      else if (inList && !/^\s*select set_config/i.test(statement.text)) {
        for (const table of await tablesReadBy(own.tenant.id, statement)) read.add(table);
      }
    }
    const [{ tables } = { tables: [] as string[] }] = await rows<{ tables: string[] }>(
      database.db,
      sql`select coalesce(array_agg(distinct c.relname::text), '{}') as tables
          from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where p.proname = 'app_notify_rows_written'`,
    );
    expect([...read].filter((table) => !tables.includes(table))).toEqual([]);
    expect([...read]).toEqual(
      expect.arrayContaining(['orders', 'order_lines', 'statuses', 'users', 'customer_blocks']),
    );
  });
});

/** The tables a statement's plan reads (EXPLAIN under the shop's role and settings). */
async function tablesReadBy(tenantId: number, statement: TSentStatement): Promise<string[]> {
  const plan = await withTenant(database.db, tenantId, async (tx) => {
    const text = statement.text.replace(/^begin;\s*/i, '');
    const result = (await tx.execute(
      sql.raw(`explain (format json) ${inlineValues(text, statement.values)}`),
    )) as unknown as { rows: Array<{ 'QUERY PLAN': unknown }> };
    return result.rows[0]!['QUERY PLAN'];
  });
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Relation Name' && typeof value === 'string') found.push(value);
        else walk(value);
      }
    }
  };
  walk(plan);
  return found;
}

/** The statement with its parameters written in as quoted literals, for EXPLAIN. */
function inlineValues(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    const literal = Array.isArray(value) ? `{${value.join(',')}}` : String(value);
    return `'${literal.replace(/'/g, "''")}'`;
  });
}
