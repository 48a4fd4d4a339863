import {
  ORDER_TABS,
  type TOrderEventPayload,
  type TOrderListResponse,
  type TOrderRow,
  type TOrderTab,
} from '@cod/shared';

/** The list request a cached page answers (orders-url-state `ordersRequest`). */
export interface TCachedRequest {
  path: string;
  query: Record<string, string | number | null | undefined>;
}

// With only these set, the server's counts are per (tab, agent): an event's tabs say exactly how
// they move. Any other filter (date, search, wilaya...) needs the server to say what matches.
const COUNTABLE = new Set(['tab', 'page', 'per_page', 'agent', 'status']);

function isCountable(query: TCachedRequest['query']): boolean {
  return Object.entries(query).every(([key, value]) => COUNTABLE.has(key) || value === undefined || value === null);
}

function tabOf(request: TCachedRequest): TOrderTab {
  if (request.path.endsWith('/deleted')) return 'deleted';
  return (request.query.tab as TOrderTab | undefined) ?? 'inProcess';
}

/** Whether the order belongs to this list under the filters the client can check itself. */
function matches(
  order: TOrderRow,
  query: TCachedRequest['query'],
  tabs: readonly TOrderTab[],
  tab: TOrderTab,
): boolean {
  if (!tabs.includes(tab)) return false;
  if (query.agent !== undefined && query.agent !== null) {
    if (query.agent === 'none' ? order.agent_id !== null : Number(query.agent) !== order.agent_id) return false;
  }
  if (query.status !== undefined && query.status !== null && Number(query.status) !== order.status_id) return false;
  return true;
}

export interface TAppliedEvent {
  next: TOrderListResponse;
  /** The page cannot be made exact here (filters the client cannot check): refetch it later. */
  stale: boolean;
}

/**
 * A live OrderCreated/OrderStatusUpdated applied to one cached page, without a refetch (issue 7,
 * SPEC 7): the row is replaced where it stands, removed when it left the tab, a new order is
 * put at the top of the first page; the nine counts move by the event's tabs_before/tabs_after.
 * Answers null when the page does not change.
 */
export function applyOrderEvent(
  list: TOrderListResponse,
  request: TCachedRequest,
  event: Pick<TOrderEventPayload, 'change' | 'order' | 'tabs_before' | 'tabs_after' | 'agent_id_before'>,
): TAppliedEvent | null {
  const tab = tabOf(request);
  const { order } = event;
  // Every order counts in 'all' or 'deleted': a change without tabs_before does not say where the
  // order stood, so the counts cannot move; the row is refreshed and the page refetched later.
  const knownBefore = event.change === 'created' || event.tabs_before.length > 0;
  const countable = knownBefore && isCountable(request.query);
  const before = event.change === 'created' ? [] : event.tabs_before;
  const wasHere = list.data.some((row) => row.id === order.id);
  const belongs = countable && matches(order, request.query, event.tabs_after, tab);

  let data = list.data;
  if (wasHere) {
    data =
      countable && !belongs
        ? data.filter((row) => row.id !== order.id)
        : data.map((row) => (row.id === order.id ? order : row));
  } else if (belongs && event.change === 'created' && Number(request.query.page ?? 1) === 1) {
    data = [order, ...data].slice(0, Number(request.query.per_page ?? 25));
  }

  let counts = list.counts;
  if (countable) {
    const agentMatched = (agentId: number | null) =>
      request.query.agent === undefined || request.query.agent === null
        ? true
        : request.query.agent === 'none'
          ? agentId === null
          : Number(request.query.agent) === agentId;
    const statusMatched = (statusId: number | null) =>
      request.query.status === undefined || request.query.status === null || Number(request.query.status) === statusId;
    const next = { ...list.counts };
    let moved = false;
    // Without the previous status id, a status filter cannot tell whether the order counted before.
    const beforeMatched =
      agentMatched(event.agent_id_before) && (request.query.status === undefined || request.query.status === null);
    if (beforeMatched) {
      for (const t of before) {
        next[t] = Math.max(0, (next[t] ?? 0) - 1);
        moved = true;
      }
    }
    if (agentMatched(order.agent_id) && statusMatched(order.status_id)) {
      for (const t of event.tabs_after) {
        next[t] = (next[t] ?? 0) + 1;
        moved = true;
      }
    }
    if (moved && ORDER_TABS.some((t) => next[t] !== list.counts[t])) counts = next;
  }

  const changed = data !== list.data || counts !== list.counts;
  if (!changed && countable) return null;
  const stale = !countable || (request.query.status !== undefined && request.query.status !== null);
  return { next: { ...list, data, counts, total: counts[tab] ?? list.total }, stale };
}
