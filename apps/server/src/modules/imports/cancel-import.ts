import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { cancelBatch, findBatch } from './imports.repository.js';

/** SPEC 4: cancel stops the job between chunks (it waits for the chunk's lock); what was committed stays. */
export function cancelImport(deps: TAppDeps, tenantId: number, batchId: number) {
  return withTenant(deps.db, tenantId, async (tx) => {
    const cancelled = await cancelBatch(tx, tenantId, batchId);
    const batch = await findBatch(tx, tenantId, batchId);
    if (!batch) throw AppError.notFound('Import');
    return { success: true, cancelled, batch };
  });
}
