import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The fonts every PDF embeds, shipped in apps/server/assets/fonts (SIL OFL 1.1, see its README):
 * generated documents never depend on fonts installed on the machine (docs/decisions/0021).
 */
export const FONT_DIR = path.resolve(import.meta.dirname, '../../assets/fonts');

export type TFontFace = 'latin' | 'latin-bold' | 'arabic' | 'arabic-bold';

const FILES: Record<TFontFace, string> = {
  latin: 'NotoSans-Regular.ttf',
  'latin-bold': 'NotoSans-Bold.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  'arabic-bold': 'NotoSansArabic-Bold.ttf',
};

let cache: Record<TFontFace, Buffer> | null = null;

/** The font files, read once per process (pdfkit subsets what a document uses when it ends). */
export function fontData(): Record<TFontFace, Buffer> {
  cache ??= Object.fromEntries(
    Object.entries(FILES).map(([face, file]) => [face, fs.readFileSync(path.join(FONT_DIR, file))]),
  ) as Record<TFontFace, Buffer>;
  return cache;
}

type TParsedFont = { layout: (...args: unknown[]) => unknown };
let parsed: Record<TFontFace, TParsedFont | Buffer> | null = null;

/**
 * Each face parsed once per process. pdfkit parses a font file again for every document that uses
 * it (~30 ms per face, over 100 ms for a one-label PDF); it also accepts an already parsed fontkit
 * font, so the faces are parsed through a throw-away document and handed over as objects. pdfkit
 * still subsets per document. If pdfkit's internals change shape, the raw files are used (slower,
 * same output).
 */
function parsedFonts(): Record<TFontFace, TParsedFont | Buffer> {
  if (parsed) return parsed;
  const probe = new PDFDocument({ autoFirstPage: false });
  parsed = Object.fromEntries(
    Object.entries(fontData()).map(([face, data]) => {
      probe.font(data);
      const font = (probe as unknown as { _font?: { font?: TParsedFont } })._font?.font;
      return [face, typeof font?.layout === 'function' ? font : data];
    }),
  ) as Record<TFontFace, TParsedFont | Buffer>;
  return parsed;
}

/** Registers the four faces on a document under their TFontFace names. */
export function registerFonts(doc: InstanceType<typeof PDFDocument>): void {
  for (const [face, font] of Object.entries(parsedFonts())) doc.registerFont(face, font as Buffer);
}
