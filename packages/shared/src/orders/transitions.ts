import type { TOrderTab, TStatusType } from '../statuses.js';

/** SPEC 4: which status types each tab shows ('all' and 'deleted' are not status filters). */
export const TAB_STATUS_TYPES: Record<Exclude<TOrderTab, 'all' | 'deleted'>, readonly TStatusType[]> = {
  inProcess: ['new', 'pending', 'confirmed', 'reported'],
  ready: ['confirmed'],
  inDispatch: ['inDispatch'],
  inDelivery: ['follow-up'],
  delivered: ['delivered'],
  returned: ['returned'],
  cancelled: ['cancelled'],
};

/**
 * Server-side transition rules (SPEC 4 says "not shown"; docs/decisions/0010-order-transitions.md).
 * These are the moves a person makes with the status dialogs. Entering inDispatch happens only by
 * dispatching to a carrier, and 'new' only by Go Back, so neither is a manual target here.
 */
export const MANUAL_TRANSITIONS: Record<TStatusType, readonly TStatusType[]> = {
  new: ['pending', 'confirmed', 'reported', 'cancelled'],
  pending: ['pending', 'confirmed', 'reported', 'cancelled'],
  reported: ['pending', 'confirmed', 'reported', 'cancelled'],
  confirmed: ['pending', 'confirmed', 'reported', 'cancelled'],
  inDispatch: ['follow-up', 'delivered', 'returned'],
  'follow-up': ['follow-up', 'delivered', 'returned'],
  delivered: ['delivered'],
  returned: ['returned'],
  // A customer who calls back after cancelling gets the same order reopened.
  cancelled: ['pending', 'confirmed', 'cancelled'],
};

export function canTransition(from: TStatusType, to: TStatusType): boolean {
  return MANUAL_TRANSITIONS[from].includes(to);
}

/** SPEC 4: status types a tab's single status dialog offers. */
export function statusTypesOfferedIn(tab: TOrderTab): readonly TStatusType[] {
  switch (tab) {
    case 'inProcess':
      return ['confirmed', 'pending', 'reported', 'cancelled'];
    case 'inDelivery':
      return ['follow-up', 'delivered', 'returned'];
    case 'delivered':
      return ['delivered'];
    case 'returned':
      return ['returned'];
    default:
      return [];
  }
}
