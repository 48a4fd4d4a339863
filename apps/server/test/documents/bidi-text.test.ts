import { describe, expect, it } from 'vitest';
import { cleanLine, paragraphIsRtl, visualRuns } from '../../src/documents/bidi-text.js';

// The glyphs drawn left to right: fontkit reverses a run whose first real-script character is Arabic.
const drawn = (text: string) =>
  visualRuns(text)
    .runs.map((r) => (/^[^\p{L}\p{N}]*[\p{Script=Arabic}]/u.test(r.text) ? [...r.text].reverse().join('') : r.text))
    .join('');

describe('visualRuns', () => {
  it('orders Arabic words right to left, each handed to the shaper in logical order', () => {
    const line = visualRuns('محمد أمين');
    expect(line.rtl).toBe(true);
    expect(line.runs).toEqual([
      { text: 'أمين', script: 'arabic' },
      { text: ' ', script: 'latin' },
      { text: 'محمد', script: 'arabic' },
    ]);
  });

  it('keeps Latin and numbers left to right inside Arabic, and mirrors brackets', () => {
    const line = visualRuns('عمارة 12 (الطابق 3) - Cité');
    expect(line.runs.map((r) => r.text)).toEqual(['Cité', ' - (', '3', ' ', 'الطابق', ') ', '12', ' ', 'عمارة']);
  });

  it('keeps an Arabic word inside Latin text in place', () => {
    const line = visualRuns('Bab Ezzouar — باب الزوار');
    expect(line.rtl).toBe(false);
    expect(line.runs.map((r) => r.text)).toEqual(['Bab Ezzouar — ', 'الزوار', ' ', 'باب']);
  });

  it('pre-reverses Arabic-Indic digits so the shaper (which reverses Arabic script) draws them in order', () => {
    const line = visualRuns('هاتف ٠٥٥٥١٢');
    expect(line.runs.map((r) => r.text)).toEqual(['٢١٥٥٥٠', ' ', 'هاتف']);
    expect(drawn('هاتف ٠٥٥٥١٢')).toBe('٠٥٥٥١٢ فتاه'); // digits read left to right, the word last letter first
  });

  it('leaves plain Latin as one run and honours an explicit direction', () => {
    expect(visualRuns('Amélie Benali').runs).toEqual([{ text: 'Amélie Benali', script: 'latin' }]);
    expect(visualRuns('0555 / 0661', 'rtl').runs.map((r) => r.text)).toEqual(['0661', ' / ', '0555']);
    expect(visualRuns('', 'rtl')).toEqual({ runs: [], rtl: true });
  });
});

describe('cleanLine and paragraphIsRtl', () => {
  it('flattens a value to one printable line', () => {
    expect(cleanLine('a\r\nb\tc\u0007d\u202ee 😀f')).toBe('a b cde f');
  });

  it('takes the direction of the first strong character', () => {
    expect(paragraphIsRtl('12 محمد Amine')).toBe(true);
    expect(paragraphIsRtl('Amine محمد')).toBe(false);
    expect(paragraphIsRtl('0555')).toBe(false);
  });
});
