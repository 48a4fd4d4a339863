import { describe, expect, it } from 'vitest';
import { formatters } from './analytics-format';

describe('the change against the previous period', () => {
  it('is a signed percentage up to ten times the previous value', () => {
    const en = formatters('en');
    expect(en.delta(0.25)).toBe('+25%');
    expect(en.delta(-0.5)).toBe('-50%');
    expect(en.delta(0)).toBe('0%');
    expect(en.delta(8.99)).toBe('+899%');
  });

  it('is a multiple from ten times on, in every language', () => {
    // The demo's ad spend: 1,260,920 DA against 4,250 DA on the previous period's one day.
    const r = 1_260_920 / 4_250 - 1;
    expect(formatters('en').delta(r)).toBe('×297');
    expect(formatters('fr').delta(r)).toBe('×297');
    expect(formatters('ar').delta(r)).toBe('×297');
    expect(formatters('en').delta(9)).toBe('×10');
    expect(formatters('fr').delta(1499)).toBe(`×1${'\u202f'}500`);
  });

  it('is empty when there is nothing to compare with', () => {
    expect(formatters('en').delta(null)).toBe('');
    expect(formatters('en').delta(undefined)).toBe('');
  });
});

describe('period labels', () => {
  it('name a day and a month in the reader’s language', () => {
    expect(formatters('en').day('2026-08-24')).toBe('24 Aug');
    expect(formatters('en').month('2026-11')).toBe('Nov 2026');
    expect(formatters('fr').month('2026-11')).toMatch(/^nov\.? 2026$/);
    expect(formatters('ar').month('2026-11')).toContain('2026');
    expect(formatters('ar').month('2026-11')).not.toContain('2026-11');
  });
});
