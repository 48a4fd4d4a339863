import type { TStatusType } from '../statuses.js';

/**
 * The analytics definitions (issue 14.1), written once for the server (rollups, daily report,
 * home) and the SPA (labels, tooltips). docs/decisions/0077 says why each one reads as it does.
 * Every rate is a share in [0, 1] or null when its denominator is 0: "no data" is not "0 %".
 */

/** The types an order holds before anyone has decided about it. */
export const UNDECIDED_STATUS_TYPES = ['new', 'pending', 'reported'] as const satisfies readonly TStatusType[];

/** Confirmed or any later step of the parcel's life: the numerator of the confirmation rate. */
export const CONFIRMED_OR_LATER_STATUS_TYPES = [
  'confirmed',
  'inDispatch',
  'follow-up',
  'delivered',
  'returned',
] as const satisfies readonly TStatusType[];

export const isUndecided = (type: TStatusType): boolean =>
  (UNDECIDED_STATUS_TYPES as readonly TStatusType[]).includes(type);
export const isConfirmedOrLater = (type: TStatusType): boolean =>
  (CONFIRMED_OR_LATER_STATUS_TYPES as readonly TStatusType[]).includes(type);

/** A share, or null when nothing was counted. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export interface TOutcomeCounts {
  /** Orders that left new/pending/reported (confirmed or later, or cancelled). */
  decided: number;
  confirmedOrLater: number;
  cancelled: number;
  delivered: number;
  returned: number;
}

/** confirmed-or-later / orders that left the undecided states. */
export const confirmationRate = (c: Pick<TOutcomeCounts, 'confirmedOrLater' | 'decided'>) =>
  rate(c.confirmedOrLater, c.decided);
/** cancelled / orders that left the undecided states. */
export const cancellationRate = (c: Pick<TOutcomeCounts, 'cancelled' | 'decided'>) => rate(c.cancelled, c.decided);
/** delivered / (delivered + returned): parcels still on the road are not counted yet. */
export const deliveryRate = (c: Pick<TOutcomeCounts, 'delivered' | 'returned'>) =>
  rate(c.delivered, c.delivered + c.returned);
/** returned / (delivered + returned): the complement of the delivery rate. */
export const returnRate = (c: Pick<TOutcomeCounts, 'delivered' | 'returned'>) =>
  rate(c.returned, c.delivered + c.returned);

/** Mean of durations in milliseconds, or null when there are none. */
export function averageDuration(totalMs: number, count: number): number | null {
  return count > 0 ? totalMs / count : null;
}

/** Change against the previous period as a share (0.25 = +25 %), null when the previous was 0 or unknown. */
export function periodDelta(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
