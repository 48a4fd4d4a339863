import {
  isDeletableStatusType,
  isEditableStatusType,
  MANUAL_TRANSITIONS,
  statusTypesOfferedIn,
  type TOrderRow,
  type TOrderTab,
  type TStatus,
  type TStatusType,
} from '@cod/shared';

/** A row's carrier actions: the shipping feature runs them (features/shipping/shipping-actions). */
export const CARRIER_ROW_ACTIONS = [
  'assign_shipping',
  'dispatch',
  'go_back',
  'validate',
  'parcel_tickets',
  'shipment_timeline',
  'notify_driver',
  'driver_updates',
] as const;
export type TCarrierRowAction = (typeof CARRIER_ROW_ACTIONS)[number];

/** What a row's actions menu can do (SPEC 2.4 dialogs, SPEC 4 per-tab actions). */
export type TRowAction =
  | 'edit'
  | 'status'
  | 'report'
  | 'timeline'
  | 'assign_agent'
  | 'customer'
  | 'custom_fields'
  | 'delete'
  | 'restore'
  | TCarrierRowAction;

/** Carrier actions whose calls come with the shipping issue: the entries exist, they say so. */
export const LATER_ACTIONS: ReadonlySet<TRowAction> = new Set(CARRIER_ROW_ACTIONS);

export function statusTypeOf(order: TOrderRow): TStatusType {
  return order.latest_status?.status.type ?? 'new';
}

/**
 * The status types the single status dialog offers for an order in a tab: SPEC 4's list for the
 * tab, narrowed to the moves the server allows from the order's type (docs/decisions/0010). The
 * all and cancelled tabs, for which SPEC 4 lists nothing, offer every allowed move.
 */
export function offeredStatusTypes(tab: TOrderTab, type: TStatusType): TStatusType[] {
  const allowed = MANUAL_TRANSITIONS[type];
  if (tab === 'all' || tab === 'cancelled') return [...allowed];
  return statusTypesOfferedIn(tab).filter((candidate) => allowed.includes(candidate));
}

/** The statuses of the shop a dialog offers, in the shop's order. */
export function offeredStatuses(statuses: readonly TStatus[], types: readonly TStatusType[]): TStatus[] {
  // An inactive status (issue 18.3) is no longer offered.
  return statuses.filter((status) => types.includes(status.type) && status.active !== false);
}

// A list row says whether a product asks custom fields; the questions come with the order itself.
const hasCustomFields = (order: TOrderRow) =>
  order.products.some((line) => line.product.has_custom_fields ?? line.product.custom_fields.length > 0);

/** The entries of a row's menu, in display order. */
export function rowActionsFor(order: TOrderRow, tab: TOrderTab): TRowAction[] {
  if (tab === 'deleted' || order.deleted_at) return ['restore', 'timeline', 'customer'];
  const type = statusTypeOf(order);
  const actions: TRowAction[] = [];
  if (isEditableStatusType(type)) actions.push('edit');
  if (offeredStatusTypes(tab, type).length) actions.push('status');
  // The report date picker schedules a call back: for orders still being confirmed.
  if (MANUAL_TRANSITIONS[type].includes('reported') && (tab === 'inProcess' || tab === 'all')) actions.push('report');
  actions.push('timeline', 'assign_agent', 'customer');
  if (hasCustomFields(order)) actions.push('custom_fields');
  if (tab === 'ready') actions.push('assign_shipping', 'dispatch', 'go_back');
  if (tab === 'inDispatch') actions.push('validate', 'parcel_tickets', 'shipment_timeline');
  if (tab === 'inDelivery') {
    actions.push('parcel_tickets', 'shipment_timeline');
    // SPEC 6: driver notification buttons appear only for shipments of the ecotrack company.
    if (shipmentCompanyCode(order) === 'ecotrack') actions.push('notify_driver', 'driver_updates');
  }
  if (tab === 'delivered' || tab === 'returned') actions.push('shipment_timeline');
  if (isDeletableStatusType(type)) actions.push('delete');
  return actions;
}

function shipmentCompanyCode(order: TOrderRow): string | null {
  const shipment = order.current_shipment as { shipping_company?: { code?: string; kind?: string } | null } | null;
  // Issue 5: every EcoTrack-platform carrier (DHD, Conexlog, ...) has kind 'ecotrack' whatever its code.
  if (shipment?.shipping_company?.kind === 'ecotrack') return 'ecotrack';
  return shipment?.shipping_company?.code ?? null;
}

/** SPEC 4 bulk actions per tab (plus the status and agent dialogs where they apply). */
export type TBulkAction =
  | 'mark_confirmed'
  | 'mark_pending'
  | 'bulk_status'
  | 'assign_agent'
  | 'assign_shipping'
  | 'dispatch'
  | 'go_back'
  | 'validate'
  | 'parcel_tickets';

export function bulkActionsFor(tab: TOrderTab): TBulkAction[] {
  switch (tab) {
    case 'inProcess':
      return ['mark_confirmed', 'mark_pending', 'bulk_status', 'assign_agent'];
    case 'ready':
      return ['assign_shipping', 'dispatch', 'go_back', 'assign_agent'];
    case 'inDispatch':
      return ['validate', 'parcel_tickets'];
    case 'inDelivery':
      return ['parcel_tickets', 'bulk_status', 'assign_agent'];
    case 'deleted':
      return [];
    default:
      return ['bulk_status', 'assign_agent'];
  }
}

/** The status types the bulk dialog offers in a tab (the server checks each order's move). */
export function bulkStatusTypes(tab: TOrderTab): TStatusType[] {
  const byTab = statusTypesOfferedIn(tab);
  if (byTab.length) return [...byTab];
  return ['pending', 'confirmed', 'reported', 'cancelled', 'follow-up', 'delivered', 'returned'];
}

/** Bulk actions that act on the selection through the shipping issue's calls. */
export const LATER_BULK_ACTIONS: ReadonlySet<TBulkAction> = new Set([
  'assign_shipping',
  'dispatch',
  'go_back',
  'validate',
  'parcel_tickets',
]);
