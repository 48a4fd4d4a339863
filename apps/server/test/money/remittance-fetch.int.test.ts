import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARRIER_KINDS, type TDispatchResponse } from '@cod/shared';
import { PAYMENT_STATUS_SUPPORT } from '../../src/carriers/carrier.js';
import { createCarrierAdapter } from '../../src/carriers/registry.js';
import { sandboxFee } from '../../src/carriers/sandbox/geo.js';
import { rows } from '../../src/db/client.js';
import { addCompany, openShippingWorld, readyOrders, shopWithCompany } from '../shipping/shipping-support.js';
import { daysAgo } from './money-support.js';

const world = await openShippingWorld();
const DAY = 86_400_000;

/**
 * "Fetch from carrier" (issue 13.4, decision 0113) through the sandbox's Yalidine: a delivered
 * parcel is "payed" one sandbox day after delivery, for its price less its delivery fee; the
 * payment statement goes through the same matcher as an uploaded one.
 */
describe('remittance fetched from the carrier (decision 0113)', () => {
  it('only the adapters whose carrier documents a payment status offer it', () => {
    for (const kind of CARRIER_KINDS) {
      const adapter = createCarrierAdapter({
        kind,
        code: kind,
        baseUrl: 'http://127.0.0.1:9',
        credentials: { api_id: 'x', api_token: 'x', api_key: 'x', tenant_id: 'x', user_guid: 'x' },
      });
      expect(typeof adapter.getPayments === 'function', kind).toBe(PAYMENT_STATUS_SUPPORT[kind]);
    }
  });

  it('pulls the paid parcels of the sandbox and matches them like an uploaded statement', async () => {
    const shop = await shopWithCompany(world);
    const tenantId = shop.tenant.id;
    const orders = await readyOrders(shop, 3);
    const ids = orders.map((o) => o.id);
    const dispatched = (
      await shop.api.post('/dashboard/orders/dispatch', { shipping_company_id: shop.companyId, order_ids: ids })
    ).json() as TDispatchResponse;
    expect(dispatched.dispatch_errors).toEqual([]);
    const tracking = new Map(dispatched.dispatch_success.map((s) => [s.order_id, s.tracking_number]));
    world.sandbox.setScenario(tracking.get(ids[0]!)!, 'delivered');
    world.sandbox.setScenario(tracking.get(ids[1]!)!, 'delivered');
    world.sandbox.setScenario(tracking.get(ids[2]!)!, 'stuck');
    await world.sandbox.clock.advance(10 * DAY);

    // The shop's grid says what the sandbox charges for Algiers; the shop sees the three delivered.
    const fee = sandboxFee(16).home;
    await world.database.db.execute(
      sql`insert into shipping_fees (tenant_id, shipping_company_id, state_id, home_fee, stopdesk_fee)
          values (${tenantId}, ${shop.companyId}, 16, ${fee}, ${fee - 150})
          on conflict (tenant_id, shipping_company_id, state_id) do update set home_fee = excluded.home_fee`,
    );
    await world.database.db.execute(
      sql`update orders set status_id = ${shop.status.delivered!}, status_type = 'delivered'
          where tenant_id = ${tenantId} and id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const [{ owed_each } = { owed_each: 0 }] = await rows<{ owed_each: number }>(
      world.database.db,
      sql`select ((total - ${fee}) * 100)::int as owed_each from orders where tenant_id = ${tenantId} and id = ${ids[0]!}`,
    );
    const carriers = async () =>
      (await shop.api.get('/dashboard/remittances/carriers'))
        .json()
        .data.find((c: { shipping_company_id: number }) => c.shipping_company_id === shop.companyId);
    expect(await carriers()).toMatchObject({ parcels: 3, owed_centimes: 3 * owed_each, fetch_payments: true });

    const box = (await shop.api.post('/dashboard/cases', { name: 'Banque', kind: 'bank' })).json();
    const header = { shipping_company_id: shop.companyId, box_id: box.id, received_on: daysAgo(0) };
    const fetched = await shop.api.post('/dashboard/remittances/fetch', header);
    expect(fetched.statusCode, fetched.body).toBe(201);
    const result = fetched.json();
    expect(result).toMatchObject({
      matched_count: 2,
      issue_count: 0,
      amount_centimes: 2 * owed_each,
      matched_centimes: 2 * owed_each,
      file_name: null,
    });
    expect(result.reference).toMatch(/^PAY-\d{8}$/);
    // The cash is in the bank; the carrier owes the parcel it has not paid.
    const cases = (await shop.api.get('/dashboard/cases')).json();
    expect(cases.boxes.find((b: { id: number }) => b.id === box.id).balance_centimes).toBe(2 * owed_each);
    expect(await carriers()).toMatchObject({ parcels: 1, owed_centimes: owed_each });
    const [paid] = await rows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from remittance_parcels where tenant_id = ${tenantId}
          and order_id = any(${`{${ids.slice(0, 2).join(',')}}`}::int[])`,
    );
    expect(paid!.n).toBe(2);

    // Asked again: nothing new is paid, a clear message and nothing recorded.
    const again = await shop.api.post('/dashboard/remittances/fetch', header);
    expect(again.statusCode).toBe(422);
    expect(again.json().error_codes.shipping_company_id[0]).toMatchObject({
      code: 'money.carrier_nothing_paid',
      params: { carrier: 'yalidine' },
    });
    expect((await shop.api.get('/dashboard/remittances')).json().total).toBe(1);

    // A carrier without a payment status: not offered, refused with its message.
    const manual = await addCompany(world, shop.api, { kind: 'manual', code: 'own', name: 'Nos livreurs' });
    const refused = await shop.api.post('/dashboard/remittances/fetch', { ...header, shipping_company_id: manual });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_codes.shipping_company_id[0].code).toBe('money.carrier_payments_unsupported');
    const list = (await shop.api.get('/dashboard/remittances/carriers')).json().data;
    expect(list.find((c: { shipping_company_id: number }) => c.shipping_company_id === manual).fetch_payments).toBe(
      false,
    );
  });
});
