import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { canTransition, formatLocalDateTime, STATUS_TYPES, type TOrderEventPayload, type TOrderRow } from '@cod/shared';
import type { TStatusType } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withSystem, withTenant } from '../../src/db/tenant-context.js';
import { domainEvents, type TDomainEvent } from '../../src/lib/domain-events.js';
import { reserveOrders, shipOrders } from '../../src/modules/orders/order-stock.js';
import { openTestApp } from '../support/test-db.js';
import { createOrder, orderBody, shopWithCatalogue, STATUS_OF_TYPE, type TShop } from './orders-support.js';

const { app, database } = await openTestApp();
const ZONE = 'Africa/Algiers';
const inAnHour = () => formatLocalDateTime(new Date(Date.now() + 3_600_000), ZONE);

const stockOf = async (shop: TShop, productId: number) => {
  const product = (await shop.api.get(`/dashboard/products/${productId}`)).json();
  return { on_hand: product.on_hand as number, reserved: product.reserved as number };
};

/** Puts an order in a status the dialogs cannot reach (dispatch and delivery belong to carriers). */
async function forceStatus(shop: TShop, orderId: number, type: TStatusType) {
  await withSystem(database.db, (tx) =>
    tx.execute(
      sql`update orders set status_id = ${shop.status[STATUS_OF_TYPE[type]]!}, status_type = ${type}
          where tenant_id = ${shop.tenant.id} and id = ${orderId}`,
    ),
  );
}

async function orderIn(shop: TShop, type: TStatusType): Promise<TOrderRow> {
  const order = await createOrder(shop.api, orderBody(shop));
  if (type === 'new') return order;
  if (['pending', 'confirmed', 'cancelled', 'reported'].includes(type)) {
    const response = await shop.api.patch(`/dashboard/orders/${order.id}/status`, {
      status: shop.status[STATUS_OF_TYPE[type]],
      report_date: inAnHour(),
    });
    expect(response.statusCode, response.body).toBe(200);
  } else await forceStatus(shop, order.id, type);
  return order;
}

const historyCount = async (shop: TShop, orderId: number) =>
  ((await shop.api.get(`/dashboard/orders/${orderId}/status-timeline`)).json().data as unknown[]).length;

describe('transitions (docs/decisions/0010)', () => {
  it('allows exactly the moves of the table and refuses the others with 422, changing nothing', async () => {
    const shop = await shopWithCatalogue(app, database);
    const seen: string[] = [];
    for (const from of STATUS_TYPES) {
      for (const to of STATUS_TYPES) {
        const order = await orderIn(shop, from);
        const before = await historyCount(shop, order.id);
        const response = await shop.api.patch(`/dashboard/orders/${order.id}/status`, {
          status: shop.status[STATUS_OF_TYPE[to]],
          description: `from ${from} to ${to}`,
          report_date: inAnHour(),
        });
        const after = (await shop.api.get(`/dashboard/orders/${order.id}`)).json() as TOrderRow;
        if (canTransition(from, to)) {
          expect(response.statusCode, `${from} -> ${to}: ${response.body}`).toBe(200);
          expect(response.json().message).toBe('Status updated successfully');
          expect(after.latest_status).toMatchObject({ status: { type: to }, description: `from ${from} to ${to}` });
          expect(await historyCount(shop, order.id)).toBe(before + 1);
          seen.push(`${from}>${to}`);
        } else {
          expect(response.statusCode, `${from} -> ${to}`).toBe(422);
          expect(response.json().message).toMatch(/^This order cannot change the status from ".+" to ".+"\.$/);
          expect(after.latest_status?.status.type).toBe(from);
          expect(await historyCount(shop, order.id)).toBe(before);
        }
      }
    }
    expect(seen).toContain('cancelled>confirmed');
    expect(seen).not.toContain('confirmed>delivered');
  });

  it('needs a schedule for reported, records a cancellation time, and refuses a past schedule', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await orderIn(shop, 'new');
    const missing = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.reported });
    expect(missing.json().errors).toEqual({ report_date: ['Please select a report date and time'] });
    const past = await shop.api.patch(`/dashboard/orders/${order.id}/status`, {
      status: shop.status.reported,
      report_date: '2020-01-01 10:00',
    });
    expect(past.json().errors).toEqual({ report_date: ['The report date must not be in the past.'] });
    const wrong = await shop.api.patch(`/dashboard/orders/${order.id}/status`, {
      status: shop.status.reported,
      report_date: '2030-01-01 7pm',
    });
    expect(wrong.json().errors).toEqual({
      report_date: ['The date and time must look like 2026-11-21 14:30 (24-hour).'],
    });
    const cancelled = await shop.api.patch(`/dashboard/orders/${order.id}/status`, {
      status: shop.status.cancelled,
      cancelled_at: '2030-06-01 09:15',
    });
    // 09:15 in Algiers (UTC+1) is 08:15 UTC.
    expect(cancelled.json().data.cancelled_at).toBe('2030-06-01T08:15:00.000Z');
    const reopened = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.no_answer });
    expect(reopened.json().data.cancelled_at).toBeNull();
  });

  it('schedules with POST /{id}/report (Y-m-d H:i in the shop zone) and describes the schedule', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await orderIn(shop, 'pending');
    const response = await shop.api.post(`/dashboard/orders/${order.id}/report`, { report_date: '2031-03-04 18:05' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      reported_at: '2031-03-04T17:05:00.000Z',
      formatted_reported_at: '2031-03-04 18:05',
      latest_status: { status: { type: 'reported' }, description: 'Scheduled for 2031-03-04 18:05' },
    });
    const empty = await shop.api.post(`/dashboard/orders/${order.id}/report`, {});
    expect(empty.json().errors).toEqual({ report_date: ['Please select a report date and time'] });
  });
});

describe('bulk status update', () => {
  it("updates every selected order: 'Successfully updated N orders'", async () => {
    const shop = await shopWithCatalogue(app, database);
    const orders = [await orderIn(shop, 'new'), await orderIn(shop, 'pending'), await orderIn(shop, 'new')];
    const response = await shop.api.post('/dashboard/orders/bulk-status-update', {
      status: shop.status.confirmed,
      description: 'Called, OK',
      order_ids: orders.map((o) => o.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Successfully updated 3 orders');
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(3);
  });

  it('changes nothing when one order may not move, and names it', async () => {
    const shop = await shopWithCatalogue(app, database);
    const fine = await orderIn(shop, 'new');
    const delivered = await orderIn(shop, 'delivered');
    const response = await shop.api.post('/dashboard/orders/bulk-status-update', {
      status: shop.status.confirmed,
      order_ids: [fine.id, delivered.id],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      `Order #${delivered.order_number} cannot change the status from "Delivered" to "Confirmed".`,
    );
    expect((await shop.api.get(`/dashboard/orders/${fine.id}`)).json().latest_status.status.type).toBe('new');
    expect(await historyCount(shop, fine.id)).toBe(1);
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(0);
  });

  it('changes nothing when the stock runs out half way, and the stock message wins', async () => {
    const shop = await shopWithCatalogue(app, database);
    const small = await createOrder(
      shop.api,
      orderBody(shop, { products: [{ product_id: shop.watch.id, quantity: 30 }] }),
    );
    const big = await createOrder(
      shop.api,
      orderBody(shop, { products: [{ product_id: shop.watch.id, quantity: 30 }] }),
    );
    const response = await shop.api.post('/dashboard/orders/bulk-status-update', {
      status: shop.status.confirmed,
      order_ids: [small.id, big.id],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.stock).toEqual(['Insufficient stock for "Montre Classic"']);
    expect(await stockOf(shop, shop.watch.id)).toEqual({ on_hand: 50, reserved: 0 });
    expect((await shop.api.get(`/dashboard/orders/${small.id}`)).json().latest_status.status.type).toBe('new');
  });

  it('refuses an empty selection, a missing status, a missing schedule, and unknown orders', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await orderIn(shop, 'new');
    const empty = await shop.api.post('/dashboard/orders/bulk-status-update', { order_ids: [] });
    expect(empty.json().errors).toEqual({
      status: ['Please select a status'],
      order_ids: ['Please select at least one order'],
    });
    const noDate = await shop.api.post('/dashboard/orders/bulk-status-update', {
      status: shop.status.reported,
      order_ids: [order.id],
    });
    expect(noDate.json().errors).toEqual({ report_date: ['Please select a report date and time'] });
    const unknown = await shop.api.post('/dashboard/orders/bulk-status-update', {
      status: shop.status.confirmed,
      order_ids: [order.id, 987654],
    });
    expect(unknown.json().errors).toEqual({ order_ids: ['The selected orders are invalid.'] });
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(0);
  });
});

describe('stock along statuses (docs/decisions/0008)', () => {
  it('reserves on confirmation, releases on cancellation, reserves again when reopened', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(
      shop.api,
      orderBody(shop, { products: [{ product_id: shop.watch.id, quantity: 4 }] }),
    );
    const set = (status: string) =>
      shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status[status] });
    await set('confirmed');
    expect(await stockOf(shop, shop.watch.id)).toEqual({ on_hand: 50, reserved: 4 });
    await set('confirmed'); // another confirmed status does not reserve twice
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(4);
    await set('cancelled');
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(0);
    await set('confirmed');
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(4);
    await set('no_answer');
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(0);
  });

  it('refuses a confirmation without stock with the stock message, and changes nothing', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(
      shop.api,
      orderBody(shop, {
        products: [{ product_id: shop.shirt.id, variant_id: shop.shirt.variants[1]!.id, quantity: 21 }],
      }),
    );
    const response = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.confirmed });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Insufficient stock for "T-shirt - M"',
      errors: { stock: ['Insufficient stock for "T-shirt - M"'] },
    });
    expect((await shop.api.get(`/dashboard/orders/${order.id}`)).json().latest_status.status.type).toBe('new');
  });

  it('gives the reservation back on delete and takes it again on restore', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(shop.api, orderBody(shop, { status_id: shop.status.confirmed }));
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(1);
    const deleted = await shop.api.delete(`/dashboard/orders/${order.id}`);
    expect(deleted.json()).toMatchObject({
      message: 'Order deleted successfully',
      data: { deleted_at: expect.any(String) },
    });
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(0);
    expect((await shop.api.get('/dashboard/orders?tab=all')).json().data).toHaveLength(0);
    const restored = await shop.api.post(`/dashboard/orders/${order.id}/restore`);
    expect(restored.json().data.deleted_at).toBeNull();
    expect((await stockOf(shop, shop.watch.id)).reserved).toBe(1);
    expect((await shop.api.post(`/dashboard/orders/${order.id}/restore`)).statusCode).toBe(404);
  });

  it('puts returned goods back on the shelf once they had shipped', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(
      shop.api,
      orderBody(shop, { products: [{ product_id: shop.watch.id, quantity: 2 }] }),
    );
    // What the shipping issue does on dispatch: reserve (if needed) and ship, then inDispatch.
    await withTenant(database.db, shop.tenant.id, async (tx) => {
      await reserveOrders(tx, { tenantId: shop.tenant.id, userId: null }, [order.id]);
      await shipOrders(tx, { tenantId: shop.tenant.id, userId: null }, [order.id]);
    });
    await forceStatus(shop, order.id, 'inDispatch');
    expect(await stockOf(shop, shop.watch.id)).toEqual({ on_hand: 48, reserved: 0 });
    const deleted = await shop.api.delete(`/dashboard/orders/${order.id}`);
    expect(deleted.json().message).toBe('This order is with a shipping company and cannot be deleted.');
    await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.out_for_delivery });
    await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.returned });
    expect(await stockOf(shop, shop.watch.id)).toEqual({ on_hand: 50, reserved: 0 });
    const movements = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ kind: string }>(tx, sql`select kind from stock_movements where order_id = ${order.id} order by id`),
    );
    expect(movements.map((m) => m.kind)).toEqual(['order_reserved', 'order_shipped', 'order_returned']);
  });
});

describe('assigning agents and the history', () => {
  it('assigns a selection to an agent, all or nothing, and needs an agent', async () => {
    const shop = await shopWithCatalogue(app, database);
    const orders = [await orderIn(shop, 'new'), await orderIn(shop, 'pending')];
    const agents = (await shop.api.get('/dashboard/agents')).json().data as Array<{ id: number; role: string }>;
    const owner = agents.find((a) => a.id === shop.tenant.ownerId)!;
    const response = await shop.api.post('/dashboard/orders/assign-agent', {
      agent_id: owner.id,
      order_ids: orders.map((o) => o.id),
    });
    expect(response.json().message).toBe('Successfully assigned 2 orders');
    expect(response.json().data.map((o: TOrderRow) => o.agent?.id)).toEqual([owner.id, owner.id]);
    const none = await shop.api.post('/dashboard/orders/assign-agent', { order_ids: [orders[0]!.id] });
    expect(none.json().errors).toEqual({ agent_id: ['Please select an agent'] });
  });

  it('keeps every change in the timeline with its creator, newest first', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await orderIn(shop, 'new');
    await shop.api.patch(`/dashboard/orders/${order.id}/status`, {
      status: shop.status.no_answer,
      description: 'No answer at 10:00',
    });
    const timeline = (await shop.api.get(`/dashboard/orders/${order.id}/status-timeline`)).json();
    expect(timeline.total).toBe(2);
    expect(
      timeline.data.map((h: { status: { name: string }; description: string | null }) => [
        h.status.name,
        h.description,
      ]),
    ).toEqual([
      ['no_answer', 'No answer at 10:00'],
      ['new', null],
    ]);
    expect(timeline.data[0].creator).toEqual({ id: shop.tenant.ownerId, name: 'Owner Test' });
  });
});

describe('real-time events', () => {
  const received: TDomainEvent[] = [];
  const unsubscribe = domainEvents.subscribe((event) => received.push(event));
  afterEach(() => {
    received.length = 0;
  });

  it('records OrderCreated and OrderStatusUpdated with the row and the tabs it leaves and joins', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(shop.api, orderBody(shop));
    await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.confirmed });
    const mine = received.filter((e) => e.tenantId === shop.tenant.id);
    expect(mine.map((e) => e.type)).toEqual(['OrderCreated', 'OrderStatusUpdated']);
    const [created, updated] = mine.map((e) => e.payload as TOrderEventPayload);
    expect(created).toMatchObject({ change: 'created', tabs_before: [], tabs_after: ['inProcess', 'all'] });
    expect(created!.order.id).toBe(order.id);
    expect(updated).toMatchObject({
      change: 'status',
      tabs_before: ['inProcess', 'all'],
      tabs_after: ['inProcess', 'ready', 'all'],
      order: { latest_status: { status: { type: 'confirmed' } } },
    });
  });

  it('publishes nothing for a change that was refused', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await orderIn(shop, 'delivered');
    received.length = 0;
    await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.new });
    expect(received.filter((e) => e.tenantId === shop.tenant.id)).toEqual([]);
    unsubscribe();
  });
});
