import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  writeOrdersListPdf,
  type TOrdersListOptions,
  type TOrdersListRow,
} from '../../src/documents/orders-list-pdf.js';
import { ordersListRow } from './support/orders-list-row.js';
import { baselineOf, inspectPdf, lineWords, readingText } from './support/pdf-inspect.js';

const order = (i: number): TOrdersListRow =>
  ordersListRow(`CMD-${1000 + i}`, i % 2 ? 'Amélie Benali' : 'محمد أمين', new Date(Date.UTC(2026, 10, 21, 13, 5)));

async function listPdf(options: Omit<TOrdersListOptions, 'stream'>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  await writeOrdersListPdf({ stream, ...options });
  return Buffer.concat(chunks);
}

describe('writeOrdersListPdf', () => {
  it('lists the orders with Arabic names shaped right to left, dates in Algiers time, and the sum', async () => {
    const pdf = await listPdf({
      shopName: 'Boutique Lina',
      orders: [order(0), order(1)],
      generatedAt: new Date('2026-11-21T10:00:00Z'),
    });
    const { pages, runs } = inspectPdf(pdf);
    expect(pages).toBe(1);
    const texts = runs.map(readingText);
    expect(texts).toEqual(
      expect.arrayContaining(['Liste des commandes', 'Boutique Lina', 'Imprimé le 2026-11-21 11:00']),
    );
    expect(texts).toEqual(expect.arrayContaining(['CMD-1000', 'CMD-1001', 'Amélie Benali', '14:05', '2026-11-21']));
    const nameLine = lineWords(runs, baselineOf(runs, 'محمد')).filter((w) => w === 'محمد' || w === 'أمين');
    expect(nameLine).toEqual(['أمين', 'محمد']);
    expect(texts).toContain('2 commandes · total à encaisser 5\u202f000,00 DA');
  });

  it('streams many orders from an async source over several pages, headers repeated on each', async () => {
    async function* orders() {
      for (let i = 0; i < 120; i++) yield order(i);
    }
    const { pages, runs } = inspectPdf(await listPdf({ shopName: 'Shop', orders: orders(), locale: 'en' }));
    expect(pages).toBeGreaterThanOrEqual(5);
    const headerRuns = runs.filter((r) => readingText(r) === 'Customer');
    expect(headerRuns.map((r) => r.page)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(runs.filter((r) => /^CMD-\d+$/.test(readingText(r)))).toHaveLength(120);
    expect(runs.map(readingText)).toContain(`Page ${pages}`);
    expect(runs.map(readingText)).toContain('120 orders · total to collect 300\u202f000,00 DA');
  });

  it('runs the whole table right to left in Arabic', async () => {
    const { runs } = inspectPdf(await listPdf({ shopName: 'متجر لينة', orders: [order(0)], locale: 'ar' }));
    const x = (text: string) => runs.find((r) => readingText(r) === text)!.x;
    expect(runs.map(readingText)).toContain('الطلبيات');
    // The first column (#) is at the right, the last (date) at the left.
    expect(x('#')).toBeGreaterThan(x('التاريخ'));
    expect(x('CMD-1000')).toBeGreaterThan(x('0555123456'));
    const ltr = inspectPdf(await listPdf({ shopName: 'Shop', orders: [order(0)], locale: 'fr' })).runs;
    const xLtr = (text: string) => ltr.find((r) => readingText(r) === text)!.x;
    expect(xLtr('#')).toBeLessThan(xLtr('Date'));
  });
});
