import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayIn, STATUS_TYPES, ZAnalyticsQuery } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { accountingReport, agentCommissionsReport } from '../../src/modules/analytics/accounting.service.js';
import { openTestApp } from '../support/test-db.js';
import { adSpendPoster } from '../money/money-support.js';
import { accountingShop, createVariedOrders, seededRandom } from './analytics-support.js';

const { app, database } = await openTestApp();
const db = database.db;

/**
 * Decision 0124: the accounting view reads the orders' stored facts (and computes only the orders
 * noted since the last fold); its numbers equal the direct computation from every order's history,
 * with some changes folded and some still pending, under every filter.
 */
describe('accounting view from the stored facts (decision 0124)', () => {
  it('equals the direct computation, folded and pending changes, every filter', async () => {
    const { shop, t, agents, companyId, ofType } = await accountingShop(app, database, 2);
    const orderIds = await createVariedOrders(shop, 24, (i) => ({
      quantity: 1 + (i % 2),
      agent_id: agents[i % 2]!.id,
    }));

    const spend = await adSpendPoster(shop, dayIn(new Date(), 'Africa/Algiers'));
    await spend(90_000, { sales_source: 'facebook', campaign_id: 'camp-1' });
    await spend(40_000, { sales_source: 'tiktok', campaign_id: 'camp-2' });
    await spend(30_000, { sales_source: 'facebook' });
    await spend(10_000, { sales_source: 'google' });

    const { random, pick } = seededRandom(7);
    // Status changes (many to delivered and returned, dated around today), carrier and agent
    // changes, and ledger lines: as the services and the carrier sync write them.
    const transition = (i: number) =>
      withTenant(db, t, async (tx) => {
        const orderId = pick(orderIds);
        const kind = random();
        const at = new Date(Date.now() - Math.round(random() * 2 * 3_600_000)).toISOString();
        if (kind < 0.7) {
          const type = random() < 0.6 ? pick(['delivered', 'returned'] as const) : pick(STATUS_TYPES);
          await tx.execute(sql`update orders set status_id = ${ofType(type)}, status_type = ${type},
                                 shipping_company_id = ${companyId}, updated_at = now()
                               where tenant_id = ${t} and id = ${orderId}`);
          await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, created_at)
                               values (${t}, ${orderId}, ${ofType(type)}, ${`s${i}`}, ${at})`);
        } else if (kind < 0.8) {
          await tx.execute(
            sql`update orders set agent_id = ${pick(agents).id} where tenant_id = ${t} and id = ${orderId}`,
          );
        } else {
          const [order] = await rows<{ agent_id: number | null }>(
            tx,
            sql`select agent_id from orders where tenant_id = ${t} and id = ${orderId}`,
          );
          if (order?.agent_id)
            await tx.execute(sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, occurred_at, earning)
                                 values (${t}, ${orderId}, ${order.agent_id}, 'earned', 'confirmed', 15000, ${at}, ${1000 + i})
                                 on conflict do nothing`);
        }
      });
    for (let i = 0; i < 120; i += 1) await transition(i);
    await withTenant(db, t, (tx) => tx.execute(sql`select app_analytics_fold(${t})`));
    for (let i = 120; i < 200; i += 1) await transition(i);
    const [pending] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from analytics_dirty where tenant_id = ${t}`,
    );
    expect(pending!.n).toBeGreaterThan(0);

    const actor = { tenantId: t, userId: shop.tenant.ownerId, timeZone: 'Africa/Algiers', seesAll: true };
    const queries = [
      {},
      { source: 'facebook' },
      { campaign: 'camp-1' },
      { agent: String(agents[0]!.id) },
      { wilaya: '16' },
      { carrier: String(companyId) },
      { product: String(shop.shirt.id) },
      { wilaya: '31', campaign: 'camp-2' },
    ];
    let revenue = 0;
    for (const filter of queries) {
      const query = ZAnalyticsQuery.parse({ date: 'last_7_days', ...filter });
      const stored = await accountingReport({ db }, actor, query, new Date(), 'stored');
      const computed = await accountingReport({ db }, actor, query, new Date(), 'computed');
      expect(stored, JSON.stringify(filter)).toEqual(computed);
      revenue += stored.totals.revenue_centimes;
      const commissionsQuery = { ...actor, seesAccounting: true };
      expect(await agentCommissionsReport({ db }, commissionsQuery, query, new Date(), 'stored')).toEqual(
        await agentCommissionsReport({ db }, commissionsQuery, query, new Date(), 'computed'),
      );
    }
    // Not an empty comparison: delivered orders, returns, ad spend and commissions are in it.
    const all = await accountingReport({ db }, actor, ZAnalyticsQuery.parse({ date: 'last_7_days' }));
    expect(revenue).toBeGreaterThan(0);
    expect(all.totals.delivered_n).toBeGreaterThan(0);
    expect(all.totals.returned_n).toBeGreaterThan(0);
    expect(all.totals.ad_spend_centimes).toBe(170_000);
    expect(all.totals.commission_centimes).toBeGreaterThan(0);
  }, 180_000);
});
