import { OPEN_STATUS_TYPES, STATUS_TYPES, type TStatusType } from '../statuses.js';

/**
 * Which status types allow which action, written once for the SPA (hides the entry) and the
 * server (refuses the request). docs/decisions/0016: only orders still being worked, or cancelled,
 * can be edited. An order with a carrier (inDispatch, follow-up) cannot be deleted. "Open" orders
 * are the ones still on their way: they count as possible duplicates of a new order.
 */
export const EDITABLE_STATUS_TYPES = [
  'new',
  'pending',
  'confirmed',
  'reported',
  'cancelled',
] as const satisfies readonly TStatusType[];

/** The types of an order in a carrier's hands: deleting it would lose the parcel. */
export const WITH_CARRIER_STATUS_TYPES = ['inDispatch', 'follow-up'] as const satisfies readonly TStatusType[];

const has = (types: readonly TStatusType[], type: TStatusType) => types.includes(type);

export const isEditableStatusType = (type: TStatusType): boolean => has(EDITABLE_STATUS_TYPES, type);
export const isDeletableStatusType = (type: TStatusType): boolean => !has(WITH_CARRIER_STATUS_TYPES, type);
export const DELETABLE_STATUS_TYPES: readonly TStatusType[] = STATUS_TYPES.filter(isDeletableStatusType);
export const isOpenStatusType = (type: TStatusType): boolean => has(OPEN_STATUS_TYPES, type);
