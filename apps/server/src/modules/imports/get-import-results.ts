import type { TImportResultsResponse } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { findBatch, listErrors } from './imports.repository.js';

/** SPEC 8 lists the first 10 row errors; the results carry enough for any screen, never unbounded. */
const MAX_LISTED_ERRORS = 1000;

/** GET /dashboard/orders/import/:batchId/results (SPEC 7): the batch and its row errors in row order. */
export function getImportResults(deps: TAppDeps, tenantId: number, batchId: number): Promise<TImportResultsResponse> {
  return withTenant(deps.db, tenantId, async (tx) => {
    const batch = await findBatch(tx, tenantId, batchId);
    if (!batch) throw AppError.notFound('Import');
    const { errors, total } = await listErrors(tx, tenantId, batchId, MAX_LISTED_ERRORS);
    return {
      success: true,
      batch,
      // SPEC 7's list as it was; beside it, each row's message for the web (decision 0041).
      errors: errors.map(({ row_number, error_message }) => ({ row_number, error_message })),
      error_codes: errors.map(({ code, params }) => ({ code, params })),
      total_errors: total,
    };
  });
}
