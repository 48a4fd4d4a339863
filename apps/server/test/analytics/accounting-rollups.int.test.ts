import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayIn, STATUS_TYPES, ZAnalyticsQuery } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { accountingReport } from '../../src/modules/analytics/accounting.service.js';
import { openTestApp } from '../support/test-db.js';
import { adSpendPoster } from '../money/money-support.js';
import { accountingShop, createVariedOrders, runWithFolds, seededRandom } from './analytics-support.js';

const { app, database } = await openTestApp();
const db = database.db;

/**
 * Decision 0134: the accounting rollups (money parts summed per filter value and output, ad-spend
 * pools' member counts) kept by background folds while writers change orders concurrently: status
 * changes, agents, campaigns (an order moves between ad-spend pools), lines, commission lines, cost
 * prices, fee grid cells and expenses. Afterwards the pre-summed read equals the direct computation
 * under no filter, every single filter and two filters, before and after the last fold, and the
 * rollups equal what a rebuild writes.
 */
describe('accounting rollups under concurrent changes (decision 0134)', () => {
  it('equal the direct computation and a rebuild after 1,000 random concurrent changes', async () => {
    const { shop, t, agents, companyId, ofType } = await accountingShop(app, database, 2);
    const orderIds = await createVariedOrders(shop, 30, (i) => ({
      quantity: 1 + (i % 2),
      agent_id: agents[i % 2]!.id,
    }));
    const today = dayIn(new Date(), 'Africa/Algiers');
    const spend = await adSpendPoster(shop, today);
    await spend(90_001, { sales_source: 'facebook', campaign_id: 'camp-1' });
    await spend(40_003, { sales_source: 'tiktok', campaign_id: 'camp-2' });
    await spend(30_007, { sales_source: 'facebook' });
    await spend(10_000, { sales_source: 'google' });
    // Past pools (migration 0043): a third of the orders created yesterday, a third the day before,
    // with spend on those days; the fold re-bases them, readers correct only today's.
    await withTenant(db, t, (tx) =>
      tx.execute(sql`update orders set created_at = created_at - interval '1 day' * ((id / 3) % 3)
                     where tenant_id = ${t} and id = any(${`{${orderIds.join(',')}}`}::int[])`),
    );
    for (const back of [1, 2]) {
      const day = dayIn(new Date(Date.now() - back * 86_400_000), 'Africa/Algiers');
      await spend(70_001 * back, { occurred_on: day, sales_source: 'facebook', campaign_id: 'camp-1' });
      await spend(20_011 * back, { occurred_on: day, sales_source: 'tiktok' });
    }
    const rebaseAll = () =>
      withTenant(db, t, (tx) => tx.execute(sql`select app_analytics_money_rebase(${t}, ${today}::date + 1)`));

    const { random, pick } = seededRandom(20_261_126);
    const task = (i: number) => () =>
      withTenant(db, t, async (tx) => {
        const orderId = pick(orderIds);
        const kind = random();
        const at = new Date(Date.now() - Math.round(random() * 3 * 3_600_000)).toISOString();
        if (kind < 0.55) {
          const type = random() < 0.6 ? pick(['delivered', 'returned'] as const) : pick(STATUS_TYPES);
          await tx.execute(sql`update orders set status_id = ${ofType(type)}, status_type = ${type},
                                 shipping_company_id = ${companyId}, updated_at = now()
                               where tenant_id = ${t} and id = ${orderId}`);
          await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, created_at)
                               values (${t}, ${orderId}, ${ofType(type)}, ${`s${i}`}, ${at})`);
        } else if (kind < 0.62) {
          await tx.execute(
            sql`update orders set agent_id = ${pick(agents).id} where tenant_id = ${t} and id = ${orderId}`,
          );
        } else if (kind < 0.69) {
          const campaign = pick(['camp-1', 'camp-2', null]);
          await tx.execute(sql`update orders set campaign_id = ${campaign} where tenant_id = ${t} and id = ${orderId}`);
        } else if (kind < 0.74) {
          await tx.execute(sql`update order_lines set quantity = ${1 + Math.floor(random() * 3)}
                               where tenant_id = ${t} and order_id = ${orderId}`);
        } else if (kind < 0.84) {
          const [order] = await rows<{ agent_id: number | null }>(
            tx,
            sql`select agent_id from orders where tenant_id = ${t} and id = ${orderId}`,
          );
          if (order?.agent_id)
            await tx.execute(sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, occurred_at, earning)
                                 values (${t}, ${orderId}, ${order.agent_id}, 'earned', 'confirmed', ${10_000 + i}, ${at}, ${1000 + i})
                                 on conflict do nothing`);
        } else if (kind < 0.9) {
          await tx.execute(sql`update products set cost_price = ${500 + Math.floor(random() * 900)}
                               where tenant_id = ${t} and id = ${pick([shop.watch.id, shop.shirt.id])}`);
        } else if (kind < 0.95) {
          await tx.execute(sql`update shipping_fees set home_fee = ${300 + Math.floor(random() * 200)},
                                 return_fee = ${Math.floor(random() * 300)}
                               where tenant_id = ${t} and shipping_company_id = ${companyId} and state_id = ${pick([16, 31])}`);
        } else if (kind < 0.97) {
          await tx.execute(sql`update expenses set amount_centimes = amount_centimes + ${1 + Math.floor(random() * 999)}
                               where tenant_id = ${t} and id = (select min(id) from expenses where tenant_id = ${t})`);
        } else if (kind < 0.985) {
          // A past day's spend changes: read corrected until a fold re-bases it.
          await tx.execute(sql`update expenses set amount_centimes = amount_centimes + ${1 + Math.floor(random() * 999)}
                               where tenant_id = ${t} and id = (select max(id) from expenses where tenant_id = ${t}
                                 and spent_on < ${today}::date)`);
        } else {
          // Today's pools re-based too, between folds and changes.
          await tx.execute(sql`select app_analytics_money_rebase(${t}, ${today}::date + 1)`);
        }
      });
    const tasks = Array.from({ length: 1_000 }, (_, i) => task(i));
    const folds = await runWithFolds(database, tasks, { writers: 4, folders: 2, foldUntil: 900, pauseMs: 5 });
    expect(folds).toBeGreaterThan(1);

    const actor = { tenantId: t, userId: shop.tenant.ownerId, timeZone: 'Africa/Algiers', seesAll: true };
    const filters = [
      {},
      { source: 'facebook' },
      { source: 'google' },
      { campaign: 'camp-1' },
      { agent: String(agents[0]!.id) },
      { wilaya: '16' },
      { carrier: String(companyId) },
      { product: String(shop.shirt.id) },
      { wilaya: '31', campaign: 'camp-2' },
      { product: String(shop.watch.id), agent: String(agents[1]!.id) },
    ];
    const equalToDirect = async (step: string) => {
      for (const filter of filters) {
        const query = ZAnalyticsQuery.parse({ date: 'last_7_days', ...filter });
        expect(
          await accountingReport({ db }, actor, query, new Date(), 'stored'),
          `${step} ${JSON.stringify(filter)}`,
        ).toEqual(await accountingReport({ db }, actor, query, new Date(), 'computed'));
      }
    };
    await equalToDirect('pending');
    await withTenant(db, t, (tx) => tx.execute(sql`select app_analytics_fold(${t})`));
    await equalToDirect('folded');

    // Not an empty comparison: deliveries, returns, every cost part, ad spend spread over orders.
    const all = await accountingReport({ db }, actor, ZAnalyticsQuery.parse({ date: 'last_7_days' }));
    expect(all.totals.delivered_n).toBeGreaterThan(0);
    expect(all.totals.returned_n).toBeGreaterThan(0);
    expect(all.totals.product_cost_centimes).toBeGreaterThan(0);
    expect(all.totals.carrier_fee_centimes).toBeGreaterThan(0);
    expect(all.totals.commission_centimes).toBeGreaterThan(0);
    expect(all.byProduct.some((row) => row.ad_spend_centimes > 0)).toBe(true);
    // The past pools are held in the rollups at their weight now: nothing left for a reader to correct.
    const [held] = await withTenant(db, t, (tx) =>
      rows<{ pools: number; ad: string }>(
        tx,
        sql`select (select count(*)::int from analytics_money_pool_weights where tenant_id = ${t} and day < ${today}::date
                      and w <> 0) as pools,
                   (select sum(ad_micro)::text from analytics_money_rollups where tenant_id = ${t} and fk = '' and ok = 'day'
                      and day < ${today}::date) as ad`,
      ),
    );
    expect(held!.pools).toBeGreaterThanOrEqual(2);
    expect(Number(held!.ad)).toBeGreaterThan(0);
    expect(
      await withTenant(db, t, (tx) => rows(tx, sql`select app_analytics_money_rebase(${t}, ${today}::date) as moved`)),
    ).toEqual([{ moved: 0 }]);

    const kept = () =>
      withTenant(db, t, async (tx) => [
        await rows(
          tx,
          sql`select fk, fv, day, ok, ov, revenue, product_cost, carrier_fee, return_fee, commission, delivered_n, returned_n,
                ad_micro
              from analytics_money_rollups where tenant_id = ${t}
                and (revenue, product_cost, carrier_fee, return_fee, commission, delivered_n, returned_n, ad_micro)
                  <> (0, 0, 0, 0, 0, 0, 0, 0)
              order by fk, fv, day, ok, ov`,
        ),
        await rows(
          tx,
          sql`select day, pool, w from analytics_money_pool_weights where tenant_id = ${t} and w <> 0 order by day, pool`,
        ),
        await rows(
          tx,
          sql`select fk, fv, day, pool, ok, ov, n from analytics_money_pool_counts where tenant_id = ${t} and n <> 0
              order by fk, fv, day, pool, ok, ov`,
        ),
      ]);
    // Today's pools too, on both sides: a rebuild re-bases the past days only.
    await rebaseAll();
    await equalToDirect('re-based');
    const folded = await kept();
    await withTenant(db, t, (tx) => tx.execute(sql`select app_analytics_rebuild(${t})`));
    await rebaseAll();
    expect(await kept()).toEqual(folded);
  }, 300_000);
});
