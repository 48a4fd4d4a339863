import { X_AXIS_HEIGHT_PX } from '../../lib/chart-axis';

export { X_AXIS_HEIGHT_PX };

/**
 * Thinning the labels of a category axis (days, weeks, hours) to the chart's width (issue 14.5):
 * on a phone (390 px) 30 or 90 day labels ("26 نوفمبر", "26 nov.") overlap. Every n-th label is
 * kept, n chosen so that the longest label and a gap fit in each kept slot; the bars and points
 * stay, only the labels and tick marks are skipped.
 */

/** Width of one character of an axis label at the charts' 12 px font, rounded up (Latin or Arabic). */
export const AXIS_CHAR_PX = 7;
/** Free space left between two labels. */
export const AXIS_LABEL_GAP_PX = 12;
/** What the value axis and the chart's margins take from the card's width. */
export const AXIS_CHROME_PX = 100;

/** Keep every n-th of `labels` on a plot `plotWidthPx` wide; 1 keeps them all. */
export function tickEvery(labels: readonly string[], plotWidthPx: number): number {
  if (labels.length <= 1 || !(plotWidthPx > 0)) return 1;
  const longest = Math.max(...labels.map((label) => label.length));
  const slot = longest * AXIS_CHAR_PX + AXIS_LABEL_GAP_PX;
  const fitting = Math.max(1, Math.floor(plotWidthPx / slot));
  return Math.max(1, Math.ceil(labels.length / fitting));
}

/** A band or point axis over `labels` whose labels and ticks are thinned for a card `cardWidthPx` wide. */
export function categoryAxis(scaleType: 'band' | 'point', labels: string[], rtl: boolean, cardWidthPx: number) {
  const every = tickEvery(labels, cardWidthPx - AXIS_CHROME_PX);
  const kept = (_value: unknown, index: number) => index % every === 0;
  return {
    scaleType,
    data: labels,
    reverse: rtl,
    height: X_AXIS_HEIGHT_PX,
    tickInterval: kept,
    tickLabelInterval: kept,
  };
}
