import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TParcelTicketsResponse } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { addCompany, dispatchOrders, openShippingWorld, readyOrders, shopWithCompany } from './shipping-support.js';
import { type TShippingShop } from './shipping-support.js';

const world = await openShippingWorld();

async function dispatched(shop: TShippingShop, companyId: number, count: number) {
  const orders = await readyOrders(shop, count);
  const body = await dispatchOrders(
    shop,
    companyId,
    orders.map((o) => o.id),
  );
  expect(body.dispatch_errors).toEqual([]);
  return body.dispatch_success;
}

async function orderState(shop: TShippingShop, id: number) {
  const [row] = await rows<{
    status_type: string;
    stock_state: string;
    tracking_number: string | null;
    active: number;
  }>(
    world.database.db,
    sql`select o.status_type, o.stock_state, o.tracking_number,
          (select count(*)::int from shipments s where s.tenant_id = o.tenant_id and s.order_id = o.id and s.active) as active
        from orders o where o.tenant_id = ${shop.tenant.id} and o.id = ${id}`,
  );
  return row!;
}

describe('shipment actions (issue 5.5-5.7, 5.9)', () => {
  it('validates dispatched orders into the inDelivery tab, one message per SPEC 8', async () => {
    const shop = await shopWithCompany(world);
    const [a, b] = await dispatched(shop, shop.companyId, 2);
    const [ready] = await readyOrders(shop, 1);
    const answer = await shop.api.post('/dashboard/orders/validate-dispatched', {
      order_ids: [a!.order_id, ready!.id],
    });
    expect(answer.json()).toMatchObject({
      success: true,
      message: `Order ${a!.order_id} validated successfully`,
      validated: [a!.order_id],
      errors: [{ order_id: ready!.id, message: 'Only dispatched orders can be validated.' }],
    });
    expect((await orderState(shop, a!.order_id)).status_type).toBe('follow-up');
    expect((await orderState(shop, b!.order_id)).status_type).toBe('inDispatch');
    const none = await shop.api.post('/dashboard/orders/validate-dispatched', { order_ids: [] });
    expect(none.json().message).toBe('Please select at least one order to dispatch');
  });

  it('goes back from the ready tab (cancelling a parcel not yet moving) and releases the stock', async () => {
    const shop = await shopWithCompany(world);
    const [order] = await readyOrders(shop, 1);
    await shop.api.post('/dashboard/orders/assign-shipping', {
      shipping_company_id: shop.companyId,
      order_ids: [order!.id],
    });
    expect(await orderState(shop, order!.id)).toMatchObject({
      status_type: 'confirmed',
      stock_state: 'reserved',
      active: 1,
    });
    const back = await shop.api.post(`/dashboard/orders/${order!.id}/go-back`);
    expect(back.statusCode).toBe(200);
    expect(await orderState(shop, order!.id)).toEqual({
      status_type: 'new',
      stock_state: 'none',
      tracking_number: null,
      active: 0,
    });
    const again = await shop.api.post(`/dashboard/orders/${order!.id}/go-back`);
    expect(again.statusCode).toBe(422);
  });

  it("cancels a shipment when the carrier allows: 'Order cancelled successfully', stock back on the shelf", async () => {
    const shop = await shopWithCompany(world);
    const [parcel] = await dispatched(shop, shop.companyId, 1);
    const cancelled = await shop.api.post(`/dashboard/orders/${parcel!.order_id}/cancel-shipment`);
    expect(cancelled.json()).toEqual({
      success: true,
      message: 'Order cancelled successfully',
      code: 'shipping.cancelled',
      params: {},
    });
    expect(await orderState(shop, parcel!.order_id)).toMatchObject({
      status_type: 'cancelled',
      stock_state: 'returned',
      active: 0,
    });
    const twice = await shop.api.post(`/dashboard/orders/${parcel!.order_id}/cancel-shipment`);
    expect(twice.statusCode).toBe(422);
    // Once the parcel has moved, the carrier's rule refuses and nothing changes.
    const [moving] = await dispatched(shop, shop.companyId, 1);
    world.sandbox.setScenario(moving!.tracking_number, 'delivered');
    await world.sandbox.clock.advance(20 * 3_600_000);
    await shop.api.post(`/dashboard/orders/${moving!.order_id}/refresh-shipment`);
    const refused = await shop.api.post(`/dashboard/orders/${moving!.order_id}/cancel-shipment`);
    expect(refused.statusCode).toBe(409);
    expect((await orderState(shop, moving!.order_id)).active).toBe(1);
  });

  it('answers the timeline empty state and hides other shops', async () => {
    const shop = await shopWithCompany(world);
    const [order] = await readyOrders(shop, 1);
    const empty = await shop.api.get(`/orders/${order!.id}/shipment-timeline`);
    expect(empty.json()).toEqual({ success: true, order: { id: order!.id, current_shipment: null } });
    const other = await shopWithCompany(world);
    expect((await other.api.get(`/orders/${order!.id}/shipment-timeline`)).statusCode).toBe(404);
    const tickets = (await other.api.post('/dashboard/orders/view-parcel-tickets', { order_ids: [order!.id] })).json();
    expect(tickets).toMatchObject({ success: false, results: [] });
  });

  it('serves parcel tickets by short-lived signed links: the carrier label, else our own A6 label', async () => {
    const shop = await shopWithCompany(world);
    const own = await addCompany(world, shop.api, { kind: 'manual', code: 'own-drivers', name: 'Own drivers' });
    const ecotrack = await addCompany(world, shop.api, { kind: 'ecotrack', code: 'dhd', name: 'DHD' });
    const [mine] = await dispatched(shop, own, 1);
    const [eco] = await dispatched(shop, ecotrack, 1);
    const [yal] = await dispatched(shop, shop.companyId, 1);
    const [waiting] = await readyOrders(shop, 1);
    const answer = (
      await shop.api.post('/dashboard/orders/view-parcel-tickets', {
        order_ids: [mine!.order_id, eco!.order_id, yal!.order_id, waiting!.id],
      })
    ).json() as TParcelTicketsResponse;
    expect(answer.results.map((r) => r.order_id)).toEqual([mine!.order_id, eco!.order_id, yal!.order_id]);
    expect(answer.errors).toEqual([
      {
        order_id: waiting!.id,
        message: 'This order has no parcel at a shipping company.',
        code: 'shipping.no_shipment',
        params: {},
      },
    ]);
    for (const result of answer.results.slice(0, 2)) {
      // No Authorization header: the link itself is the access.
      const pdf = await world.app.inject({ method: 'GET', url: result.parcel_ticket_url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Yalidine gives a label URL: the link redirects there.
    const redirect = await world.app.inject({ method: 'GET', url: answer.results[2]!.parcel_ticket_url });
    expect(redirect.statusCode).toBe(302);
    // A tampered link is refused.
    const tampered = answer.results[0]!.parcel_ticket_url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await world.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it('notifies the EcoTrack driver (an empty message sends nothing) and reads driver updates', async () => {
    const shop = await shopWithCompany(world);
    const ecotrack = await addCompany(world, shop.api, { kind: 'ecotrack', code: 'dhd', name: 'DHD' });
    const [eco] = await dispatched(shop, ecotrack, 1);
    const [yal] = await dispatched(shop, shop.companyId, 1);
    const notes = () => world.sandbox.requests.filter((r) => r.operation === 'notes' && r.method === 'POST').length;
    const before = notes();
    const empty = await shop.api.post(`/dashboard/orders/${eco!.order_id}/ecotrack-notify-driver`, { message: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(notes()).toBe(before);
    const sent = await shop.api.post(`/dashboard/orders/${eco!.order_id}/ecotrack-notify-driver`, {
      message: 'Appeler avant 17h',
    });
    expect(sent.json()).toEqual({
      success: true,
      message: 'Driver notified successfully',
      code: 'shipping.driver_notified',
      params: {},
    });
    expect(notes()).toBe(before + 1);
    const updates = await shop.api.get(`/dashboard/orders/${eco!.order_id}/ecotrack-driver-updates`);
    expect(updates.statusCode).toBe(200);
    expect(Array.isArray(updates.json().updates)).toBe(true);
    // SPEC 6: only for ecotrack shipments.
    const wrong = await shop.api.post(`/dashboard/orders/${yal!.order_id}/ecotrack-notify-driver`, { message: 'x' });
    expect(wrong.statusCode).toBe(422);
  });

  it('acts on a scanned barcode: select, validate, and the SPEC 8 messages', async () => {
    const shop = await shopWithCompany(world);
    const [parcel] = await dispatched(shop, shop.companyId, 1);
    const scan = (barcode: string, action: string) => shop.api.post('/api/orders/barcode-action', { barcode, action });
    expect((await scan('', 'select')).json().message).toBe('Please enter a barcode');
    const missing = await scan('NOPE-404', 'select');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Order not found for scanned barcode',
      code: 'shipping.barcode_not_found',
      params: {},
    });
    const selected = await scan(parcel!.tracking_number, 'select');
    expect(selected.json()).toMatchObject({ success: true, order_id: parcel!.order_id });
    const validated = await scan(parcel!.tracking_number, 'validate');
    expect(validated.json()).toEqual({
      success: true,
      message: `Order ${parcel!.order_id} validated successfully`,
      code: 'shipping.validated',
      params: { id: parcel!.order_id },
      order_id: parcel!.order_id,
    });
    const twice = await scan(parcel!.tracking_number, 'validate');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().success).toBe(false);
  });
});
