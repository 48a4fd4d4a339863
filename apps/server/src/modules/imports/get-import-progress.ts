import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { findBatch } from './imports.repository.js';

/** GET /dashboard/orders/import/:batchId/progress (SPEC 7): the batch as it stands. */
export async function getImportProgress(deps: TAppDeps, tenantId: number, batchId: number) {
  const batch = await withTenant(deps.db, tenantId, (tx) => findBatch(tx, tenantId, batchId));
  if (!batch) throw AppError.notFound('Import');
  return { success: true, batch };
}
