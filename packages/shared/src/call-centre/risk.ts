/**
 * Issue 15.5: a customer's risk, per phone within the shop (docs/decisions/0085).
 *
 * The counts are of the shop's orders with that phone as first phone (deleted orders left out):
 * delivered, returned, and cancelled after having been confirmed (the customer said yes, then no).
 * A failure is a return or a cancellation after confirmation; a finished order is a delivery or a
 * failure. The score is the share of failures among finished orders, in percent.
 *
 * - high ("risky customer"): at least RISK_HIGH_FAILURES failures and a score of at least
 *   RISK_HIGH_SCORE; the list's "risky customers" filter is exactly this level;
 * - medium: at least one failure and a score of at least RISK_MEDIUM_SCORE;
 * - low: anything else (no history counts as low: a new customer is not a risk).
 *
 * The reasons name each count that made the score, so the badge's tooltip can say why.
 */
export const RISK_HIGH_FAILURES = 2;
export const RISK_HIGH_SCORE = 50;
export const RISK_MEDIUM_SCORE = 25;

export type TRiskLevel = 'low' | 'medium' | 'high';
export type TRiskReasonCode = 'returned' | 'cancelled_after_confirmation' | 'failure_rate' | 'delivered';

export interface TRiskCounts {
  delivered: number;
  returned: number;
  cancelled_after_confirmation: number;
}

export interface TRiskReason {
  code: TRiskReasonCode;
  value: number;
}

export interface TCustomerRisk extends TRiskCounts {
  score: number;
  level: TRiskLevel;
  reasons: TRiskReason[];
}

export function customerRisk(counts: TRiskCounts): TCustomerRisk {
  const failures = counts.returned + counts.cancelled_after_confirmation;
  const finished = failures + counts.delivered;
  const score = finished === 0 ? 0 : Math.round((failures * 100) / finished);
  const level: TRiskLevel =
    failures >= RISK_HIGH_FAILURES && score >= RISK_HIGH_SCORE
      ? 'high'
      : failures >= 1 && score >= RISK_MEDIUM_SCORE
        ? 'medium'
        : 'low';
  const reasons: TRiskReason[] = [];
  if (counts.returned) reasons.push({ code: 'returned', value: counts.returned });
  if (counts.cancelled_after_confirmation) {
    reasons.push({ code: 'cancelled_after_confirmation', value: counts.cancelled_after_confirmation });
  }
  if (failures) reasons.push({ code: 'failure_rate', value: score });
  if (counts.delivered) reasons.push({ code: 'delivered', value: counts.delivered });
  return { ...counts, score, level, reasons };
}

/** The same rule as a condition, for the list's filter (counts as SQL expressions' names). */
export const isRisky = (counts: TRiskCounts) => customerRisk(counts).level === 'high';
