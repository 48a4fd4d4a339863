import { describe, expect, it } from 'vitest';
import {
  AXIS_ARABIC_CHAR_PX,
  AXIS_CHAR_PX,
  AXIS_CHROME_PX,
  AXIS_LABEL_MIN_SLOT_PX,
  categoryAxis,
  charsIn,
  nameAxisWidth,
  NAME_AXIS_MIN_PX,
  NAME_AXIS_PADDING_PX,
  namesFitUnderBars,
  namesFormatter,
  pointAxisMargin,
  labelSlotPx,
  labelTextPx,
  shortName,
  tickEvery,
  valueTicksFor,
} from './axis-ticks';
import { formatters } from './analytics-format';

const daysOf = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 8, 1) + i * 86_400_000).toISOString().slice(0, 10));

describe('axis labels thinned to the chart width (issue 14.5)', () => {
  it('keeps every label when they fit, one in n on a phone', () => {
    const labels = daysOf(7).map(formatters('en').day); // "1 Sept", ...
    expect(tickEvery(labels, 1000)).toBe(1);
    // 30 Arabic day labels on a 390 px phone: the kept labels, each with a gap, fit the plot.
    const arabic = daysOf(30).map(formatters('ar').day);
    const plot = 390 - AXIS_CHROME_PX;
    const every = tickEvery(arabic, plot);
    expect(every).toBeGreaterThan(1);
    const slot = labelSlotPx(arabic);
    expect(slot).toBeGreaterThanOrEqual(Math.max(...arabic.map(labelTextPx)) + 12);
    expect(Math.ceil(arabic.length / every) * slot).toBeLessThanOrEqual(plot);
    // The smallest such step: one less would not fit.
    expect(Math.ceil(arabic.length / (every - 1)) * slot).toBeGreaterThan(plot);
    // 90 days thin further; a wide screen keeps more.
    expect(tickEvery(daysOf(90).map(formatters('ar').day), plot)).toBeGreaterThan(every);
    expect(tickEvery(arabic, 1400)).toBeLessThan(every);
  });

  it('handles the edges: nothing to thin, an unmeasured width', () => {
    expect(tickEvery([], 300)).toBe(1);
    expect(tickEvery(['1 Sept'], 10)).toBe(1);
    expect(tickEvery(['a', 'b'], 0)).toBe(1);
    expect(tickEvery(['a', 'b'], Number.NaN)).toBe(1);
    // A label longer than the plot: one label at a time.
    expect(tickEvery(['x'.repeat(80), 'y'.repeat(80), 'z'.repeat(80)], 200)).toBe(3);
  });

  it('builds an axis that shows the first label and every n-th after it, in either direction', () => {
    const labels = daysOf(30).map(formatters('ar').day);
    const axis = categoryAxis('band', labels, true, 390);
    const every = tickEvery(labels, 390 - AXIS_CHROME_PX);
    expect(axis).toMatchObject({ scaleType: 'band', data: labels, reverse: true });
    const shown = drawnLabels(axis);
    expect(shown[0]).toBe(labels[0]);
    expect(shown).toHaveLength(Math.ceil(labels.length / every));
    expect(labels.filter((l, i) => axis.tickInterval(l, i))).toEqual(shown);
    // On a desktop card a week's labels all stay.
    const week = labels.slice(0, 7);
    expect(drawnLabels(categoryAxis('point', week, false, 1200))).toEqual(week);
  });
});

/**
 * The labels the chart library draws for an axis, the way MUI X Charts 9 picks them
 * (hooks/useTicks.js, ChartsXAxis/getVisibleLabels.js): the ticks are the data that
 * `tickInterval(value, indexInData)` keeps; a tick's label is drawn when
 * `tickLabelInterval(value, indexAmongThoseTicks)` is true.
 */
function drawnLabels(axis: ReturnType<typeof categoryAxis>): string[] {
  const ticks = axis.data.filter((value, index) => axis.tickInterval(value, index));
  return ticks.filter((value, index) => axis.tickLabelInterval(value, index));
}

const dayIndex = (labels: readonly string[], label: string) => labels.indexOf(label);

/** Card widths: a 1366 px laptop's half-width card, a 390 px phone's card (less the page and card padding). */
const LAPTOP_CARD_PX = 620;
const PHONE_CARD_PX = 326;

describe('a 90 day axis shows evenly spaced dates (issue 14)', () => {
  const cases = [
    ['en', LAPTOP_CARD_PX, 5, 8],
    ['ar', LAPTOP_CARD_PX, 5, 8],
    ['en', PHONE_CARD_PX, 3, 4],
    ['ar', PHONE_CARD_PX, 3, 4],
  ] as const;

  it.each(cases)('%s at a %i px card: %i to %i dates, one every n days', (locale, card, least, most) => {
    const labels = daysOf(90).map(formatters(locale).day);
    for (const scale of ['point', 'band'] as const) {
      const axis = categoryAxis(scale, labels, locale === 'ar', card);
      const shown = drawnLabels(axis);
      // Before the fix the library's second pass kept 1 (phone) or 2 (laptop) of these.
      expect(shown.length).toBeGreaterThanOrEqual(least);
      expect(shown.length).toBeLessThanOrEqual(most);
      // Evenly spaced: the same number of days between two drawn dates, the first day drawn.
      const steps = shown.slice(1).map((label, i) => dayIndex(labels, label) - dayIndex(labels, shown[i]!));
      expect(new Set(steps).size).toBe(1);
      expect(shown[0]).toBe(labels[0]);
      // Non-overlapping: each drawn date, with a gap, fits the plot width between it and the next.
      const plot = card - AXIS_CHROME_PX;
      const pxPerDay = plot / labels.length;
      const longest = Math.max(...labels.map(labelTextPx));
      expect(steps[0]! * pxPerDay).toBeGreaterThanOrEqual(longest + 12);
      expect(steps[0]! * pxPerDay).toBeGreaterThanOrEqual(AXIS_LABEL_MIN_SLOT_PX - pxPerDay);
    }
  });

  it('thins week and month buckets by the same rule, and keeps them all when they fit', () => {
    const weeks = Array.from({ length: 13 }, (_, i) => daysOf(91)[i * 7]!);
    const phoneWeeks = drawnLabels(categoryAxis('point', weeks, false, PHONE_CARD_PX));
    expect(phoneWeeks.length).toBeGreaterThanOrEqual(2);
    expect(phoneWeeks.length).toBeLessThanOrEqual(Math.floor((PHONE_CARD_PX - AXIS_CHROME_PX) / labelSlotPx(weeks)));
    expect(phoneWeeks[0]).toBe(weeks[0]);
    const months = ['2026-06', '2026-07', '2026-08', '2026-09'];
    expect(drawnLabels(categoryAxis('band', months, true, LAPTOP_CARD_PX))).toEqual(months);
    // On a phone three months fit whole; a fourth would not, so every other one is drawn.
    expect(drawnLabels(categoryAxis('band', months.slice(0, 3), true, PHONE_CARD_PX))).toEqual(months.slice(0, 3));
    expect(drawnLabels(categoryAxis('band', months, true, PHONE_CARD_PX))).toEqual(['2026-06', '2026-08']);
  });

  it('gives a short label the least slot, a long one its own width', () => {
    expect(labelSlotPx(['1 Nov', '29 Aug'])).toBe(AXIS_LABEL_MIN_SLOT_PX);
    expect(labelSlotPx(['x'.repeat(20)])).toBe(20 * AXIS_CHAR_PX + 12);
    expect(labelSlotPx([])).toBe(AXIS_LABEL_MIN_SLOT_PX);
  });

  it('widens the margin beside the last point of a line chart to half its longest label, away from the value axis', () => {
    // Short labels (hours): the charts' own 20 px margin is enough.
    expect(pointAxisMargin(['9h', '10h', '11h'], false)).toEqual({ right: 20 });
    // Day labels, the longest "16 Sept" (49 px): 25 px and a little.
    expect(pointAxisMargin(daysOf(90).map(formatters('en').day), false)).toEqual({ right: 29 });
    // Week keys ("2026-08-24", 10 characters): half of 70 px and a little.
    expect(pointAxisMargin(['2026-08-24', '2026-08-31'], false)).toEqual({ right: 39 });
    // In Arabic the value axis is on the right and the last point on the left.
    expect(pointAxisMargin(['2026-08-24'], true)).toEqual({ left: 39 });
  });

  it('counts Arabic letters narrower than Latin ones, digits and spaces alike', () => {
    // The browser draws "16 سبتمبر" 55 px and "16 Sept" 47 px wide at 12 px: both estimates are above.
    expect(labelTextPx('16 Sept')).toBe(7 * AXIS_CHAR_PX);
    expect(labelTextPx('16 سبتمبر')).toBe(3 * AXIS_CHAR_PX + 6 * AXIS_ARABIC_CHAR_PX);
    expect(labelTextPx('16 سبتمبر')).toBeGreaterThanOrEqual(55);
    expect(labelTextPx('')).toBe(0);
  });
});

describe('names on a band axis on a phone (issue 14.5)', () => {
  const sources = ['facebook', 'tiktok', 'instagram', 'website', 'None'];
  const campaigns = ['ramadan-2025', 'soldes-ete', 'rentree', 'black-friday', 'None'];

  it('keeps bars vertical on a desktop card, lays them horizontal on a 390 px phone', () => {
    // Half of a 1366 px screen's content: every source name fits under its bar.
    expect(namesFitUnderBars(sources, 560 - AXIS_CHROME_PX)).toBe(true);
    // A phone's card (390 px less the page and card padding): they would touch, so horizontal.
    expect(namesFitUnderBars(sources, 326 - AXIS_CHROME_PX)).toBe(false);
    expect(namesFitUnderBars(campaigns, 326 - AXIS_CHROME_PX)).toBe(false);
    // Arabic names too (counted in characters, not bytes).
    expect(namesFitUnderBars(['فيسبوك', 'تيك توك', 'إنستغرام', 'الموقع', 'بدون'], 326 - AXIS_CHROME_PX)).toBe(false);
    // Nothing measured yet, or nothing to draw: no change of layout.
    expect(namesFitUnderBars(sources, 0)).toBe(true);
    expect(namesFitUnderBars([], 100)).toBe(true);
  });

  it('gives names the room they need, at most a third of a phone card, never too little', () => {
    // Short names take what they need, under the cap.
    expect(nameAxisWidth(['tiktok', 'facebook'], 1200, 120)).toBe(8 * AXIS_CHAR_PX + NAME_AXIS_PADDING_PX);
    // Long names: the cap on a desktop, a third of the card on a phone.
    const products = ['Parfum oriental 50 ml', 'Écouteurs sans fil', 'Montre personnalisée'];
    expect(nameAxisWidth(products, 1200, 120)).toBe(120);
    expect(nameAxisWidth(products, 326, 120)).toBe(Math.floor(326 * 0.34));
    expect(nameAxisWidth(['a'], 100, 120)).toBe(NAME_AXIS_MIN_PX);
    // An unmeasured card keeps the cap.
    expect(nameAxisWidth(products, 0, 120)).toBe(120);
  });

  it('cuts a name that does not fit with an ellipsis at its end, in Latin and Arabic', () => {
    const width = nameAxisWidth(['Parfum oriental 50 ml'], 326, 120);
    const short = shortName('Parfum oriental 50 ml', charsIn(width));
    expect(short.endsWith('…\u200e')).toBe(true);
    // Drawn characters (the direction mark takes no room).
    const drawn = [...short.replace('\u200e', '')];
    expect(drawn.length).toBeLessThanOrEqual(charsIn(width));
    // Drawn, it fits the room beside the bars.
    expect(drawn.length * AXIS_CHAR_PX).toBeLessThanOrEqual(width);
    expect(shortName('Parfum oriental 50 ml', 21)).toBe('Parfum oriental 50 ml');
    // No space before the ellipsis; a left-to-right mark keeps it at the end of a Latin name in Arabic.
    expect(shortName('Huile d’argan 100 ml', 8)).toBe('Huile d…\u200e');
    expect(shortName('Parfum oriental', 8)).toBe('Parfum…\u200e');
    // Arabic: the ellipsis, then a right-to-left mark, so it stays at the name's end (its left).
    expect(shortName('سبب إلغاء طويل جدا', 8)).toBe('سبب إلغ…\u200f');
    expect(shortName('فيسبوك', 8)).toBe('فيسبوك');
  });

  it('cuts the ticks only: the tooltip shows the whole name', () => {
    const format = namesFormatter(8);
    expect(format('Parfum oriental 50 ml', { location: 'tick' })).toBe('Parfum…\u200e');
    expect(format('Parfum oriental 50 ml', { location: 'tooltip' })).toBe('Parfum oriental 50 ml');
  });

  it('gives a value axis fewer ticks on a phone, so its amounts do not run together', () => {
    expect(valueTicksFor(800)).toBe(5);
    expect(valueTicksFor(190)).toBe(3);
    expect(valueTicksFor(0)).toBe(5);
    // Compact Arabic amounts are wide: two ticks on a phone, more on a desktop card.
    const widest = '1,5 مليون DA';
    expect(valueTicksFor(186, widest)).toBe(2);
    expect(valueTicksFor(420, widest)).toBeGreaterThan(2);
    for (const width of [186, 260, 420]) {
      const ticks = valueTicksFor(width, widest);
      expect(ticks === 2 || ticks * (widest.length * 7 + 24) <= width).toBe(true);
    }
  });
});
