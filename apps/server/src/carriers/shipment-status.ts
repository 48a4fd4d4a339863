/**
 * SPEC 4: the shipment statuses every carrier status is mapped onto, and the timeline dot colours.
 * The list, the dispatch rule, the timeline groups and their colours come from packages/shared.
 */
import {
  canAssignOrDispatch,
  DISPATCHABLE_STATUSES,
  SHIPMENT_STATUS_LIST,
  SHIPMENT_TIMELINE_GROUP,
  shipmentTimelineColour,
  TIMELINE_GROUP_COLOUR,
  type TShipmentStatusName,
  type TShipmentTimelineGroup,
  type TTimelineDotColour,
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

/** SPEC 4 timeline groups and dot colours: the table lives once in packages/shared (the browser draws them). */
export type TTimelineGroup = TShipmentTimelineGroup;
export type TTimelineColour = TTimelineDotColour;
export const TIMELINE_GROUP = SHIPMENT_TIMELINE_GROUP;
export const TIMELINE_COLOUR = TIMELINE_GROUP_COLOUR;
export const timelineColour = shipmentTimelineColour;
