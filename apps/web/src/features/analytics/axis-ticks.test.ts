import { describe, expect, it } from 'vitest';
import { AXIS_CHROME_PX, categoryAxis, tickEvery } from './axis-ticks';
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
    const longest = Math.max(...arabic.map((l) => l.length));
    expect(Math.ceil(arabic.length / every) * (longest * 7 + 12)).toBeLessThanOrEqual(plot);
    // The smallest such step: one less would not fit.
    expect(Math.ceil(arabic.length / (every - 1)) * (longest * 7 + 12)).toBeGreaterThan(plot);
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
    const shown = labels.map((l, i) => axis.tickLabelInterval(l, i));
    expect(shown[0]).toBe(true);
    expect(shown.filter(Boolean)).toHaveLength(Math.ceil(labels.length / every));
    expect(labels.map((l, i) => axis.tickInterval(l, i))).toEqual(shown);
    // On a desktop card a week's labels all stay.
    const week = labels.slice(0, 7);
    const wide = categoryAxis('point', week, false, 1200);
    expect(week.every((l, i) => wide.tickLabelInterval(l, i))).toBe(true);
  });
});
