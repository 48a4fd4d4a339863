import { X_AXIS_HEIGHT_PX } from '../../lib/chart-axis';

export { X_AXIS_HEIGHT_PX };

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * Thinning the labels of a category axis (days, weeks, hours) to the chart's width (issue 14.5):
 * on a phone (390 px) 30 or 90 day labels ("26 نوفمبر", "26 nov.") overlap. Every n-th label is
 * kept, n chosen so that the longest label and a gap fit in each kept slot; the bars and points
 * stay, only the labels and tick marks are skipped. When labels must be skipped, a kept one gets
 * at least AXIS_LABEL_MIN_SLOT_PX, so a short date ("1 Nov") is not repeated every 50 px.
 */

/** Width of one character of an axis label at the charts' 12 px font, rounded up (Arabic letters: below). */
export const AXIS_CHAR_PX = 7;
/** Free space left between two labels. */
export const AXIS_LABEL_GAP_PX = 12;
/** What the value axis and the chart's margins take from the card's width. */
export const AXIS_CHROME_PX = 100;

/** The least room one kept label of a category axis takes, its gap included. */
export const AXIS_LABEL_MIN_SLOT_PX = 72;

/**
 * Width of one Arabic letter at the same font: joined letters are narrower than Latin ones (a
 * 9-character "16 سبتمبر" measures 55 px in the browser, a 7-character "16 Sept" 47 px).
 */
export const AXIS_ARABIC_CHAR_PX = 6;

/** The estimated width of a label in px, Arabic letters counted narrower than the others. */
export function labelTextPx(label: string): number {
  const chars = [...label];
  const arabic = chars.filter((char) => ARABIC_LETTER.test(char)).length;
  return arabic * AXIS_ARABIC_CHAR_PX + (chars.length - arabic) * AXIS_CHAR_PX;
}

/** The room one label needs: its estimated width and a gap. */
const labelWidthPx = (labels: readonly string[]) => Math.max(0, ...labels.map(labelTextPx)) + AXIS_LABEL_GAP_PX;

/** The room each kept label takes on a thinned axis: what it needs, at least the minimum. */
export function labelSlotPx(labels: readonly string[]): number {
  return Math.max(AXIS_LABEL_MIN_SLOT_PX, labelWidthPx(labels));
}

/** Keep every n-th of `labels` on a plot `plotWidthPx` wide; 1 keeps them all (when they all fit). */
export function tickEvery(labels: readonly string[], plotWidthPx: number): number {
  if (labels.length <= 1 || !(plotWidthPx > 0)) return 1;
  if (labels.length * labelWidthPx(labels) <= plotWidthPx) return 1;
  const slot = labelSlotPx(labels);
  const fitting = Math.max(1, Math.floor(plotWidthPx / slot));
  return Math.max(1, Math.ceil(labels.length / fitting));
}

/**
 * A band or point axis over `labels` whose labels and ticks are thinned for a card `cardWidthPx` wide.
 *
 * The chart library (MUI X Charts 9, ChartsXAxis/getVisibleLabels) calls `tickLabelInterval`
 * with the index among the ticks `tickInterval` already kept, not among the labels: the same
 * "index % n" rule given to both kept every n²-th label (90 days, n = 8: "29 Aug" and "1 Nov"
 * only). The labels are therefore chosen by value. A function also turns off the library's own
 * measuring, which would drop labels unevenly; `tickEvery` leaves room enough.
 */
export function categoryAxis(scaleType: 'band' | 'point', labels: string[], rtl: boolean, cardWidthPx: number) {
  const every = tickEvery(labels, cardWidthPx - AXIS_CHROME_PX);
  const keptLabels = new Set(labels.filter((_label, index) => index % every === 0));
  return {
    scaleType,
    data: labels,
    reverse: rtl,
    height: X_AXIS_HEIGHT_PX,
    tickInterval: (_value: unknown, index: number) => index % every === 0,
    tickLabelInterval: (value: unknown, _indexAmongTicks: number) => keptLabels.has(value as string),
  };
}

/** The charts' own margin beside the plot (MUI X Charts' DEFAULT_MARGINS). */
export const CHART_MARGIN_PX = 20;

/**
 * The margin beside a line chart's point axis. Its last point sits on the plot's edge, on the
 * side away from the value axis (right, or left in Arabic), and the library cuts a label that
 * does not fit half its width there ("2026-11" became "202…"): that margin is widened to half
 * the longest label.
 */
export function pointAxisMargin(labels: readonly string[], rtl: boolean) {
  const half = Math.ceil(Math.max(0, ...labels.map(labelTextPx)) / 2) + 4;
  return { [rtl ? 'left' : 'right']: Math.max(CHART_MARGIN_PX, half) };
}

/**
 * Names on a band axis (sources, campaigns, carriers, products, reasons; issue 14.5). Under a
 * vertical bar a name has the bar's slot only: on a phone "instagram" and "ramadan-2025" run into
 * their neighbours. A breakdown whose names do not all fit whole is drawn as horizontal bars, the
 * names on the value axis's side, each cut to the room it has with an ellipsis; the tooltip keeps
 * the whole name.
 */

/** Whether every name fits whole, with a gap, under its bar on a plot `plotWidthPx` wide. */
export function namesFitUnderBars(labels: readonly string[], plotWidthPx: number): boolean {
  if (labels.length === 0 || !(plotWidthPx > 0)) return true;
  const longest = Math.max(...labels.map((label) => label.length));
  return longest * AXIS_CHAR_PX + AXIS_LABEL_GAP_PX <= plotWidthPx / labels.length;
}

/** The narrowest room for names beside horizontal bars, and the share of the card they may take. */
export const NAME_AXIS_MIN_PX = 56;
export const NAME_AXIS_MAX_SHARE = 0.34;
/** Space between a name and the bars: the tick (6 px), its gap, and a wide font's margin. */
export const NAME_AXIS_PADDING_PX = 16;

/**
 * Room for the names beside horizontal bars on a card `cardWidthPx` wide: what the longest needs,
 * at most `maxPx`, and never more than a third of the card (the bars need the rest).
 */
export function nameAxisWidth(labels: readonly string[], cardWidthPx: number, maxPx: number): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const needed = longest * AXIS_CHAR_PX + NAME_AXIS_PADDING_PX;
  const allowed = cardWidthPx > 0 ? Math.min(maxPx, Math.floor(cardWidthPx * NAME_AXIS_MAX_SHARE)) : maxPx;
  return Math.max(NAME_AXIS_MIN_PX, Math.min(needed, allowed));
}

/** How many characters of a name fit `widthPx`. */
export const charsIn = (widthPx: number) => Math.max(3, Math.floor((widthPx - NAME_AXIS_PADDING_PX) / AXIS_CHAR_PX));

/**
 * A name cut to `maxChars` characters, the last one an ellipsis. The ellipsis is followed by a
 * mark of the name's own direction (right-to-left for an Arabic name, left-to-right for a Latin
 * one), so it stays at the name's end whichever direction the interface reads in.
 */
export function shortName(name: string, maxChars: number): string {
  const chars = [...name];
  if (chars.length <= maxChars) return name;
  const cut = `${chars
    .slice(0, Math.max(1, maxChars - 1))
    .join('')
    .trimEnd()}…`;
  return `${cut}${RTL_LETTER.test(name) ? '\u200f' : '\u200e'}`;
}

/**
 * How many ticks a value axis `plotWidthPx` wide takes without its labels running together, its
 * widest label being about `widestLabel` ("1,400", "1,5 مليون DA").
 */
export function valueTicksFor(plotWidthPx: number, widestLabel = '0000'): number {
  if (!(plotWidthPx > 0)) return 5;
  const slot = widestLabel.length * AXIS_CHAR_PX + AXIS_LABEL_GAP_PX * 2;
  return Math.max(2, Math.min(5, Math.floor(plotWidthPx / slot)));
}

/** A band axis of names whose ticks are cut to `maxChars`; the tooltip shows the whole name. */
export function namesFormatter(maxChars: number) {
  return (name: string, context: { location: string }) =>
    context.location === 'tick' ? shortName(name, maxChars) : name;
}
