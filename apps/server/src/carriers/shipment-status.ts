/**
 * SPEC 4: the shipment statuses every carrier status is mapped onto, and the timeline dot colours.
 * The list and the dispatch rule come from packages/shared; the carrier-side groups stay here.
 */
import {
  canAssignOrDispatch,
  DISPATCHABLE_STATUSES,
  SHIPMENT_STATUS_LIST,
  type TShipmentStatusName,
} from '@cod/shared';

// The list, the dispatch rule and the colours live once in packages/shared (the browser uses them too).
export const SHIPMENT_STATUSES = SHIPMENT_STATUS_LIST;
export type TShipmentStatus = TShipmentStatusName;

export function isShipmentStatus(value: unknown): value is TShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

/** SPEC 4: "An order can be assigned to shipping or dispatched only while its shipment status is
 * waiting_transit, ready_to_ship or created." */
export const DISPATCHABLE_SHIPMENT_STATUSES = DISPATCHABLE_STATUSES;
export const canDispatchFromShipmentStatus = canAssignOrDispatch;

/** The parcel will not move again: later carrier events cannot change the outcome for cash or stock. */
export const FINAL_SHIPMENT_STATUSES: readonly TShipmentStatus[] = [
  'delivered',
  'cancelled',
  'taken_by_store',
  'not_received',
];

export function isFinalShipmentStatus(status: TShipmentStatus): boolean {
  return FINAL_SHIPMENT_STATUSES.includes(status);
}

/** SPEC 4 timeline groups: "pending warning, picked_up info, in_transit primary, delivered success,
 * returned and cancelled error". Each shipment status belongs to exactly one group. */
export type TTimelineGroup = 'pending' | 'picked_up' | 'in_transit' | 'delivered' | 'returned' | 'cancelled';
export type TTimelineColour = 'warning' | 'info' | 'primary' | 'success' | 'error';

export const TIMELINE_GROUP: Record<TShipmentStatus, TTimelineGroup> = {
  created: 'pending',
  pickup_requested: 'pending',
  ready_to_ship: 'pending',
  waiting_transit: 'pending',
  pending: 'pending',
  out_of_stock: 'pending',
  postponed: 'pending',
  alerted: 'pending',
  in_process: 'picked_up',
  assigned: 'picked_up',
  in_transit_to_ship: 'in_transit',
  shipped: 'in_transit',
  delivered: 'delivered',
  in_transit_to_return: 'returned',
  ready_to_return: 'returned',
  taken_by_store: 'returned',
  not_received: 'returned',
  cancelled: 'cancelled',
};

export const TIMELINE_COLOUR: Record<TTimelineGroup, TTimelineColour> = {
  pending: 'warning',
  picked_up: 'info',
  in_transit: 'primary',
  delivered: 'success',
  returned: 'error',
  cancelled: 'error',
};

export function timelineColour(status: TShipmentStatus): TTimelineColour {
  return TIMELINE_COLOUR[TIMELINE_GROUP[status]];
}
