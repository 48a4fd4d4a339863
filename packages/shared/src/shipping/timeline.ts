/**
 * SPEC 4 shipment statuses and timeline dot colours, for the browser and the server's carrier layer
 * (apps/server/src/carriers/shipment-status.ts): the statuses, their timeline groups and colours.
 */
export const SHIPMENT_STATUS_LIST = [
  'created',
  'pickup_requested',
  'in_process',
  'waiting_transit',
  'in_transit_to_ship',
  'in_transit_to_return',
  'pending',
  'out_of_stock',
  'ready_to_ship',
  'assigned',
  'shipped',
  'alerted',
  'delivered',
  'postponed',
  'cancelled',
  'ready_to_return',
  'taken_by_store',
  'not_received',
] as const;
export type TShipmentStatusName = (typeof SHIPMENT_STATUS_LIST)[number];

export type TTimelineDotColour = 'warning' | 'info' | 'primary' | 'success' | 'error';

/** SPEC 4 timeline groups: each shipment status belongs to exactly one, and the group gives the colour. */
export type TShipmentTimelineGroup = 'pending' | 'picked_up' | 'in_transit' | 'delivered' | 'returned' | 'cancelled';

export const SHIPMENT_TIMELINE_GROUP: Record<TShipmentStatusName, TShipmentTimelineGroup> = {
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

/** SPEC 4: "pending warning, picked_up info, in_transit primary, delivered success, returned and cancelled error". */
export const TIMELINE_GROUP_COLOUR: Record<TShipmentTimelineGroup, TTimelineDotColour> = {
  pending: 'warning',
  picked_up: 'info',
  in_transit: 'primary',
  delivered: 'success',
  returned: 'error',
  cancelled: 'error',
};

export function shipmentTimelineColour(status: TShipmentStatusName): TTimelineDotColour {
  return TIMELINE_GROUP_COLOUR[SHIPMENT_TIMELINE_GROUP[status]];
}

/** Each shipment status's dot colour, from its group. */
export const SHIPMENT_TIMELINE_COLOUR = Object.fromEntries(
  SHIPMENT_STATUS_LIST.map((status) => [status, shipmentTimelineColour(status)]),
) as Record<TShipmentStatusName, TTimelineDotColour>;

/** SPEC 4: assign or dispatch only while the shipment status is one of these (or there is none). */
export const DISPATCHABLE_STATUSES: readonly TShipmentStatusName[] = ['waiting_transit', 'ready_to_ship', 'created'];

export function canAssignOrDispatch(status: TShipmentStatusName | null | undefined): boolean {
  return status == null || DISPATCHABLE_STATUSES.includes(status);
}
