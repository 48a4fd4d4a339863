import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayIn } from '@cod/shared';
import { runAnalyticsRebuild } from '../../src/cli/analytics-rebuild.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { accountingMismatches } from '../../src/modules/analytics/accounting.service.js';
import { openTestApp } from '../support/test-db.js';
import { adSpendPoster } from '../money/money-support.js';
import { accountingShop, createVariedOrders } from './analytics-support.js';

const { app, database } = await openTestApp();
const db = database.db;

/**
 * Issue 14.6: `npm run tenant -- analytics:rebuild <shop>` recomputes the rollups and proves them:
 * the analytics rollups against a direct count, and (decision 0135) the accounting view of the
 * last 90 days, ad spend included, against its direct computation. A wrong money rollup is found.
 */
describe('the analytics rebuild command', () => {
  it('proves the accounting figures too, and finds a money rollup that is off', async () => {
    const { shop, t, companyId, ofType } = await accountingShop(app, database, 1);
    const orderIds = await createVariedOrders(shop, 8, (i) => ({ quantity: 1 + (i % 2) }));
    const spend = await adSpendPoster(shop, dayIn(new Date(), 'Africa/Algiers'));
    await spend(90_001, { sales_source: 'facebook', campaign_id: 'camp-1' });
    await spend(30_007, { sales_source: 'tiktok' });
    // Half delivered today, one returned: revenue, costs, fees and spread ad spend to prove.
    await withTenant(db, t, async (tx) => {
      for (const [index, orderId] of orderIds.entries()) {
        if (index % 2 && index !== 7) continue;
        const type = index === 7 ? 'returned' : 'delivered';
        await tx.execute(sql`update orders set status_id = ${ofType(type)}, status_type = ${type},
                               shipping_company_id = ${companyId}, updated_at = now()
                             where tenant_id = ${t} and id = ${orderId}`);
        await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description)
                             values (${t}, ${orderId}, ${ofType(type)}, 'carrier')`);
      }
    });

    const shopZone = { tenantId: t, timeZone: 'Africa/Algiers' };
    const done = await runAnalyticsRebuild(database, shop.tenant.cqName);
    expect(done.code, done.out).toBe(0);
    expect(done.out).toContain('the accounting of the last 90 days its direct computation');
    expect(await accountingMismatches({ db }, shopZone)).toBe(0);

    // 100 DA of ad spend too many on every day row: the days and the total differ.
    await withTenant(db, t, (tx) =>
      tx.execute(sql`update analytics_money_rollups set ad_micro = ad_micro + 10000::bigint * 1000000
                     where tenant_id = ${t} and fk = '' and ok = 'day'`),
    );
    expect(await accountingMismatches({ db }, shopZone)).toBeGreaterThanOrEqual(2);
    expect((await runAnalyticsRebuild(database, shop.tenant.cqName)).code).toBe(0);
    expect(await accountingMismatches({ db }, shopZone)).toBe(0);
  });
});
