import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { centimes, type TDailyReport, type TDaySummary } from '@cod/shared';
import { writeDailyReportPdf } from '../../src/documents/daily-report-pdf.js';
import { baselineOf, inspectPdf, lineWords, readingText } from '../documents/support/pdf-inspect.js';

const summary = (day: string, created: number): TDaySummary => ({
  day,
  time_zone: 'Africa/Algiers',
  created,
  decided: 4,
  confirmed: 3,
  cancelled: 1,
  dispatched: 2,
  delivered: 3,
  returned: 1,
  revenue_delivered: centimes(750_000),
  confirmation_rate: 0.75,
  delivery_rate: 0.75,
});

const report: TDailyReport = {
  shop_name: 'متجر لينة',
  summary: summary('2026-11-25', 12),
  previous: { ...summary('2026-11-24', 9), confirmation_rate: null },
  agents: [{ id: 1, name: 'محمد أمين', decided: 4, confirmed: 3, delivered: 3 }],
  open_undecided: 7,
};

async function pdfOf(locale: 'en' | 'fr' | 'ar'): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  await writeDailyReportPdf({ stream, report, locale, generatedAt: new Date('2026-11-26T07:00:00Z') });
  return Buffer.concat(chunks);
}

describe('writeDailyReportPdf (docs/decisions/0081)', () => {
  it('prints the day beside the day before, the agents, and "—" for a rate of nothing', async () => {
    const { pages, runs } = inspectPdf(await pdfOf('en'));
    expect(pages).toBe(1);
    const texts = runs.map(readingText);
    expect(texts).toEqual(expect.arrayContaining(['Daily report', 'Day 2026-11-25', 'Printed 2026-11-26 08:00']));
    expect(lineWords(runs, baselineOf(runs, 'New orders'))).toEqual(['New orders', '12', '9']);
    expect(texts).toEqual(expect.arrayContaining(['75%', '—', '7\u202f500,00 DA', 'Still to confirm']));
  });

  it('shapes the Arabic and runs the page right to left', async () => {
    const { runs } = inspectPdf(await pdfOf('ar'));
    const texts = runs.map(readingText);
    expect(texts).toEqual(expect.arrayContaining(['التقرير', 'اليومي', 'الوكلاء']));
    const x = (text: string) => runs.find((r) => readingText(r) === text)!.x;
    // The line's name is at the right, its figure at the left.
    expect(x('جديدة')).toBeGreaterThan(x('12'));
    const name = lineWords(runs, baselineOf(runs, 'محمد')).filter((w) => w === 'محمد' || w === 'أمين');
    expect(name).toEqual(['أمين', 'محمد']);
  });
});
