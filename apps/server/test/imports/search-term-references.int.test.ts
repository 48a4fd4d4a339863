import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withSystem, withTenant } from '../../src/db/tenant-context.js';
import { createOrdersInBulk, type TNewOrder } from '../../src/modules/orders/create-orders-in-bulk.js';
import { createTestTenant, openTestDatabase } from '../support/test-db.js';

// Migration 0041 (docs/decisions/0130): the name terms' references to their order or customer are
// checked once per statement instead of by a foreign key per term row; what the keys guaranteed
// must still hold.
const database = await openTestDatabase();
const db = database.db;

async function shopWithOrders(count: number) {
  const shop = await createTestTenant(database);
  const setup = await withTenant(db, shop.id, async (tx) => {
    const [status] = await rows<{ id: number; type: 'new' }>(
      tx,
      sql`select id, type from statuses where tenant_id = ${shop.id} and type = 'new' order by id limit 1`,
    );
    const [product] = await rows<{ id: number }>(
      tx,
      sql`insert into products (tenant_id, name, sku, price) values (${shop.id}, 'Lampe', ${`REF-${shop.id}`}, 1500)
          returning id`,
    );
    const [place] = await rows<{ city_id: number; state_id: number }>(
      tx,
      sql`select id as city_id, state_id from cities order by id limit 1`,
    );
    return { status: status!, product: product!, place: place! };
  });
  const orders = Array.from({ length: count }, (_, i): TNewOrder => ({
    customerFullName: `Amina Haddad ${i}`,
    customerPhone1: `0551${String(shop.id % 1000).padStart(3, '0')}${String(i).padStart(3, '0')}`,
    customerPhone2: null,
    stateId: setup.place.state_id,
    cityId: setup.place.city_id,
    customerAddress: null,
    agentId: null,
    isStopdesk: false,
    stopdeskId: null,
    note: null,
    freeDelivery: false,
    deliveryPrice: 0,
    total: 1500,
    shippingCompanyId: null,
    salesSource: null,
    campaignId: null,
    sourceMetadata: null,
    salesChannelId: null,
    customerCustomFields: [],
    lines: [{ product_id: setup.product.id, variant_id: null, quantity: 1, price: 1500, catalogue_price: 1500 }],
    statusId: setup.status.id,
    statusType: setup.status.type,
    creatorId: shop.ownerId,
  }));
  const created = await withTenant(db, shop.id, (tx) => createOrdersInBulk(tx, shop.id, orders));
  return { shop, setup, created };
}

const termCounts = (tenantId: number) =>
  withSystem(db, async (tx) => {
    const [counts] = await rows<{ orders: number; customers: number }>(
      tx,
      sql`select (select count(*)::int from order_search_terms where tenant_id = ${tenantId}) as orders,
            (select count(*)::int from customer_search_terms where tenant_id = ${tenantId}) as customers`,
    );
    return counts!;
  });

const errorCode = (error: unknown) =>
  (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;

describe('name terms keep their reference to their order and customer (migration 0041)', () => {
  it('writes every term of a bulk creation, each naming an existing order and customer', async () => {
    const { shop, created } = await shopWithOrders(20);
    const counts = await termCounts(shop.id);
    // "Amina Haddad <i>": at least the two name words per order and per customer.
    expect(counts.orders).toBeGreaterThanOrEqual(40);
    expect(counts.customers).toBeGreaterThanOrEqual(40);
    const [orphans] = await withSystem(db, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from order_search_terms t where t.tenant_id = ${shop.id}
              and not exists (select 1 from orders o where o.tenant_id = t.tenant_id and o.id = t.order_id)`,
      ),
    );
    expect(orphans!.n).toBe(0);
    expect(created).toHaveLength(20);
  });

  it('refuses a term naming an order or a customer that does not exist, as a foreign key did', async () => {
    const { shop } = await shopWithOrders(1);
    const missingOrder = withTenant(db, shop.id, (tx) =>
      tx.execute(
        sql`insert into order_search_terms (tenant_id, term, order_id) values (${shop.id}, 'amina', 2147483000)`,
      ),
    );
    await expect(missingOrder).rejects.toSatisfy((error: unknown) => errorCode(error) === '23503');
    const missingCustomer = withTenant(db, shop.id, (tx) =>
      tx.execute(
        sql`insert into customer_search_terms (tenant_id, term, customer_id) values (${shop.id}, 'amina', 2147483000)`,
      ),
    );
    await expect(missingCustomer).rejects.toSatisfy((error: unknown) => errorCode(error) === '23503');
  });

  it("refuses a term naming another shop's order, even when the statement's other terms are right", async () => {
    const mine = await shopWithOrders(1);
    const other = await shopWithOrders(1);
    const attempt = withSystem(db, (tx) =>
      tx.execute(
        sql`insert into order_search_terms (tenant_id, term, order_id)
            values (${mine.shop.id}, 'zzright', ${mine.created[0]!.id}), (${mine.shop.id}, 'zzwrong', ${other.created[0]!.id})`,
      ),
    );
    await expect(attempt).rejects.toSatisfy((error: unknown) => errorCode(error) === '23503');
  });

  it("deleting an order or a customer deletes its terms (the keys' ON DELETE CASCADE)", async () => {
    const { shop, created } = await shopWithOrders(3);
    const before = await termCounts(shop.id);
    await withSystem(db, (tx) =>
      tx.execute(sql`delete from orders where tenant_id = ${shop.id} and id = ${created[0]!.id}`),
    );
    const afterOrder = await termCounts(shop.id);
    expect(afterOrder.orders).toBeLessThan(before.orders);
    expect(afterOrder.customers).toBe(before.customers);
    const [left] = await withSystem(db, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from order_search_terms where tenant_id = ${shop.id} and order_id = ${created[0]!.id}`,
      ),
    );
    expect(left!.n).toBe(0);
    // The customer of that order has no order left: it can go, and its terms with it.
    await withSystem(db, (tx) =>
      tx.execute(
        sql`delete from customers c where c.tenant_id = ${shop.id}
              and not exists (select 1 from orders o where o.tenant_id = c.tenant_id and o.customer_id = c.id)`,
      ),
    );
    const afterCustomer = await termCounts(shop.id);
    expect(afterCustomer.customers).toBeLessThan(before.customers);
    const [orphans] = await withSystem(db, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from customer_search_terms t where t.tenant_id = ${shop.id}
              and not exists (select 1 from customers c where c.tenant_id = t.tenant_id and c.id = t.customer_id)`,
      ),
    );
    expect(orphans!.n).toBe(0);
  });

  it("still refuses an order whose wilaya is not its commune's, or whose tenant has no such status (the dropped keys' guarantees)", async () => {
    const { shop, setup } = await shopWithOrders(1);
    const [otherState] = await withSystem(db, (tx) =>
      rows<{ id: number }>(tx, sql`select id from states where id <> ${setup.place.state_id} order by id limit 1`),
    );
    const insertOrder = (tenantId: number, stateId: number) =>
      withSystem(db, (tx) =>
        tx.execute(
          sql`insert into orders (tenant_id, order_number, customer_id, customer_full_name, customer_phone_1, state_id,
                city_id, status_id, status_type, total, delivery_price)
              select ${tenantId}, 999999, c.id, 'X', '0550000000', ${stateId}, ${setup.place.city_id},
                ${setup.status.id}, 'new', 0, 0
              from customers c where c.tenant_id = ${shop.id} limit 1`,
        ),
      );
    await expect(insertOrder(shop.id, otherState!.id)).rejects.toSatisfy(
      (error: unknown) => errorCode(error) === '23503',
    );
    // An order of a tenant that does not exist is refused: no status (nor customer) of it exists.
    await expect(insertOrder(2147483000, setup.place.state_id)).rejects.toSatisfy(
      (error: unknown) => errorCode(error) === '23503',
    );
  });
});
