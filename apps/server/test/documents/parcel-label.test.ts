import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { BitArray, Code128Reader } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { FONT_DIR, registerFonts } from '../../src/documents/fonts.js';
import { writeParcelLabels, type TParcelLabel } from '../../src/documents/parcel-label.js';
import { AppError } from '../../src/lib/app-error.js';
import { baselineOf, inspectPdf, lineWords, readingText, type TPdfRect } from './support/pdf-inspect.js';

const label: TParcelLabel = {
  orderNumber: 'CMD-000123',
  trackingNumber: 'YAL-8FZ31K2Q',
  carrierName: 'Yalidine',
  sender: { name: 'Boutique Lina', phone: '0550112233', address: 'Rue Didouche Mourad, Alger Centre' },
  receiver: {
    name: 'محمد أمين بن علي',
    phone: '0555123456',
    phone2: '0661000000',
    address: 'حي 500 مسكن، عمارة 12 (الطابق 3)',
  },
  wilaya: { code: '16', name: 'Alger', nameAr: 'الجزائر' },
  commune: { name: 'Bab Ezzouar', nameAr: 'باب الزوار' },
  codAmount: 12500,
  contents: '2 × Robe kabyle',
  printedAt: new Date('2026-11-21T10:00:00Z'),
};

async function labelsPdf(labels: TParcelLabel[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  await writeParcelLabels({ stream, labels });
  return Buffer.concat(chunks);
}

/** Decodes the Code 128 drawn as bars with ZXing, from a row sampled at 8 samples per point. */
function decodeBars(bars: TPdfRect[]): string {
  const left = Math.min(...bars.map((b) => b.x)) - 20;
  const right = Math.max(...bars.map((b) => b.x + b.width)) + 20;
  const scale = 8;
  const row = new BitArray(Math.ceil((right - left) * scale));
  for (const bar of bars) {
    for (let i = Math.round((bar.x - left) * scale); i < Math.round((bar.x + bar.width - left) * scale); i++)
      row.set(i);
  }
  return new Code128Reader().decodeRow(0, row, new Map()).getText();
}

describe('writeParcelLabels', () => {
  it('draws an A6 label whose barcode decodes to the tracking number', async () => {
    const pdf = await labelsPdf([label]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, runs, rects } = inspectPdf(pdf);
    expect(pages).toBe(1);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 297\.64 419\.53\]/);
    const bars = rects.filter((r) => r.height > 50 && r.width < 10);
    expect(bars.length).toBeGreaterThan(20);
    expect(decodeBars(bars)).toBe('YAL-8FZ31K2Q');
    expect(runs.map(readingText)).toContain('YAL-8FZ31K2Q');
  });

  it('writes the receiver name shaped right to left: its first word rightmost, right-aligned', async () => {
    const { runs } = inspectPdf(await labelsPdf([label]));
    const y = baselineOf(runs, 'محمد');
    // Words are drawn left to right; read right to left they give the name.
    expect(lineWords(runs, y)).toEqual(['علي', 'بن', 'أمين', 'محمد']);
    const nameRuns = runs.filter((r) => Math.abs(r.y - y) < 1);
    const rightmost = nameRuns.reduce((a, b) => (a.x > b.x ? a : b));
    expect(readingText(rightmost)).toBe('محمد');
    // Shaped: in "محمد" the first meem is an initial form and the second a medial one, two
    // different glyphs for one letter (unshaped text would repeat the isolated glyph).
    const word = nameRuns.find((r) => readingText(r) === 'محمد')!;
    const meems = [...word.glyphText].map((c, i) => (c === 'م' ? word.codes[i] : null)).filter((c) => c !== null);
    expect(meems).toHaveLength(2);
    expect(meems[0]).not.toBe(meems[1]);
  });

  it('keeps Latin words and numbers left to right inside Arabic text, brackets mirrored', async () => {
    const { runs } = inspectPdf(await labelsPdf([label]));
    const address = lineWords(runs, baselineOf(runs, 'الطابق'));
    // Visual order of "حي 500 مسكن، عمارة 12 (الطابق 3)" from the left.
    expect(address).toEqual(['(', '3', 'الطابق', ')', '12', 'عمارة', 'مسكن،', '500', 'حي']);
    const commune = lineWords(runs, baselineOf(runs, 'Bab Ezzouar —'));
    expect(commune).toEqual(['Bab Ezzouar —', 'الزوار', 'باب']);
  });

  it('shows the amount to collect in DA (fr-DZ), the phones, the order number and both languages', async () => {
    const { runs } = inspectPdf(await labelsPdf([label]));
    const texts = runs.map(readingText);
    expect(texts).toContain('12\u202f500,00 DA');
    expect(texts).toContain('0555123456  /  0661000000');
    expect(texts).toContain('N° CMD-000123');
    expect(texts).toEqual(expect.arrayContaining(['DESTINATAIRE', 'المستلم', 'EXPÉDITEUR', 'المرسل']));
    expect(lineWords(runs, baselineOf(runs, '16 · Alger —'))).toEqual(['16 · Alger —', 'الجزائر']);
  });

  it('embeds the bundled fonts (no system font), one page per label', async () => {
    const pdf = await labelsPdf([label, { ...label, trackingNumber: 'ZR-42' }, { ...label, trackingNumber: 'EC-7' }]);
    const { pages, fonts } = inspectPdf(pdf);
    expect(pages).toBe(3);
    expect(fonts.map((f) => f.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(
      expect.arrayContaining(['NotoSans-Bold', 'NotoSansArabic-Bold']),
    );
    expect(fonts.every((f) => /^[A-Z]{6}\+Noto/.test(f))).toBe(true);
    // Shipped in the repository with their licence.
    expect(path.relative(path.resolve(import.meta.dirname, '../..'), FONT_DIR)).toBe(path.join('assets', 'fonts'));
    expect(fs.readFileSync(path.join(FONT_DIR, 'OFL.txt'), 'utf8')).toMatch(/SIL OPEN FONT LICENSE Version 1\.1/);
  });

  it('parses each font once per process: every document gets the same parsed face', () => {
    // pdfkit would otherwise parse four font files per document (~100 ms for a one-label PDF);
    // bench:files reports the one-label time (~25 ms).
    const faceOf = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: unknown } })._font.font;
    const first = new PDFDocument({ autoFirstPage: false });
    const second = new PDFDocument({ autoFirstPage: false });
    registerFonts(first);
    registerFonts(second);
    expect(faceOf(first.font('arabic'))).toBe(faceOf(second.font('arabic')));
    expect(faceOf(first.font('latin-bold'))).toBe(faceOf(second.font('latin-bold')));
    expect(faceOf(first.font('latin'))).not.toBe(faceOf(first.font('arabic')));
  });

  it('renders a label in under 50 ms within a batch', async () => {
    await labelsPdf([label]); // warm up (font parsing, JIT)
    const count = 50;
    const started = performance.now();
    await labelsPdf(Array.from({ length: count }, (_, i) => ({ ...label, trackingNumber: `YAL-${100000 + i}` })));
    expect((performance.now() - started) / count).toBeLessThan(50);
  });

  it('refuses a tracking number a barcode cannot carry', async () => {
    const error = await labelsPdf([{ ...label, trackingNumber: 'رقم-1' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errors).toEqual({
      tracking_number: ['Tracking number of order CMD-000123 cannot be printed as a barcode.'],
    });
  });
});
