/** SPEC 3: the nine status types; SPEC 4: which tab shows which types. */
export const STATUS_TYPES = [
  'new',
  'pending',
  'confirmed',
  'reported',
  'follow-up',
  'inDispatch',
  'delivered',
  'returned',
  'cancelled',
] as const;
export type TStatusType = (typeof STATUS_TYPES)[number];

export const ORDER_TABS = [
  'inProcess',
  'ready',
  'inDispatch',
  'inDelivery',
  'delivered',
  'returned',
  'cancelled',
  'all',
  'deleted',
] as const;
export type TOrderTab = (typeof ORDER_TABS)[number];

export interface TStatus {
  id: number;
  name: string;
  type: TStatusType;
  color: string;
  display_name: string;
}

/** A sensible default set covering all nine types (seeded per tenant). */
export const DEFAULT_STATUSES: ReadonlyArray<Omit<TStatus, 'id'>> = [
  { name: 'new', type: 'new', color: '#7367F0', display_name: 'New' },
  { name: 'no_answer', type: 'pending', color: '#FF9F43', display_name: 'No answer' },
  { name: 'call_back', type: 'pending', color: '#FFB400', display_name: 'Call back later' },
  { name: 'confirmed', type: 'confirmed', color: '#28C76F', display_name: 'Confirmed' },
  { name: 'reported', type: 'reported', color: '#00CFE8', display_name: 'Postponed' },
  { name: 'in_dispatch', type: 'inDispatch', color: '#3F51B5', display_name: 'Dispatched' },
  { name: 'out_for_delivery', type: 'follow-up', color: '#9C27B0', display_name: 'Out for delivery' },
  { name: 'delivered', type: 'delivered', color: '#1B5E20', display_name: 'Delivered' },
  { name: 'returned', type: 'returned', color: '#EA5455', display_name: 'Returned' },
  { name: 'cancelled', type: 'cancelled', color: '#82868B', display_name: 'Cancelled' },
  { name: 'duplicate', type: 'cancelled', color: '#A8AAAE', display_name: 'Duplicate' },
];
