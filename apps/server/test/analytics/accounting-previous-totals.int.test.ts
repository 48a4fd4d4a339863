import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, dayIn, ZAnalyticsQuery } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { accountingReport } from '../../src/modules/analytics/accounting.service.js';
import { openTestApp } from '../support/test-db.js';
import { adSpendPoster } from '../money/money-support.js';
import { accountingShop, createVariedOrders, seededRandom } from './analytics-support.js';

const { app, database } = await openTestApp();
const db = database.db;
const TZ = 'Africa/Algiers';

/**
 * Decision 0132: the previous period's totals are read as one summed row instead of the period's
 * (day, campaign, products) groups. They must equal the totals of the same days read as the
 * period, and the direct computation, with folded and pending changes, under filters.
 */
describe('accounting view, previous period as one summed row (decision 0132)', () => {
  it('equals the totals of the same days read as the period and the direct computation', async () => {
    const { shop, t, agents, companyId, ofType } = await accountingShop(app, database, 2);
    const orderIds = await createVariedOrders(shop, 20, (i) => ({
      quantity: 1 + (i % 3),
      agent_id: agents[i % 2]!.id,
    }));
    const today = dayIn(new Date(), TZ);
    // The period is yesterday and today, the previous period the two days before.
    const period = { start: addDays(today, -1), end: today };
    const spend = await adSpendPoster(shop, addDays(today, -2));
    await spend(60_000, { sales_source: 'facebook', campaign_id: 'camp-1' });
    await spend(20_000, { sales_source: 'google' });

    const { random, pick } = seededRandom(11);
    // Orders delivered or returned, and ledger lines, 0 to 4 days ago: both periods get some.
    const finish = (i: number) =>
      withTenant(db, t, async (tx) => {
        const orderId = pick(orderIds);
        const at = new Date(Date.now() - Math.round(random() * 4 * 86_400_000)).toISOString();
        if (random() < 0.75) {
          const type = pick(['delivered', 'returned'] as const);
          await tx.execute(sql`update orders set status_id = ${ofType(type)}, status_type = ${type},
                                 shipping_company_id = ${companyId}, updated_at = now()
                               where tenant_id = ${t} and id = ${orderId}`);
          await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, created_at)
                               values (${t}, ${orderId}, ${ofType(type)}, ${`s${i}`}, ${at})`);
        } else {
          const [order] = await rows<{ agent_id: number | null }>(
            tx,
            sql`select agent_id from orders where tenant_id = ${t} and id = ${orderId}`,
          );
          if (order?.agent_id)
            await tx.execute(sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, occurred_at, earning)
                                 values (${t}, ${orderId}, ${order.agent_id}, 'earned', 'confirmed', 12000, ${at}, ${2000 + i})
                                 on conflict do nothing`);
        }
      });
    for (let i = 0; i < 60; i += 1) await finish(i);
    await withTenant(db, t, (tx) => tx.execute(sql`select app_analytics_fold(${t})`));
    for (let i = 60; i < 90; i += 1) await finish(i);

    const actor = { tenantId: t, userId: shop.tenant.ownerId, timeZone: TZ, seesAll: true };
    let previousRevenue = 0;
    for (const filter of [{}, { campaign: 'camp-1' }, { agent: String(agents[0]!.id) }, { wilaya: '16' }]) {
      const query = ZAnalyticsQuery.parse({ date: 'custom', ...period, ...filter });
      const report = await accountingReport({ db }, actor, query);
      expect(report.previousPeriod).toEqual({ from: addDays(today, -3), to: addDays(today, -2) });
      const asPeriod = await accountingReport(
        { db },
        actor,
        ZAnalyticsQuery.parse({ date: 'custom', start: addDays(today, -3), end: addDays(today, -2), ...filter }),
      );
      expect(report.previousTotals, JSON.stringify(filter)).toEqual(asPeriod.totals);
      expect(report).toEqual(await accountingReport({ db }, actor, query, new Date(), 'computed'));
      previousRevenue += report.previousTotals!.revenue_centimes;
    }
    // Not an empty comparison: the previous period has sales, ad spend (the pools) and commissions.
    const all = await accountingReport({ db }, actor, ZAnalyticsQuery.parse({ date: 'custom', ...period }));
    expect(previousRevenue).toBeGreaterThan(0);
    expect(all.previousTotals!.delivered_n + all.previousTotals!.returned_n).toBeGreaterThan(0);
    expect(all.previousTotals!.ad_spend_centimes).toBe(80_000);
    expect(all.previousTotals!.commission_centimes).toBeGreaterThan(0);
  }, 180_000);
});
