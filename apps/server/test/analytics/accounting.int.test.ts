import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayIn, type TAccountingReport, type TAgentCommissionsReport } from '@cod/shared';
import { withTenant } from '../../src/db/tenant-context.js';
import { openTestApp } from '../support/test-db.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { adSpendPoster, manualCarrier } from '../money/money-support.js';

const { app, database } = await openTestApp();
const db = database.db;

/**
 * Decision 0116: a small hand-built shop's accounting view equals the hand calculation written
 * below, and ties out with the orders' own profits (decision 0103).
 */
describe('GET /dashboard/analytics/accounting and /commissions (issue 14.2)', () => {
  it('matches the hand calculation: ad spend attribution, a returned order’s fee, commissions net of reversals', async () => {
    const shop = await shopWithCatalogue(app, database);
    const tenantId = shop.tenant.id;
    const agent = await agentOf(app, database, shop, 'Dalila Compta');
    await db.execute(
      sql`update users set commission_type = 'fixed', commission_amount = 150, commission_on = 'confirmed'
          where tenant_id = ${tenantId} and id = ${agent.id}`,
    );
    const bag = (
      await shop.api.post('/dashboard/products', {
        name: 'Sac compta',
        sku: `SACC-${Date.now()}`,
        price: 2500,
        cost_price: 1200,
        initial_stock: 20,
      })
    ).json();
    const companyId = await manualCarrier(
      database,
      tenantId,
      { code: 'livreur', name: 'Livreur' },
      { home: 350, stopdesk: 250, returned: 200 },
    );

    const campaignOrder = (quantity: number) =>
      createOrder(
        shop.api,
        orderBody(shop, {
          products: [{ product_id: bag.id, quantity }],
          delivery_price: 400,
          agent_id: agent.id,
          sales_source: 'facebook',
          campaign_id: 'camp-x',
        }),
      );
    const delivered = await campaignOrder(2); // 2 × 2 500 + 400 = 5 400 DA
    const returned = await campaignOrder(1); // 2 500 + 400 = 2 900 DA
    const open = await campaignOrder(1); // stays new: only its ad share counts
    const other = await createOrder(shop.api, orderBody(shop, { sales_source: 'facebook' })); // no campaign, new
    expect(delivered.total).toBe(5400);

    for (const order of [delivered, returned]) {
      const confirm = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: shop.status.confirmed });
      expect(confirm.statusCode, confirm.body).toBe(200);
      // Handed to the carrier (as the carrier sync writes it: the order and its history, one transaction).
      await withTenant(db, tenantId, async (tx) => {
        await tx.execute(sql`update orders set status_id = ${shop.status.out_for_delivery!}, status_type = 'follow-up',
                               shipping_company_id = ${companyId}
                             where tenant_id = ${tenantId} and id = ${order.id}`);
        await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id)
                             values (${tenantId}, ${order.id}, ${shop.status.out_for_delivery!})`);
      });
    }
    for (const [order, status] of [
      [delivered, shop.status.delivered!],
      [returned, shop.status.returned!],
    ] as const) {
      const moved = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }

    const today = dayIn(new Date(), 'Africa/Algiers');
    const spend = await adSpendPoster(shop, today);
    await spend(100_000, { sales_source: 'facebook', campaign_id: 'camp-x' }); // over its 3 orders
    await spend(30_000, { sales_source: 'facebook' }); // over facebook's 4 orders: 75 DA each
    await spend(20_000, { sales_source: 'facebook', campaign_id: 'camp-y' }); // no order: unattributed
    await spend(50_000, { sales_source: 'tiktok' }); // no order: unattributed

    /*
     * By hand (today):
     * revenue 5 400 DA (the delivered order); product cost 2 × 1 200 = 2 400 DA; carrier fee 350 DA
     * (home, wilaya 16); return fee 200 DA (the returned order); commissions: 150 + 150 earned,
     * 150 reversed = 150 DA; ad spend 1 000 + 300 + 200 + 500 = 2 000 DA.
     * Profit 5 400 − 2 400 − 350 − 200 − 150 − 2 000 = 300 DA. Costs 5 100 DA over 1 delivered
     * order; ROAS 5 400 / 2 000 = 2.7.
     */
    const response = await shop.api.get('/dashboard/analytics/accounting?date=today');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as TAccountingReport;
    expect(report.totals).toEqual({
      revenue_centimes: 540_000,
      product_cost_centimes: 240_000,
      carrier_fee_centimes: 35_000,
      return_fee_centimes: 20_000,
      commission_centimes: 15_000,
      ad_spend_centimes: 200_000,
      delivered_n: 1,
      returned_n: 1,
      profit_centimes: 30_000,
      costs_centimes: 510_000,
      cost_per_delivered_centimes: 510_000,
      roas: 2.7,
    });
    expect(report.days).toHaveLength(1);
    expect(report.days[0]).toMatchObject({ day: today, profit_centimes: 30_000 });
    expect(report.previousTotals).toMatchObject({ revenue_centimes: 0, profit_centimes: 0 });

    /*
     * By campaign: camp-x holds the three campaign orders: 1 000 DA + 3 × 75 DA of facebook's = 1 225 DA
     * of ads; profit 5 400 − 2 400 − 350 − 200 − 150 − 1 225 = 1 075 DA. No campaign ('-'): the other
     * order's 75 DA and tiktok's 500 DA. camp-y: its 200 DA. 1 075 − 575 − 200 = 300 DA.
     */
    const byCampaign = Object.fromEntries(
      report.byCampaign.map((r) => [r.key, [r.ad_spend_centimes, r.profit_centimes, r.roas]]),
    );
    expect(byCampaign).toEqual({
      'camp-x': [122_500, 107_500, 540_000 / 122_500],
      '-': [57_500, -57_500, 0],
      'camp-y': [20_000, -20_000, 0],
    });
    // By product: the bag's three orders; the watch's order (75 DA); the unattributed spend.
    const byProduct = Object.fromEntries(
      report.byProduct.map((r) => [r.key, [r.ad_spend_centimes, r.profit_centimes]]),
    );
    expect(byProduct).toEqual({
      [String(bag.id)]: [122_500, 107_500],
      [String(shop.watch.id)]: [7_500, -7_500],
      '-': [70_000, -70_000],
    });
    expect(report.byProduct[0]!.label).toBe('Sac compta');

    // It ties out with the orders' own profits (decision 0103): the two finished orders' profits,
    // minus the open orders' ad shares and the spend no order carries.
    const profitOf = async (id: number) =>
      (await shop.api.get(`/dashboard/orders/${id}/profit`)).json() as {
        profit_centimes: number;
        ad_spend_centimes: number;
      };
    const [p1, p2, p3, p4] = await Promise.all([delivered, returned, open, other].map((o) => profitOf(o.id)));
    expect(p1!.profit_centimes).toBe(540_000 - 240_000 - 35_000 - 15_000 - 33_334 - 7_500);
    expect(p2!.profit_centimes).toBe(-20_000 - 33_333 - 7_500);
    expect(p1!.profit_centimes + p2!.profit_centimes - p3!.ad_spend_centimes - p4!.ad_spend_centimes - 70_000).toBe(
      report.totals.profit_centimes,
    );

    // Filters: a source keeps its spend and orders; an agent keeps their orders' parts (no unattributed spend).
    const tiktok = (await shop.api.get('/dashboard/analytics/accounting?date=today&source=tiktok')).json();
    expect(tiktok.totals).toMatchObject({ revenue_centimes: 0, ad_spend_centimes: 50_000, profit_centimes: -50_000 });
    const mine = (
      await shop.api.get(`/dashboard/analytics/accounting?date=today&agent=${agent.id}`)
    ).json() as TAccountingReport;
    expect(mine.totals).toMatchObject({
      revenue_centimes: 540_000,
      commission_centimes: 15_000,
      ad_spend_centimes: 122_500,
      return_fee_centimes: 20_000,
      profit_centimes: 107_500,
    });
    const bagOnly = (await shop.api.get(`/dashboard/analytics/accounting?date=today&product=${bag.id}`)).json();
    expect(bagOnly.totals.profit_centimes).toBe(107_500);
    // The revenue is the analytics report's (the same facts, decision 0077).
    const rollup = (await shop.api.get('/dashboard/analytics/report?date=today')).json();
    expect(rollup.totals.delivered.amount).toBe(report.totals.revenue_centimes);

    // Commission earned per agent (decision 0117): 300 DA earned, 150 DA reversed.
    const commissions = (
      await shop.api.get('/dashboard/analytics/commissions?date=today')
    ).json() as TAgentCommissionsReport;
    expect(commissions.rows).toEqual([
      {
        agent_id: agent.id,
        name: 'Dalila Compta',
        earned_centimes: 30_000,
        reversed_centimes: 15_000,
        net_centimes: 15_000,
        orders: 2,
      },
    ]);
    expect(commissions.total_net_centimes).toBe(15_000);
    const own = (await agent.api.get('/dashboard/analytics/commissions?date=today')).json();
    expect(own.rows.map((r: { agent_id: number }) => r.agent_id)).toEqual([agent.id]);

    // Costs are the accounting group's; bad input is a 422.
    expect((await agent.api.get('/dashboard/analytics/accounting?date=today')).statusCode).toBe(403);
    expect((await shop.api.get('/dashboard/analytics/accounting?date=soon')).statusCode).toBe(422);
  }, 120_000);
});
