import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TFulfillmentStatus, TOrderListResponse, TOrderRow } from '@cod/shared';
import { withSystem } from '../../src/db/tenant-context.js';
import { openTestApp } from '../support/test-db.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue, type TShop } from './orders-support.js';

const { app, database } = await openTestApp();

/** An order with three history rows (new, no answer, confirmed) and a T-shirt of one variant. */
async function workedOrder(shop: TShop): Promise<TOrderRow> {
  const order = await createOrder(
    shop.api,
    orderBody(shop, {
      products: [
        { product_id: shop.watch.id, quantity: 1 },
        { product_id: shop.shirt.id, variant_id: shop.shirt.variants[1]!.id, quantity: 1 },
      ],
    }),
  );
  for (const status of [shop.status.no_answer, shop.status.confirmed]) {
    const changed = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status, description: 'x' });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  return order;
}

const setTracking = (shop: TShop, id: number, tracking: string | null) =>
  withSystem(database.db, (tx) =>
    tx.execute(sql`update orders set tracking_number = ${tracking} where tenant_id = ${shop.tenant.id} and id = ${id}`),
  );

describe('the list carries what the table shows (issue 12 item 10)', () => {
  it('a list row has the latest history entry and its own variant; the detail and the timeline the rest', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await workedOrder(shop);

    const listed = ((await shop.api.get('/dashboard/orders?tab=all')).json() as TOrderListResponse).data.find(
      (o) => o.id === order.id,
    )!;
    expect(listed.fulfillment_statuses).toHaveLength(1);
    expect(listed.fulfillment_statuses[0]!.status.id).toBe(shop.status.confirmed);
    expect(listed.latest_status?.status.id).toBe(shop.status.confirmed);
    const shirtLine = listed.products.find((l) => l.product_id === shop.shirt.id)!;
    expect(shirtLine.product.variants.map((v) => v.id)).toEqual([shop.shirt.variants[1]!.id]);
    expect(shirtLine.variant_name).toBe(shop.shirt.variants[1]!.name);
    // The custom-field questions and answers are the dialogs' (they read the order itself).
    expect(listed.customer_custom_fields).toEqual([]);
    for (const line of listed.products) expect(line.product.custom_fields).toEqual([]);
    expect(listed.products.map((l) => l.product.has_custom_fields)).toEqual([false, false]);

    const detail = (await shop.api.get(`/dashboard/orders/${order.id}`)).json() as TOrderRow;
    expect(detail.fulfillment_statuses.map((f) => f.status.id)).toEqual([
      shop.status.confirmed,
      shop.status.no_answer,
      shop.status.new,
    ]);
    expect(detail.products.find((l) => l.product_id === shop.shirt.id)!.product.variants).toHaveLength(2);

    const timeline = (await shop.api.get(`/dashboard/orders/${order.id}/status-timeline`)).json() as {
      data: TFulfillmentStatus[];
    };
    expect(timeline.data).toEqual(detail.fulfillment_statuses);
  });

  it('a bulk status update answers each order once, without its whole history', async () => {
    const shop = await shopWithCatalogue(app, database);
    const orders = [await workedOrder(shop), await workedOrder(shop)];
    const response = await shop.api.post('/dashboard/orders/bulk-status-update', {
      status: shop.status.no_answer,
      order_ids: orders.map((o) => o.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TOrderRow[];
    expect(data.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
    for (const row of data) expect(row.fulfillment_statuses).toHaveLength(1);
  });

  it('the timeline of an order the user cannot see is a 404', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await workedOrder(shop);
    const agent = await agentOf(app, database, shop);
    expect((await agent.api.get(`/dashboard/orders/${order.id}/status-timeline`)).statusCode).toBe(404);
  });
});

describe('part of a tracking number finds the order (issue 12 item 9a)', () => {
  const search = async (shop: TShop, term: string) =>
    (
      (await shop.api.get(`/dashboard/orders?tab=all&search=${encodeURIComponent(term)}`)).json() as TOrderListResponse
    ).data.map((o) => o.id);

  it('finds any piece of 4+ characters in either case, follows changes, and stays in its shop', async () => {
    const shop = await shopWithCatalogue(app, database);
    const other = await shopWithCatalogue(app, database);
    const a = await createOrder(shop.api, orderBody(shop));
    const b = await createOrder(shop.api, orderBody(shop));
    const elsewhere = await createOrder(other.api, orderBody(other));
    await setTracking(shop, a.id, 'yal-CMQAQ41');
    await setTracking(shop, b.id, 'ECO7001234');
    await withSystem(database.db, (tx) =>
      tx.execute(sql`update orders set tracking_number = 'YAL-CMQAQ99' where tenant_id = ${other.tenant.id}
                     and id = ${elsewhere.id}`),
    );

    expect(await search(shop, 'CMQAQ')).toEqual([a.id]);
    expect(await search(shop, 'cmqaq4')).toEqual([a.id]);
    expect(await search(shop, 'AQ41')).toEqual([a.id]);
    expect(await search(shop, 'yal-cmqaq41')).toEqual([a.id]);
    expect(await search(shop, '7001234')).toEqual([b.id]);
    expect(await search(shop, 'CMQAQ5')).toEqual([]);
    expect(await search(other, 'CMQAQ')).toEqual([elsewhere.id]);

    // A new number replaces the old pieces; clearing it removes them.
    await setTracking(shop, a.id, 'ZR-55QWERT');
    expect(await search(shop, 'CMQAQ')).toEqual([]);
    expect(await search(shop, 'QWER')).toEqual([a.id]);
    await setTracking(shop, a.id, null);
    expect(await search(shop, 'QWER')).toEqual([]);
  });

  it('an agent finds only their own orders by a piece of the number', async () => {
    const shop = await shopWithCatalogue(app, database);
    const agent = await agentOf(app, database, shop, 'Agent Piece');
    const mine = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));
    const theirs = await createOrder(shop.api, orderBody(shop));
    await setTracking(shop, mine.id, 'YAL-PIECE01');
    await setTracking(shop, theirs.id, 'YAL-PIECE02');
    const found = (
      (await agent.api.get('/dashboard/orders?tab=all&search=PIECE0')).json() as TOrderListResponse
    ).data.map((o) => o.id);
    expect(found).toEqual([mine.id]);
    expect(await search(shop, 'PIECE0')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});
