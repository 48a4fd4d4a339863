import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shippingOutcomeMessage, type TDispatchResponse } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { dispatchOrders, openShippingWorld, orderOf, readyOrders, shopWithCompany } from './shipping-support.js';
import { type TShippingShop } from './shipping-support.js';

const world = await openShippingWorld();

/** What the database holds about an order's shipping: nothing may be half-written. */
async function shippingStateOf(shop: TShippingShop, orderId: number) {
  const [row] = await rows<{
    status_type: string;
    stock_state: string;
    tracking_number: string | null;
    shipments: number;
    attempts: number;
    history: number;
  }>(
    world.database.db,
    sql`select o.status_type, o.stock_state, o.tracking_number,
          (select count(*)::int from shipments s where s.tenant_id = o.tenant_id and s.order_id = o.id) as shipments,
          (select count(*)::int from shipment_attempts a where a.tenant_id = o.tenant_id and a.order_id = o.id) as attempts,
          (select count(*)::int from fulfillment_statuses f where f.tenant_id = o.tenant_id and f.order_id = o.id) as history
        from orders o where o.tenant_id = ${shop.tenant.id} and o.id = ${orderId}`,
  );
  return row!;
}

async function stockOf(shop: TShippingShop) {
  const [row] = await rows<{ on_hand: number; reserved: number }>(
    world.database.db,
    sql`select on_hand, reserved from products where tenant_id = ${shop.tenant.id} and id = ${shop.perfume.id}`,
  );
  return row!;
}

/** Parcels the carrier holds for one of our references in one seller's account. */
const parcelsAtSandbox = (reference: string, account: string) =>
  world.sandbox.store.parcels.filter((p) => p.reference === reference && p.account === account).length;
const accountOfTracking = (tracking: string) =>
  world.sandbox.store.parcels.find((p) => p.tracking === tracking)!.account;

describe('dispatch (issue 5.5, SPEC 7 and 8)', () => {
  it('dispatches 50 orders of which the carrier refuses 7: 43 succeed, 7 are left untouched', async () => {
    const shop = await shopWithCompany(world);
    const orders = await readyOrders(shop, 50);
    const refused = orders.filter((_, i) => i % 7 === 3).slice(0, 7);
    expect(refused).toHaveLength(7);
    world.sandbox.faults.refuse({
      references: refused.map((o) => String(o.order_number)),
      message: 'Commune introuvable',
      dialect: 'yalidine',
    });
    const before = await Promise.all(refused.map((o) => shippingStateOf(shop, o.id)));
    const stockBefore = await stockOf(shop);

    const response = await shop.api.post('/dashboard/orders/dispatch', {
      shipping_company_id: shop.companyId,
      order_ids: orders.map((o) => o.id),
    });
    world.sandbox.faults.clear();
    expect(response.statusCode).toBe(200);
    const body = response.json() as TDispatchResponse;
    expect(body.dispatch_success).toHaveLength(43);
    expect(body.dispatch_errors).toHaveLength(7);
    expect(body.dispatch_errors.map((e) => e.order_id).sort()).toEqual(refused.map((o) => o.id).sort());
    expect(body.dispatch_errors.every((e) => e.message.includes('Commune introuvable'))).toBe(true);
    const outcome = shippingOutcomeMessage('dispatch', body.dispatch_success.length, body.dispatch_errors);
    expect(outcome.kind).toBe('partial');
    expect(outcome.message).toMatch(/^Successfully dispatched 43 orders, but failed to dispatch 7 orders: Order \d+: /);

    // The refused orders: exactly as before (no parcel, no shipment row, no attempt, no history row).
    const after = await Promise.all(refused.map((o) => shippingStateOf(shop, o.id)));
    expect(after).toEqual(before);
    expect(after.every((s) => s.status_type === 'confirmed' && s.shipments === 0 && s.attempts === 0)).toBe(true);
    // The dispatched ones: all together (parcel, shipment, status, stock).
    const okIds = body.dispatch_success.map((s) => s.order_id);
    for (const id of okIds) {
      const state = await shippingStateOf(shop, id);
      expect(state).toMatchObject({ status_type: 'inDispatch', stock_state: 'shipped', shipments: 1, attempts: 0 });
      expect(state.tracking_number).toBe(body.dispatch_success.find((s) => s.order_id === id)!.tracking_number);
    }
    const stockAfter = await stockOf(shop);
    expect(stockAfter.on_hand).toBe(stockBefore.on_hand - 43);
    expect(stockAfter.reserved).toBe(stockBefore.reserved - 43);
    const row = await orderOf(shop, okIds[0]!);
    expect(row.shipment_status?.status).toBeTruthy();
  });

  it('answers SPEC 8 outcomes for all failed and all succeeded, and refuses what SPEC 4 does not allow', async () => {
    const shop = await shopWithCompany(world);
    const [a, b, c] = await readyOrders(shop, 3);
    const first = await dispatchOrders(shop, shop.companyId, [a!.id, b!.id]);
    expect(shippingOutcomeMessage('dispatch', first.dispatch_success.length, first.dispatch_errors).message).toBe(
      'Successfully dispatched all 2 orders!',
    );
    // Already dispatched (not in the ready tab any more): refused per order, nothing created.
    const again = await dispatchOrders(shop, shop.companyId, [a!.id]);
    expect(again.dispatch_success).toEqual([]);
    expect(shippingOutcomeMessage('dispatch', 0, again.dispatch_errors).message).toMatch(
      /^Failed to dispatch orders: /,
    );
    expect(shippingOutcomeMessage('dispatch', 0, again.dispatch_errors, true).message).toBe(
      'Failed to dispatch order: Only confirmed orders (ready tab) can be handed to a shipping company.',
    );
    expect((await shippingStateOf(shop, a!.id)).shipments).toBe(1);
    // SPEC 5: at least one order; a company is required.
    const empty = await shop.api.post('/dashboard/orders/dispatch', {
      shipping_company_id: shop.companyId,
      order_ids: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Please select at least one order to dispatch');
    const noCompany = await shop.api.post('/dashboard/orders/dispatch', { order_ids: [c!.id] });
    expect(noCompany.statusCode).toBe(422);
    expect((await shippingStateOf(shop, c!.id)).status_type).toBe('confirmed');
  });

  it('assigns to shipping (parcel created, order stays ready), then dispatches the same parcel', async () => {
    const shop = await shopWithCompany(world);
    const [order] = await readyOrders(shop, 1);
    const assigned = (
      await shop.api.post('/dashboard/orders/assign-shipping', {
        shipping_company_id: shop.companyId,
        order_ids: [order!.id],
      })
    ).json();
    expect(assigned.shipping_errors).toEqual([]);
    expect(shippingOutcomeMessage('assign', assigned.shipping_success.length, []).message).toBe(
      'Successfully assigned all 1 orders!',
    );
    const tracking = assigned.shipping_success[0].tracking_number as string;
    expect((await shippingStateOf(shop, order!.id)).status_type).toBe('confirmed');
    const dispatched = await dispatchOrders(shop, shop.companyId, [order!.id]);
    expect(dispatched.dispatch_success).toEqual([{ order_id: order!.id, tracking_number: tracking }]);
    expect(await shippingStateOf(shop, order!.id)).toMatchObject({ status_type: 'inDispatch', shipments: 1 });
  });

  it('never creates a second parcel when the carrier answer is lost (timeout), even on retry', async () => {
    const shop = await shopWithCompany(world);
    const [first, second] = await readyOrders(shop, 2);
    // 1. The answer is lost; the adapter looks the parcel up by reference and recovers it.
    world.sandbox.faults.timeout({ dialect: 'yalidine', operation: 'create', times: 1, holdMs: 3000 });
    const recovered = await dispatchOrders(shop, shop.companyId, [first!.id]);
    expect(recovered.dispatch_success).toHaveLength(1);
    const account = accountOfTracking(recovered.dispatch_success[0]!.tracking_number);
    expect(parcelsAtSandbox(String(first!.order_number), account)).toBe(1);

    // 2. The answer is lost and the lookup fails too: the outcome stays unknown, the attempt is kept.
    world.sandbox.faults.timeout({ dialect: 'yalidine', operation: 'create', times: 1, holdMs: 3000 });
    world.sandbox.faults.fail({ dialect: 'yalidine', operation: 'lookup', times: 20, status: 503 });
    const unknown = await dispatchOrders(shop, shop.companyId, [second!.id]);
    world.sandbox.faults.clear();
    expect(unknown.dispatch_success).toEqual([]);
    expect(unknown.dispatch_errors).toHaveLength(1);
    expect(await shippingStateOf(shop, second!.id)).toMatchObject({
      status_type: 'confirmed',
      shipments: 0,
      attempts: 1,
    });
    const createdAtCarrier = parcelsAtSandbox(String(second!.order_number), account);
    expect(createdAtCarrier).toBe(1);

    // 3. The retry looks the reference up first and commits the existing parcel: still one parcel.
    const retry = await dispatchOrders(shop, shop.companyId, [second!.id]);
    expect(retry.dispatch_success).toHaveLength(1);
    expect(parcelsAtSandbox(String(second!.order_number), account)).toBe(1);
    expect(await shippingStateOf(shop, second!.id)).toMatchObject({
      status_type: 'inDispatch',
      shipments: 1,
      attempts: 0,
    });
  });

  it('waits out a 429 and still dispatches; a wait too long fails fast and leaves the order untouched', async () => {
    const shop = await shopWithCompany(world);
    const [a, b] = await readyOrders(shop, 2);
    world.sandbox.faults.rateLimit({ dialect: 'yalidine', operation: 'create', times: 2, retryAfterSeconds: 1 });
    const started = Date.now();
    const paced = await dispatchOrders(shop, shop.companyId, [a!.id]);
    expect(paced.dispatch_success).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const limited = world.sandbox.requests.filter((r) => r.dialect === 'yalidine' && r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(2);

    world.sandbox.faults.rateLimit({ dialect: 'yalidine', operation: 'create', times: 5, retryAfterSeconds: 3600 });
    const refused = await dispatchOrders(shop, shop.companyId, [b!.id]);
    world.sandbox.faults.clear();
    expect(refused.dispatch_success).toEqual([]);
    expect(await shippingStateOf(shop, b!.id)).toMatchObject({ status_type: 'confirmed', shipments: 0, attempts: 0 });
    // Nothing was processed by the carrier, so the next try simply creates it.
    const next = await dispatchOrders(shop, shop.companyId, [b!.id]);
    expect(next.dispatch_success).toHaveLength(1);
  });
});
