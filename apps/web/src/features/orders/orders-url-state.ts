import { ORDER_TABS, ZOrderListQuery, type TOrderListQuery, type TOrderTab } from '@cod/shared';

/**
 * SPEC 2.4: the Orders screen's state is its URL (date, start, end, agent, product, source, state,
 * status, shipment_status, search, tab, page, per_page). Reload and back/forward keep the view.
 */
export type TOrdersUrlState = TOrderListQuery;

/** The filters of the toolbar (paging and the tab are not filters). */
export const ORDER_FILTER_KEYS = [
  'date',
  'start',
  'end',
  'agent',
  'product',
  'source',
  'state',
  'status',
  'shipment_status',
  'risky',
  'search',
] as const;
export type TOrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];

const DATE_KEYS = ['date', 'start', 'end'];

/**
 * Reads the URL with the shared list schema. A parameter the schema refuses (`?page=abc`, an
 * unknown tab) is dropped rather than breaking the screen, so a hand-edited or stale link still
 * opens; a custom date range missing an end drops the whole date filter (it cannot be applied).
 */
export function parseOrdersUrl(params: URLSearchParams): TOrdersUrlState {
  const raw: Record<string, string> = Object.fromEntries(params);
  for (let attempt = 0; attempt < 12; attempt++) {
    const result = ZOrderListQuery.safeParse(raw);
    if (result.success) return result.data;
    const before = Object.keys(raw).length;
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (DATE_KEYS.includes(key)) DATE_KEYS.forEach((k) => delete raw[k]);
      else delete raw[key];
    }
    if (Object.keys(raw).length === before) break;
  }
  return ZOrderListQuery.parse({});
}

const DEFAULTS: Partial<Record<keyof TOrdersUrlState, string | number>> = {
  date: 'all',
  tab: 'inProcess',
  page: 1,
  per_page: 25,
};

type TValue = string | number | null | undefined;

/**
 * The next URL after some changes. Defaults are left out so links stay short; a filter change
 * returns to page 1; start/end live only with date=custom and shipment_status only in inDelivery
 * (SPEC 2.4: that filter exists only there).
 */
export function nextOrdersParams(current: URLSearchParams, changes: Partial<Record<keyof TOrdersUrlState, TValue>>) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '' || DEFAULTS[key as keyof TOrdersUrlState] === value) {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('date') !== 'custom') {
    next.delete('start');
    next.delete('end');
  }
  if ((next.get('tab') ?? 'inProcess') !== 'inDelivery') next.delete('shipment_status');
  return next;
}

/** The URL without any filter (Clear All / clear-filters keeps the tab and the page size). */
export function clearedOrdersParams(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ORDER_FILTER_KEYS) next.delete(key);
  next.delete('page');
  return next;
}

/** How many filters are set (the badge on the phone's filter button, the clear button). */
export function activeFilterCount(state: TOrdersUrlState): number {
  const set = [
    state.date !== 'all',
    state.agent !== undefined,
    state.product !== undefined,
    state.source !== undefined,
    state.state !== undefined,
    state.status !== undefined,
    state.tab === 'inDelivery' && state.shipment_status !== undefined,
    Boolean(state.search),
    state.risky === true,
  ];
  return set.filter(Boolean).length;
}

/**
 * What GET /dashboard/orders (or /deleted) receives. The deleted tab has its own path and no tab
 * parameter; a shipment status outside inDelivery is not a filter.
 */
export function ordersRequest(state: TOrdersUrlState): { path: string; query: Record<string, TValue> } {
  const deleted = state.tab === 'deleted';
  return {
    path: deleted ? '/dashboard/orders/deleted' : '/dashboard/orders',
    query: {
      date: state.date === 'all' ? undefined : state.date,
      start: state.date === 'custom' ? state.start : undefined,
      end: state.date === 'custom' ? state.end : undefined,
      agent: state.agent,
      product: state.product,
      source: state.source,
      state: state.state,
      status: state.status,
      shipment_status: state.tab === 'inDelivery' ? state.shipment_status : undefined,
      search: state.search,
      risky: state.risky ? 1 : undefined,
      tab: deleted ? undefined : state.tab,
      page: state.page,
      per_page: state.per_page,
    },
  };
}

export function isOrderTab(value: string): value is TOrderTab {
  return (ORDER_TABS as readonly string[]).includes(value);
}
