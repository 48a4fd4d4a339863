import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@cod/shared';
import { splitIntoWeeks } from '../../src/modules/analytics/analytics.repository.js';

// Decision 0119: a breakdown reads whole Monday-to-Sunday weeks from the weekly rollups and the
// edge days from the daily ones; together they cover the range exactly once.
describe('splitIntoWeeks', () => {
  it('takes the whole weeks inside the range and leaves the edge days', () => {
    // 2026-11-26 is a Thursday, 2026-12-09 a Wednesday.
    expect(splitIntoWeeks({ from: '2026-11-26', to: '2026-12-09' })).toEqual({
      weeks: { from: '2026-11-30', to: '2026-11-30' },
      days: [
        { from: '2026-11-26', to: '2026-11-29' },
        { from: '2026-12-07', to: '2026-12-09' },
      ],
    });
  });

  it('reads a Monday-to-Sunday range from the weekly rows only', () => {
    expect(splitIntoWeeks({ from: '2026-11-30', to: '2026-12-13' })).toEqual({
      weeks: { from: '2026-11-30', to: '2026-12-07' },
      days: [],
    });
  });

  it('reads a range without a whole week from the daily rows', () => {
    expect(splitIntoWeeks({ from: '2026-12-01', to: '2026-12-06' })).toEqual({
      weeks: null,
      days: [{ from: '2026-12-01', to: '2026-12-06' }],
    });
    expect(splitIntoWeeks({ from: '2026-12-06', to: '2026-12-06' }).weeks).toBeNull();
  });

  it('covers every day of a 90-day range exactly once, whatever its first weekday', () => {
    for (let shift = 0; shift < 7; shift++) {
      const from = addDays('2026-09-01', shift);
      const range = { from, to: addDays(from, 89) };
      const { weeks, days } = splitIntoWeeks(range);
      expect(weeks).not.toBeNull();
      const weekDays = (daysBetween(weeks!.from, weeks!.to) / 7 + 1) * 7;
      const edgeDays = days.reduce((n, d) => n + daysBetween(d.from, d.to) + 1, 0);
      expect(weekDays + edgeDays).toBe(90);
      expect(edgeDays).toBeLessThanOrEqual(12);
      expect(new Date(`${weeks!.from}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });
});
