import { dateFilterRange, type TOrderListQuery, type TOrderListResponse, type TOrderTab } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TOrderActor, TOrderDeps } from './order-access.js';
import { FOLD_THRESHOLD, foldOrderCounts } from './order-counts.repository.js';
import type { TOrderListCache } from './order-list-cache.js';
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
  now = new Date(),
): Promise<TOrderListResponse & { limited: boolean }> {
  const asked = tab ? { ...query, tab } : query;
  // A search sets the list's settings after its own look-up (order-list.repository.ts).
  const result = await withTenant(
    deps.db,
    actor.tenantId,
    (tx) => readOrderList(tx, actor, asked, now),
    asked.search ? {} : LIST_SETTINGS,
  );
  if (shouldFoldCounts(result.pendingDeltas)) await foldOrderCounts(deps.db, actor.tenantId);
  const { pendingDeltas: _pending, ...body } = result;
  return body;
}

/**
 * The list as the routes send it, JSON bytes, through the cache of pages (decision 0137). The
 * page's name holds everything the answer depends on besides the rows: the query, the tab, the
 * user's time zone and the date range the query meant at this instant ('today' moves at midnight).
 */
export async function listOrdersJson(
  deps: TOrderDeps & { listCache: TOrderListCache },
  actor: TOrderActor & { userId: number },
  query: TOrderListQuery,
  tab?: TOrderTab,
): Promise<Buffer> {
  const now = new Date();
  const asked = tab ? { ...query, tab } : query;
  const range = dateFilterRange(asked.date, { now, timeZone: actor.timeZone, start: asked.start, end: asked.end });
  const name = JSON.stringify([asked, actor.timeZone, range?.from, range?.to]);
  return deps.listCache.read(actor, name, async () => {
    const { limited, ...body } = await listOrders(deps, actor, asked, undefined, now);
    return { body: Buffer.from(JSON.stringify(body)), limited };
  });
}
