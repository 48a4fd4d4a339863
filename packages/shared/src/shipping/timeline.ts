/**
 * SPEC 4 shipment statuses and timeline dot colours, for the browser and the server's carrier layer
 * (apps/server/src/carriers/shipment-status.ts); a test checks its timeline groups give these colours.
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

/** SPEC 4: "pending warning, picked_up info, in_transit primary, delivered success, returned and cancelled error". */
export const SHIPMENT_TIMELINE_COLOUR: Record<TShipmentStatusName, TTimelineDotColour> = {
  created: 'warning',
  pickup_requested: 'warning',
  ready_to_ship: 'warning',
  waiting_transit: 'warning',
  pending: 'warning',
  out_of_stock: 'warning',
  postponed: 'warning',
  alerted: 'warning',
  in_process: 'info',
  assigned: 'info',
  in_transit_to_ship: 'primary',
  shipped: 'primary',
  delivered: 'success',
  in_transit_to_return: 'error',
  ready_to_return: 'error',
  taken_by_store: 'error',
  not_received: 'error',
  cancelled: 'error',
};

/** SPEC 4: assign or dispatch only while the shipment status is one of these (or there is none). */
export const DISPATCHABLE_STATUSES: readonly TShipmentStatusName[] = ['waiting_transit', 'ready_to_ship', 'created'];

export function canAssignOrDispatch(status: TShipmentStatusName | null | undefined): boolean {
  return status == null || DISPATCHABLE_STATUSES.includes(status);
}
