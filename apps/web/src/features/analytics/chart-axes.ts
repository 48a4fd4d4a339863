import { X_AXIS_HEIGHT_PX } from '../../lib/chart-axis';

/**
 * The value axis of horizontal bars (decision 0117): room for its labels, a few ticks formatted
 * like the table, reversed in Arabic so bars grow from the right. In Arabic each label is a
 * left-to-right isolate, so "250 000 DA" is not reordered into "DA 250 000" by the bidi algorithm.
 */
export function valueAxis(rtl: boolean, format: (v: number) => string, tickNumber = 5) {
  return {
    reverse: rtl,
    position: 'bottom' as const,
    height: X_AXIS_HEIGHT_PX,
    tickNumber,
    tickLabelMinGap: 8,
    valueFormatter: (v: number) => (rtl ? `\u2066${format(v)}\u2069` : format(v)),
  };
}

/** Amounts on an axis: short (compact notation, e.g. "250 k DA"), the exact value is in the table. */
export function compactMoney(locale: string): (centimes: number) => string {
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (centimes) => `${compact.format(centimes / 100)} DA`;
}
