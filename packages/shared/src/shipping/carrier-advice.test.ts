import { describe, expect, it } from 'vitest';
import {
  adviceDeliveryRate,
  bestCarrier,
  rateAdviceRows,
  type TCarrierAdviceRow,
  type TCarrierFigures,
} from './carrier-advice.js';

const fig = (delivered: number, returned: number, days: number | null = null): TCarrierFigures => ({
  delivered,
  returned,
  avg_delivery_days: days,
});
const row = (id: number, wilaya: TCarrierFigures, extra: Partial<TCarrierAdviceRow> = {}): TCarrierAdviceRow => ({
  shipping_company_id: id,
  name: `C${id}`,
  wilaya,
  commune: null,
  fee_centimes: null,
  ...extra,
});

describe('carrier advice rule (docs/decisions/0091)', () => {
  it('rates delivered over delivered plus returned, and stays silent below five outcomes', () => {
    expect(adviceDeliveryRate(fig(8, 2))).toBe(0.8);
    expect(adviceDeliveryRate(fig(3, 1))).toBeNull();
    expect(adviceDeliveryRate(fig(0, 0))).toBeNull();
    expect(adviceDeliveryRate(fig(0, 5))).toBe(0);
  });

  it('picks the highest rate', () => {
    expect(bestCarrier([row(1, fig(6, 4)), row(2, fig(9, 1)), row(3, fig(7, 3))])).toBe(2);
  });

  it('breaks a tie within 5 points by fewer days, then the lower fee, then more outcomes', () => {
    // 80 % and 76 %: a tie; the faster wins.
    expect(bestCarrier([row(1, fig(8, 2, 4)), row(2, fig(19, 6, 2.5))])).toBe(2);
    // Same days: the cheaper one.
    expect(
      bestCarrier([row(1, fig(8, 2, 3), { fee_centimes: 60000 }), row(2, fig(8, 2, 3), { fee_centimes: 45000 })]),
    ).toBe(2);
    // Same everything but sample size.
    expect(bestCarrier([row(1, fig(8, 2, 3)), row(2, fig(16, 4, 3))])).toBe(2);
    // 6 points apart: no tie, the faster one with the lower rate loses.
    expect(bestCarrier([row(1, fig(86, 14, 5)), row(2, fig(80, 20, 1))])).toBe(1);
  });

  it('judges on the commune when it has enough outcomes, else on the wilaya', () => {
    const rows = [
      row(1, fig(90, 10), { commune: fig(2, 8) }), // commune 20 %: judged on it
      row(2, fig(70, 30), { commune: fig(1, 0) }), // commune too small: wilaya 70 %
    ];
    const rated = rateAdviceRows(rows);
    expect(rated.map((r) => [r.rate, r.basis])).toEqual([
      [0.2, 'commune'],
      [0.7, 'wilaya'],
    ]);
    expect(bestCarrier(rows)).toBe(2);
  });

  it('has no best when no company has enough history', () => {
    expect(bestCarrier([row(1, fig(2, 1)), row(2, fig(0, 0))])).toBeNull();
    expect(bestCarrier([])).toBeNull();
  });
});
