import type { Database } from '../db/client.js';
import { withSystem } from '../db/tenant-context.js';
import { accountingMismatches } from '../modules/analytics/accounting.service.js';
import { rebuildShopAnalytics } from '../modules/analytics/analytics.service.js';
import { findTenantByCqName } from '../modules/tenants/tenants.repository.js';

/**
 * `npm run tenant -- analytics:rebuild <cq_name>` (issue 14.6, docs/decisions/0078): recomputes a
 * shop's analytics rollups from its orders, then compares them with a direct count, and the
 * accounting view of the last 90 days with its direct computation (decision 0135).
 */
export async function runAnalyticsRebuild(database: Database, cqName: string): Promise<{ code: number; out: string }> {
  const tenant = await withSystem(database.db, (tx) => findTenantByCqName(tx, cqName));
  if (!tenant) return { code: 1, out: `No tenant "${cqName}".` };
  const started = Date.now();
  const { mismatches } = await rebuildShopAnalytics({ db: database.db }, tenant.id);
  if (mismatches > 0) {
    return {
      code: 1,
      out: `Rebuilt the analytics of "${cqName}", but ${mismatches} rollup keys differ from a direct count.`,
    };
  }
  const money = await accountingMismatches({ db: database.db }, { tenantId: tenant.id, timeZone: tenant.timeZone });
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  return money === 0
    ? {
        code: 0,
        out: `Rebuilt the analytics of "${cqName}" in ${took}: the rollups match a direct count, and the accounting of the last 90 days its direct computation.`,
      }
    : {
        code: 1,
        out: `Rebuilt the analytics of "${cqName}", but ${money} accounting figures of the last 90 days differ from their direct computation.`,
      };
}
