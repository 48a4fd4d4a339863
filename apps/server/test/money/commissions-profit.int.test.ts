import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn, type TDispatchResponse } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { adSpendPoster, commissionPayer, manualCarrier } from './money-support.js';
import { openShippingWorld, readyOrders, shopWithCompany, type TShippingShop } from '../shipping/shipping-support.js';

const world = await openShippingWorld();
const db = world.database.db;
let baseUrl = '';
const DAY = 86_400_000;

beforeAll(async () => {
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
});

async function setCommission(tenantId: number, userId: number, set: ReturnType<typeof sql>) {
  await db.execute(sql`update users set ${set} where tenant_id = ${tenantId} and id = ${userId}`);
}

async function ledgerOf(tenantId: number, orderId: number) {
  return rows<{ kind: string; amount_centimes: string; rule_on: string }>(
    db,
    sql`select kind, amount_centimes::text as amount_centimes, rule_on from agent_commissions
        where tenant_id = ${tenantId} and order_id = ${orderId} order by id`,
  );
}

async function dispatch(shop: TShippingShop, orderIds: number[]) {
  const body = (
    await shop.api.post('/dashboard/orders/dispatch', { shipping_company_id: shop.companyId, order_ids: orderIds })
  ).json() as TDispatchResponse;
  expect(body.dispatch_errors).toEqual([]);
  return new Map(body.dispatch_success.map((s) => [s.order_id, s.tracking_number]));
}

describe('agent commissions (issue 13.5)', () => {
  it('a returned order reverses its commission once, however often (and however concurrently) the webhook repeats', async () => {
    const shop = await shopWithCompany(world);
    const tenantId = shop.tenant.id;
    const confirmer = await agentOf(world.app, world.database, shop, 'Amina Confirm');
    const deliverer = await agentOf(world.app, world.database, shop, 'Bilal Deliver');
    await setCommission(
      tenantId,
      confirmer.id,
      sql`commission_type = 'fixed', commission_amount = 150, commission_on = 'confirmed'`,
    );
    await setCommission(
      tenantId,
      deliverer.id,
      sql`commission_type = 'percent', commission_rate = 2.5, commission_on = 'delivered'`,
    );

    // Confirmed: the confirmer's two orders earn 150 DA each; the deliverer's rule waits for delivery.
    const [returned, delivered] = await readyOrders(shop, 2, { agent_id: confirmer.id });
    const [laterDelivered] = await readyOrders(shop, 1, { agent_id: deliverer.id });
    expect(await ledgerOf(tenantId, returned!.id)).toEqual([
      { kind: 'earned', amount_centimes: '15000', rule_on: 'confirmed' },
    ]);
    expect(await ledgerOf(tenantId, laterDelivered!.id)).toEqual([]);

    const trackings = await dispatch(shop, [returned!.id, delivered!.id, laterDelivered!.id]);
    world.sandbox.setScenario(trackings.get(returned!.id)!, 'returned');
    world.sandbox.setScenario(trackings.get(delivered!.id)!, 'delivered');
    world.sandbox.setScenario(trackings.get(laterDelivered!.id)!, 'delivered');
    const view = (await shop.api.get(`/dashboard/shipping-companies/${shop.companyId}`)).json();
    expect(
      await world.sandbox.webhooks.configure('yalidine', {
        url: `${baseUrl}${new URL(view.webhook_url as string).pathname}`,
        secret: 'sandbox-webhook-secret',
      }),
    ).toEqual({ validated: true });
    world.sandbox.faults.webhooks({ duplicate: true, reverse: true });
    await world.sandbox.clock.advance(10 * DAY);
    world.sandbox.faults.clear();
    const mine = world.sandbox.webhooks.deliveries.filter((d) => d.url.startsWith(baseUrl));
    expect(mine.length).toBeGreaterThan(0);

    // Every delivery replayed three times at once, and the returned status set again by hand, at once.
    const replays = await Promise.all(
      [...mine, ...mine, ...mine].map((d) => fetch(d.url, { method: 'POST', headers: d.headers, body: d.body })),
    );
    expect(replays.every((r) => r.status === 200)).toBe(true);
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.api.patch(`/dashboard/orders/${returned!.id}/status`, { status: shop.status.returned }),
      ),
    );
    expect(again.every((r) => r.statusCode === 200)).toBe(true);

    const [state] = await rows<{ status_type: string }>(
      db,
      sql`select status_type from orders where tenant_id = ${tenantId} and id = ${returned!.id}`,
    );
    expect(state!.status_type).toBe('returned');
    expect(await ledgerOf(tenantId, returned!.id)).toEqual([
      { kind: 'earned', amount_centimes: '15000', rule_on: 'confirmed' },
      { kind: 'reversed', amount_centimes: '-15000', rule_on: 'confirmed' },
    ]);
    expect(await ledgerOf(tenantId, delivered!.id)).toEqual([
      { kind: 'earned', amount_centimes: '15000', rule_on: 'confirmed' },
    ]);
    // 2.5 % of 3 000 DA = 75 DA, earned on delivery, once.
    expect(await ledgerOf(tenantId, laterDelivered!.id)).toEqual([
      { kind: 'earned', amount_centimes: '7500', rule_on: 'delivered' },
    ]);

    // The agent's month: earned 300, reversed 150, net and due 150; the lines of the month.
    const month = dayIn(new Date(), 'Africa/Algiers').slice(0, 7);
    const own = (await confirmer.api.get(`/dashboard/commissions?month=${month}&agent_id=${deliverer.id}`)).json();
    expect(own.data).toEqual([
      expect.objectContaining({
        agent_id: confirmer.id,
        orders: 2,
        reversed_orders: 1,
        earned_centimes: 30_000,
        reversed_centimes: 15_000,
        net_centimes: 15_000,
        paid_centimes: 0,
        due_centimes: 15_000,
      }),
    ]);
    expect(own.lines).toHaveLength(3);
    // The home's "commission this month" is the ledger's.
    const home = (await confirmer.api.get('/dashboard/home')).json();
    expect(home.queue.commission).toMatchObject({ orders: 1, earned: 15_000 });

    // The owner sees both agents, with a totals row; pays 100 DA out of a box as a salaries expense.
    const all = (await shop.api.get(`/dashboard/commissions?month=${month}`)).json();
    expect(all.data.map((r: { name: string }) => r.name)).toEqual(['Amina Confirm', 'Bilal Deliver']);
    expect(all.totals).toMatchObject({ net_centimes: 22_500, due_centimes: 22_500 });
    const opened = await shop.api.post('/dashboard/cases', { name: 'Caisse', kind: 'cash', opening_centimes: 100_000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const box = opened.json();
    const pay = commissionPayer(shop, confirmer.id, box.id);
    expect((await confirmer.api.post('/dashboard/commissions/payouts', {})).statusCode).toBe(403);
    // Two payouts of 100 DA at once: only one fits in the 150 DA due.
    const both = await Promise.all([pay(10_000), pay(10_000)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = both.find((r) => r.statusCode === 422)!.json();
    expect(refused.errors.amount_centimes[0]).toMatch(/more than the commission due/);
    const after = (await shop.api.get(`/dashboard/commissions?month=${month}&agent_id=${confirmer.id}`)).json();
    expect(after.data[0]).toMatchObject({ paid_centimes: 10_000, due_centimes: 5_000 });
    const [drawer] = await rows<{ balance: string }>(
      db,
      sql`select balance_centimes::text as balance from cash_boxes where tenant_id = ${tenantId} and id = ${box.id}`,
    );
    expect(drawer!.balance).toBe('90000');
    const expenses = (await shop.api.get('/dashboard/expenses')).json();
    expect(expenses.data[0]).toMatchObject({
      amount_centimes: 10_000,
      category_code: 'salaries',
      note: 'Amina Confirm',
    });

    // Export of the month.
    const xlsx = await shop.api.get(`/dashboard/commissions/export?month=${month}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The embedded database answers the replays one at a time: give it the time.
  }, 120_000);
});

describe('order profit (issue 13.6)', () => {
  it('matches a hand calculation, delivered and returned', async () => {
    const shop = await shopWithCatalogue(world.app, world.database);
    const tenantId = shop.tenant.id;
    const agent = await agentOf(world.app, world.database, shop, 'Chafia Agent');
    await setCommission(
      tenantId,
      agent.id,
      sql`commission_type = 'percent', commission_rate = 2.5, commission_on = 'confirmed'`,
    );
    const bag = (
      await shop.api.post('/dashboard/products', {
        name: 'Sac',
        sku: `SAC-${Date.now()}`,
        price: 2500,
        cost_price: 1200,
        initial_stock: 10,
      })
    ).json();
    // The T-shirt has no purchase cost: its variant M's comes from its latest purchase (750 DA).
    const provider = (await shop.api.post('/dashboard/providers', { name: 'Grossiste' })).json();
    const m = shop.shirt.variants[1]!;
    for (const unitCost of [700, 750]) {
      const purchase = await shop.api.post('/dashboard/stock/purchases', {
        provider_id: provider.id,
        lines: [{ product_id: shop.shirt.id, variant_id: m.id, quantity: 2, unit_cost: unitCost }],
      });
      expect(purchase.statusCode, purchase.body).toBe(201);
    }
    const companyId = await manualCarrier(
      world.database,
      tenantId,
      { code: 'livreur', name: 'Livreur' },
      { home: 350, stopdesk: 250, returned: 200 },
    );

    const order = await createOrder(
      shop.api,
      orderBody(shop, {
        products: [
          { product_id: bag.id, quantity: 2 },
          { product_id: shop.shirt.id, variant_id: m.id, quantity: 1 },
        ],
        delivery_price: 400,
        agent_id: agent.id,
        sales_source: 'facebook',
        campaign_id: 'camp-x',
      }),
    );
    expect(order.total).toBe(7000);
    // Two more orders of the campaign today, and one of facebook without a campaign.
    for (const campaign of ['camp-x', 'camp-x', null]) {
      await createOrder(shop.api, orderBody(shop, { sales_source: 'facebook', campaign_id: campaign }));
    }
    const confirm = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.confirmed });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await db.execute(
      sql`update orders set shipping_company_id = ${companyId} where tenant_id = ${tenantId} and id = ${order.id}`,
    );

    const today = dayIn(new Date(), 'Africa/Algiers');
    const yesterday = dayIn(new Date(Date.now() - DAY), 'Africa/Algiers');
    const spend = await adSpendPoster(shop, today);
    await spend(100_000, { sales_source: 'facebook', campaign_id: 'camp-x' });
    await spend(30_000, { sales_source: 'facebook' });
    await spend(50_000, { sales_source: 'tiktok' }); // another source: not this order's
    await spend(90_000, { sales_source: 'facebook', campaign_id: 'camp-x', occurred_on: yesterday }); // another day

    /*
     * By hand. Revenue: 2 x 2 500 + 1 600 + 400 delivery = 7 000 DA.
     * Purchase cost: 2 x 1 200 (the bag's cost price) + 1 x 750 (the shirt M's latest purchase) = 3 150 DA.
     * Carrier fee: 350 DA (home delivery to wilaya 16). Commission: 2.5 % of 7 000 = 175 DA.
     * Ad spend: camp-x's 1 000 DA over its 3 orders of the day = 333,34 DA (the oldest order takes the
     * odd centime) + facebook's 300 DA without a campaign over its 4 orders of the day = 75 DA: 408,34 DA.
     * Profit: 7 000 - 3 150 - 350 - 175 - 408,34 = 2 916,66 DA.
     */
    await db.execute(
      sql`update orders set status_id = ${shop.status.delivered!}, status_type = 'delivered'
          where tenant_id = ${tenantId} and id = ${order.id}`,
    );
    const profit = await shop.api.get(`/dashboard/orders/${order.id}/profit`);
    expect(profit.statusCode, profit.body).toBe(200);
    expect(profit.json()).toEqual({
      order_id: order.id,
      day: today,
      outcome: 'delivered',
      revenue_centimes: 700_000,
      products_centimes: 660_000,
      delivery_charged_centimes: 40_000,
      product_cost_centimes: 315_000,
      carrier_fee_centimes: 35_000,
      return_fee_centimes: 0,
      commission_centimes: 17_500,
      ad_spend_centimes: 40_834,
      profit_centimes: 291_666,
      cost_missing: false,
    });

    // Returned instead: the commission is reversed (net 0), the goods are back, the return fee and
    // the ad spend are lost: -200 - 408,34 = -608,34 DA.
    await db.execute(
      sql`update orders set status_id = ${shop.status.out_for_delivery!}, status_type = 'follow-up'
          where tenant_id = ${tenantId} and id = ${order.id}`,
    );
    const back = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.returned });
    expect(back.statusCode, back.body).toBe(200);
    const lost = (await shop.api.get(`/dashboard/orders/${order.id}/profit`)).json();
    expect(lost).toMatchObject({
      outcome: 'returned',
      commission_centimes: 0,
      return_fee_centimes: 20_000,
      profit_centimes: -60_834,
    });

    // Costs are for those who see cost prices: an agent (even on its own order) is refused.
    expect((await agent.api.get(`/dashboard/orders/${order.id}/profit`)).statusCode).toBe(403);
    expect((await shop.api.get('/dashboard/orders/999999/profit')).statusCode).toBe(404);
  });
});
