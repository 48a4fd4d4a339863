import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDispatchResponse, TShipmentTimelineResponse } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { carrierKeyring } from '../../src/modules/shipping-companies/carrier-runtime.js';
import { pollShipments } from '../../src/modules/shipping/status-poll.js';
import { testConfig } from '../support/test-db.js';
import {
  addCompany,
  openShippingWorld,
  readyOrders,
  shopWithCompany,
  TEST_CARRIER_KEY,
  type TShippingShop,
} from './shipping-support.js';

const world = await openShippingWorld();
let baseUrl = '';
const DAY = 86_400_000;

beforeAll(async () => {
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
});

async function dispatch(shop: TShippingShop, companyId: number, orderIds: number[]) {
  const body = (
    await shop.api.post('/dashboard/orders/dispatch', { shipping_company_id: companyId, order_ids: orderIds })
  ).json() as TDispatchResponse;
  expect(body.dispatch_errors).toEqual([]);
  return new Map(body.dispatch_success.map((s) => [s.order_id, s.tracking_number]));
}

async function stateOf(shop: TShippingShop, orderId: number) {
  const [row] = await rows<{
    status_type: string;
    shipment_status: string | null;
    stock_state: string;
    events: number;
  }>(
    world.database.db,
    sql`select o.status_type, o.shipment_status, o.stock_state,
          (select count(*)::int from shipment_statuses e join shipments s on s.tenant_id = e.tenant_id and s.id = e.shipment_id
            where s.tenant_id = o.tenant_id and s.order_id = o.id) as events
        from orders o where o.tenant_id = ${shop.tenant.id} and o.id = ${orderId}`,
  );
  return row!;
}

async function webhookUrlOf(shop: TShippingShop, companyId: number) {
  const view = (await shop.api.get(`/dashboard/shipping-companies/${companyId}`)).json();
  return `${baseUrl}${new URL(view.webhook_url as string).pathname}`;
}

/** A shop with a carrier of `company`'s kind, and one order dispatched with it that the sandbox will deliver. */
async function deliveringWith(company: Parameters<typeof addCompany>[2]) {
  const shop = await shopWithCompany(world);
  const companyId = await addCompany(world, shop.api, company);
  const [order] = await readyOrders(shop, 1);
  const tracking = (await dispatch(shop, companyId, [order!.id])).get(order!.id)!;
  world.sandbox.setScenario(tracking, 'delivered');
  return { shop, companyId, order: order!, tracking };
}

describe('status sync (issue 5.8)', () => {
  it('applies signed Yalidine webhooks, duplicated and out of order, to the right final statuses', async () => {
    const shop = await shopWithCompany(world);
    const [delivered, returned] = await readyOrders(shop, 2);
    const trackings = await dispatch(shop, shop.companyId, [delivered!.id, returned!.id]);
    world.sandbox.setScenario(trackings.get(delivered!.id)!, 'delivered');
    world.sandbox.setScenario(trackings.get(returned!.id)!, 'returned');
    const [stockBefore] = await rows<{ on_hand: number }>(
      world.database.db,
      sql`select on_hand from products where tenant_id = ${shop.tenant.id} and id = ${shop.perfume.id}`,
    );
    expect(
      await world.sandbox.webhooks.configure('yalidine', {
        url: await webhookUrlOf(shop, shop.companyId),
        secret: 'sandbox-webhook-secret',
      }),
    ).toEqual({ validated: true });
    world.sandbox.faults.webhooks({ duplicate: true, reverse: true });
    const advanced = await world.sandbox.clock.advance(10 * DAY);
    world.sandbox.faults.clear();
    expect(advanced.webhookEvents).toBeGreaterThan(0);
    const mine = world.sandbox.webhooks.deliveries.filter((d) => d.url.startsWith(baseUrl));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.status === 200)).toBe(true);

    const a = await stateOf(shop, delivered!.id);
    expect(a).toMatchObject({ status_type: 'delivered', shipment_status: 'delivered' });
    const b = await stateOf(shop, returned!.id);
    expect(b).toMatchObject({ status_type: 'returned', shipment_status: 'taken_by_store', stock_state: 'returned' });
    const [stockAfter] = await rows<{ on_hand: number }>(
      world.database.db,
      sql`select on_hand from products where tenant_id = ${shop.tenant.id} and id = ${shop.perfume.id}`,
    );
    expect(stockAfter!.on_hand).toBe(stockBefore!.on_hand + 1);

    // Replaying every delivery again changes nothing (same events, same final statuses).
    for (const delivery of mine) {
      const replay = await fetch(delivery.url, { method: 'POST', headers: delivery.headers, body: delivery.body });
      expect(replay.status).toBe(200);
    }
    expect(await stateOf(shop, delivered!.id)).toEqual(a);
    expect(await stateOf(shop, returned!.id)).toEqual(b);

    // The timeline: newest first, SPEC 4 colours, the carrier's words kept.
    const timeline = (
      await shop.api.get(`/orders/${delivered!.id}/shipment-timeline`)
    ).json() as TShipmentTimelineResponse;
    const shipment = timeline.order.current_shipment!;
    expect(shipment.status).toBe('delivered');
    expect(shipment.statuses[0]).toMatchObject({ status: 'delivered', color: 'success', raw_status: 'Livré' });
    expect(shipment.statuses.at(-1)!.metadata.source).toBe('dispatch');
    expect(new Set(shipment.statuses.map((s) => s.color))).toContain('primary');
  });

  it('applies ZR Express (Svix-signed) webhooks, one message per event, replayed harmlessly', async () => {
    const { shop, companyId: zr, order } = await deliveringWith({ kind: 'zr_express', code: 'zr_express', name: 'ZR' });
    await world.sandbox.webhooks.configure('zr', {
      url: await webhookUrlOf(shop, zr),
      secret: 'whsec_c2FuZGJveC16ci13ZWJob29rLXNlY3JldA==',
    });
    world.sandbox.faults.webhooks({ duplicate: true, reverse: true });
    await world.sandbox.clock.advance(10 * DAY);
    world.sandbox.faults.clear();
    const mine = world.sandbox.webhooks.deliveries.filter((d) => d.dialect === 'zr' && d.url.startsWith(baseUrl));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.status === 200)).toBe(true);
    const final = await stateOf(shop, order!.id);
    expect(final).toMatchObject({ status_type: 'delivered', shipment_status: 'delivered' });
  });

  it('refuses a webhook with a bad signature or an unknown address and changes nothing', async () => {
    const shop = await shopWithCompany(world);
    const [order] = await readyOrders(shop, 1);
    const tracking = (await dispatch(shop, shop.companyId, [order!.id])).get(order!.id)!;
    const before = await stateOf(shop, order!.id);
    const body = JSON.stringify({
      type: 'parcel_status_updated',
      events: [{ event_id: 'forged-1', occurred_at: '2030-01-01 10:00:00', data: { tracking, status: 'Livré' } }],
    });
    const url = await webhookUrlOf(shop, shop.companyId);
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-yalidine-signature': 'ab'.repeat(32) },
      body,
    });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    const unknown = await fetch(`${baseUrl}/webhooks/carriers/not-a-real-token-123`, { method: 'POST', body });
    expect(unknown.status).toBe(404);
    expect(await stateOf(shop, order!.id)).toEqual(before);
    // The endpoint validation challenge is echoed.
    const crc = await fetch(`${url}?subscribe&crc_token=abc123`);
    expect(await crc.text()).toBe('abc123');
  });

  it('polls pull-only carriers (EcoTrack) and moves the order once delivered', async () => {
    const { shop, order } = await deliveringWith({ kind: 'ecotrack', code: 'dhd', name: 'DHD' });
    // EcoTrack parcels move only once validated (create then validate).
    const validated = (await shop.api.post('/dashboard/orders/validate-dispatched', { order_ids: [order!.id] })).json();
    expect(validated).toMatchObject({ success: true, message: `Order ${order!.id} validated successfully` });
    expect((await stateOf(shop, order!.id)).status_type).toBe('follow-up');
    await world.sandbox.clock.advance(10 * DAY);

    const keyring = await carrierKeyring(testConfig({ CARRIER_SECRET_KEY: TEST_CARRIER_KEY }));
    const result = await pollShipments(world.database.db, keyring, pino({ level: 'silent' }), {
      tenantId: shop.tenant.id,
    });
    expect(result.failures).toBe(0);
    expect(await stateOf(shop, order!.id)).toMatchObject({ status_type: 'delivered', shipment_status: 'delivered' });
    const events = (await stateOf(shop, order!.id)).events;
    // A second poll finds nothing new (the parcel is final and no longer polled; replays insert once).
    await pollShipments(world.database.db, keyring, pino({ level: 'silent' }), { tenantId: shop.tenant.id });
    expect((await stateOf(shop, order!.id)).events).toBe(events);
    // Refresh answers the same status and adds nothing.
    const refreshed = await shop.api.post(`/dashboard/orders/${order!.id}/refresh-shipment`);
    expect(refreshed.json()).toMatchObject({ success: true, status: 'delivered' });
    expect((await stateOf(shop, order!.id)).events).toBe(events);
  });
});
