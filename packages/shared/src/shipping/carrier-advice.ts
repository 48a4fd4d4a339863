/**
 * Carrier advice (issue 15.6, docs/decisions/0091): which shipping company delivers best to a
 * wilaya (and a commune), from the shop's own last 90 days. Pure: the server counts, this decides.
 *
 * - Delivery rate = delivered / (delivered + returned): orders still on the way count for nothing.
 * - A figure speaks only with at least ADVICE_MIN_OUTCOMES outcomes; fewer is "not enough data".
 * - A company is judged on its commune figure when that one speaks, else on its wilaya figure.
 * - The best: the highest rate, where rates within ADVICE_RATE_TIE (5 points) of the highest are a
 *   tie, broken by fewer average delivery days, then the lower fee, then more outcomes, then the
 *   lower id (stable). No company speaks: no best, nothing is pre-selected.
 */
export const ADVICE_WINDOW_DAYS = 90;
export const ADVICE_MIN_OUTCOMES = 5;
export const ADVICE_RATE_TIE = 0.05;

/** One company's history in one place (a wilaya or a commune). */
export interface TCarrierFigures {
  delivered: number;
  returned: number;
  /** Average days from dispatch to delivery of the delivered orders; null when none is known. */
  avg_delivery_days: number | null;
}

export interface TCarrierAdviceRow {
  shipping_company_id: number;
  name: string;
  wilaya: TCarrierFigures;
  /** Null when the order's commune is unknown to the question (several orders, several communes). */
  commune: TCarrierFigures | null;
  /** The company's fee to the wilaya for the order's delivery type, in centimes; null when not set. */
  fee_centimes: number | null;
}

export interface TCarrierAdviceRowRated extends TCarrierAdviceRow {
  /** delivered / (delivered + returned) of the figure the company is judged on; null: not enough data. */
  rate: number | null;
  /** Which figure that is. */
  basis: 'commune' | 'wilaya' | null;
}

export interface TCarrierAdvice {
  state_id: number | null;
  city_id: number | null;
  window_days: number;
  rows: TCarrierAdviceRowRated[];
  best_company_id: number | null;
  /** The shop's setting: pre-select the best company in the dialogs. */
  preselect: boolean;
}

export const adviceOutcomes = (f: TCarrierFigures): number => f.delivered + f.returned;

/** delivered / (delivered + returned), or null below the minimum sample. */
export function adviceDeliveryRate(f: TCarrierFigures, minOutcomes = ADVICE_MIN_OUTCOMES): number | null {
  const total = adviceOutcomes(f);
  if (total === 0 || total < minOutcomes) return null;
  return f.delivered / total;
}

/** The figure a company is judged on: its commune's when that speaks, else its wilaya's. */
export function adviceJudgedFigure(row: TCarrierAdviceRow): { figure: TCarrierFigures; basis: 'commune' | 'wilaya' } {
  if (row.commune && adviceDeliveryRate(row.commune) !== null) return { figure: row.commune, basis: 'commune' };
  return { figure: row.wilaya, basis: 'wilaya' };
}

export function rateAdviceRows(rows: readonly TCarrierAdviceRow[]): TCarrierAdviceRowRated[] {
  return rows.map((row) => {
    const { figure, basis } = adviceJudgedFigure(row);
    const rate = adviceDeliveryRate(figure);
    return { ...row, rate, basis: rate === null ? null : basis };
  });
}

const nullLast = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);

/** The best company's id by the rule above, or null when no company has enough data. */
export function bestCarrier(rows: readonly TCarrierAdviceRow[]): number | null {
  const rated = rateAdviceRows(rows).filter((r): r is TCarrierAdviceRowRated & { rate: number } => r.rate !== null);
  if (!rated.length) return null;
  const top = Math.max(...rated.map((r) => r.rate));
  // A tolerance for floating point: 0.80 - 0.75 must count as within 5 points.
  const tied = rated.filter((r) => r.rate >= top - ADVICE_RATE_TIE - 1e-9);
  tied.sort(
    (a, b) =>
      nullLast(adviceJudgedFigure(a).figure.avg_delivery_days, adviceJudgedFigure(b).figure.avg_delivery_days) ||
      nullLast(a.fee_centimes, b.fee_centimes) ||
      adviceOutcomes(adviceJudgedFigure(b).figure) - adviceOutcomes(adviceJudgedFigure(a).figure) ||
      a.shipping_company_id - b.shipping_company_id,
  );
  return tied[0]!.shipping_company_id;
}
