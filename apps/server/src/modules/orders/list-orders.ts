import type { TOrderListQuery, TOrderListResponse, TOrderTab } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TOrderActor, TOrderDeps } from './order-access.js';
import { FOLD_THRESHOLD, foldOrderCounts } from './order-counts.repository.js';
import { LIST_SETTINGS, readOrderList } from './order-list.repository.js';

export const shouldFoldCounts = (pendingDeltas: number) => pendingDeltas > FOLD_THRESHOLD;

/**
 * GET /dashboard/orders and /dashboard/orders/deleted (SPEC 2.4): the page of the current tab and
 * all nine tab counts under the same filters. Counts read from counters fold their pending deltas
 * once too many have piled up (docs/decisions/0015), after the read's transaction.
 */
export async function listOrders(
  deps: TOrderDeps,
  actor: TOrderActor,
  query: TOrderListQuery,
  tab?: TOrderTab,
): Promise<TOrderListResponse> {
  const asked = tab ? { ...query, tab } : query;
  // A search sets the list's settings after its own look-up (order-list.repository.ts).
  const result = await withTenant(
    deps.db,
    actor.tenantId,
    (tx) => readOrderList(tx, actor, asked),
    asked.search ? {} : LIST_SETTINGS,
  );
  if (shouldFoldCounts(result.pendingDeltas)) await foldOrderCounts(deps.db, actor.tenantId);
  const { pendingDeltas: _pending, ...body } = result;
  return body;
}
