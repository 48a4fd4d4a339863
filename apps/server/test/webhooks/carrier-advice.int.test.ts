import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TCarrierAdvice } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { openTestApp } from '../support/test-db.js';

// Issue 15.6 on PGlite or PostgreSQL: the advice's numbers on a hand-made history (docs/decisions/0091).
const { app, database } = await openTestApp();
const db = database.db;

async function company(shop: TShop, code: string, homeFee?: number): Promise<number> {
  const response = await shop.api.post('/dashboard/shipping-companies', { kind: 'manual', code, name: code });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as number;
  if (homeFee !== undefined) {
    await db.execute(sql`insert into shipping_fees (tenant_id, shipping_company_id, state_id, home_fee, stopdesk_fee)
      values (${shop.tenant.id}, ${id}, 16, ${homeFee}, ${homeFee - 100})`);
  }
  return id;
}

/** An order of the shop's past: dispatched `ago` days ago through the company, then delivered (after `days`) or returned. */
async function past(
  shop: TShop,
  companyId: number,
  outcome: 'delivered' | 'returned',
  place: { state: number; city: number },
  ago = 10,
  days = 0,
) {
  const order = await createOrder(shop.api, orderBody(shop, { state_id: place.state, city_id: place.city }));
  const tenantId = shop.tenant.id;
  await db.execute(sql`update orders set shipping_company_id = ${companyId}, status_id = ${shop.status[outcome]!},
      status_type = ${outcome}, dispatched_at = now() - make_interval(days => ${ago})
    where tenant_id = ${tenantId} and id = ${order.id}`);
  await db.execute(sql`insert into shipments (tenant_id, order_id, shipping_company_id, reference, tracking_number, status, status_at)
    values (${tenantId}, ${order.id}, ${companyId}, ${`ref-${order.id}`}, ${`TRK${order.id}`},
            ${outcome === 'delivered' ? 'delivered' : 'taken_by_store'},
            now() - make_interval(days => ${ago}) + make_interval(days => ${days}))`);
}

async function advice(shop: TShop, orderIds: number[]): Promise<TCarrierAdvice> {
  const response = await shop.api.get(`/dashboard/carrier-advice?order_ids=${orderIds.join(',')}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('carrier advice', () => {
  it("counts the shop's last 90 days per company in the wilaya and commune, and picks the best", async () => {
    const shop = await shopWithCatalogue(app, database);
    const [other] = await rows<{ id: number }>(
      db,
      sql`select id from cities where state_id = 16 and id <> 1601 order by id limit 1`,
    );
    const alger = { state: 16, city: 1601 };
    const elsewhere = { state: 16, city: other!.id };
    const fast = await company(shop, 'fast', 400);
    const steady = await company(shop, 'steady', 600);
    const idle = await company(shop, 'idle');
    // fast: 8 delivered in 2 days (3 of them in 1601), 2 returned: 80 % in the wilaya, too few in 1601.
    for (let i = 0; i < 3; i++) await past(shop, fast, 'delivered', alger, 10, 2);
    for (let i = 0; i < 5; i++) await past(shop, fast, 'delivered', elsewhere, 10, 2);
    for (let i = 0; i < 2; i++) await past(shop, fast, 'returned', elsewhere);
    // steady: 9 delivered in 4 days, 1 returned: 90 % in the wilaya; 1601: 5 of 6 (83 %).
    for (let i = 0; i < 5; i++) await past(shop, steady, 'delivered', alger, 20, 4);
    for (let i = 0; i < 4; i++) await past(shop, steady, 'delivered', elsewhere, 20, 4);
    await past(shop, steady, 'returned', alger);
    // Outside the question: older than 90 days, another wilaya.
    for (let i = 0; i < 3; i++) await past(shop, steady, 'returned', alger, 120);
    await past(shop, fast, 'returned', { state: 31, city: 3101 });

    const inAlger = await createOrder(shop.api, orderBody(shop, { state_id: 16, city_id: 1601 }));
    const a = await advice(shop, [inAlger.id]);
    expect(a).toMatchObject({ state_id: 16, city_id: 1601, window_days: 90, preselect: false });
    const byId = new Map(a.rows.map((r) => [r.shipping_company_id, r]));
    expect(byId.get(fast)).toMatchObject({
      wilaya: { delivered: 8, returned: 2, avg_delivery_days: 2 },
      commune: { delivered: 3, returned: 0, avg_delivery_days: 2 },
      fee_centimes: 40000,
      rate: 0.8,
      basis: 'wilaya',
    });
    expect(byId.get(steady)).toMatchObject({
      wilaya: { delivered: 9, returned: 1, avg_delivery_days: 4 },
      commune: { delivered: 5, returned: 1, avg_delivery_days: 4 },
      fee_centimes: 60000,
      basis: 'commune',
    });
    expect(byId.get(steady)!.rate).toBeCloseTo(5 / 6, 5);
    expect(byId.get(idle)).toMatchObject({
      wilaya: { delivered: 0, returned: 0, avg_delivery_days: null },
      fee_centimes: null,
      rate: null,
    });
    // 80 % and 83 %: a tie within 5 points, the faster company wins.
    expect(a.best_company_id).toBe(fast);

    // Elsewhere in the wilaya the commune says nothing: 90 % against 80 %.
    const inOther = await createOrder(shop.api, orderBody(shop, { state_id: 16, city_id: elsewhere.city }));
    const otherAdvice = await advice(shop, [inOther.id]);
    expect(otherAdvice.best_company_id, JSON.stringify(otherAdvice)).toBe(steady);
    // Both together: one wilaya, no one commune.
    const both = await advice(shop, [inAlger.id, inOther.id]);
    expect(both).toMatchObject({ state_id: 16, city_id: null, best_company_id: steady });
    expect(both.rows.every((r) => r.commune === null)).toBe(true);
    // Several wilayas: no advice.
    const oran = await createOrder(shop.api, orderBody(shop, { state_id: 31, city_id: 3101 }));
    expect(await advice(shop, [inAlger.id, oran.id])).toMatchObject({
      state_id: null,
      rows: [],
      best_company_id: null,
    });

    // The pre-selection is the shop's setting.
    const saved = await shop.api.put('/dashboard/carrier-advice/settings', { preselect: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await advice(shop, [inAlger.id])).preselect).toBe(true);
    expect((await shop.api.put('/dashboard/carrier-advice/settings', { preselect: 'yes' })).statusCode).toBe(422);
    // About thirty orders made through the API: slow on a loaded machine.
  }, 180_000);

  it("never reads another shop's history or orders", async () => {
    const mine = await shopWithCatalogue(app, database);
    const theirs = await shopWithCatalogue(app, database);
    const theirCompany = await company(theirs, 'theirs');
    for (let i = 0; i < 5; i++) await past(theirs, theirCompany, 'delivered', { state: 16, city: 1601 });
    const order = await createOrder(mine.api, orderBody(mine));
    const a = await advice(mine, [order.id]);
    expect(a.rows.find((r) => r.shipping_company_id === theirCompany)).toBeUndefined();
    const theirOrder = await createOrder(theirs.api, orderBody(theirs));
    expect((await advice(mine, [theirOrder.id])).state_id).toBeNull();
    expect((await mine.api.get('/dashboard/carrier-advice?order_ids=abc')).statusCode).toBe(422);
  }, 60_000);
});
