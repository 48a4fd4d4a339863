import zlib from 'node:zlib';

/**
 * Reads back what pdfkit drew, without poppler: every text() call is a BT ... Tm ... TJ ET block
 * whose glyph codes map to Unicode through the font's ToUnicode CMap, and every barcode bar is a
 * `re` rectangle. Good enough for pdfkit's regular output; not a general PDF parser.
 */
export interface TPdfRun {
  page: number;
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  /** Characters in the order their glyphs are drawn, left to right. */
  glyphText: string;
  /** The characters of each glyph (a ligature such as lam-alef is one glyph for two letters). */
  glyphs: string[];
  /** The glyph codes drawn (one per glyph): shaping shows as different glyphs for one letter. */
  codes: number[];
  font: string;
}

export interface TPdfRect {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface TObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, TObject> {
  const text = pdf.toString('latin1');
  const result = new Map<number, TObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\b([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream\n');
    if (streamAt === -1) {
      result.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const start = match.index! + match[0].indexOf('stream\n') + 'stream\n'.length;
    const raw = pdf.subarray(start, start + length);
    result.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? zlib.inflateSync(raw) : raw });
  }
  return result;
}

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A destination may hold several code points, space-separated: <0644 0627> for lam-alef.
  const hex = (h: string) =>
    String.fromCodePoint(...(h.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
  for (const m of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    const first = parseInt(m[1]!, 16);
    [...m[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((u, i) => map.set(first + i, hex(u[1]!)));
  }
  for (const m of cmap.matchAll(/^<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*<([0-9a-f]+)>$/gim)) {
    for (let c = parseInt(m[1]!, 16), u = parseInt(m[3]!, 16); c <= parseInt(m[2]!, 16); c++, u++)
      map.set(c, String.fromCodePoint(u));
  }
  for (const m of cmap.matchAll(/^<([0-9a-f]{4})>\s*<([0-9a-f]+)>$/gim)) map.set(parseInt(m[1]!, 16), hex(m[2]!));
  return map;
}

export function inspectPdf(pdf: Buffer): { pages: number; runs: TPdfRun[]; rects: TPdfRect[]; fonts: string[] } {
  const all = objects(pdf);
  const fontNames = new Map<string, number>();
  const cmaps = new Map<number, Map<number, string>>();
  const fonts: string[] = [];
  for (const [id, object] of all) {
    for (const m of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontNames.set(m[1]!, Number(m[2]));
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object.dict);
    if (toUnicode) cmaps.set(id, toUnicodeMap(all.get(Number(toUnicode[1]))!.stream!.toString('latin1')));
    const base = /\/BaseFont \/(\S+)/.exec(object.dict);
    if (base && object.dict.includes('/Type0')) fonts.push(base[1]!);
  }
  const pageContents = [...all.values()]
    .filter((o) => /\/Type \/Page\b/.test(o.dict))
    .map((o) => all.get(Number(/\/Contents (\d+) 0 R/.exec(o.dict)![1]))!.stream!.toString('latin1'));
  const pageHeight = Number(
    /\/MediaBox \[0 0 [\d.]+ ([\d.]+)\]/.exec([...all.values()].find((o) => /\/MediaBox/.test(o.dict))!.dict)![1],
  );
  const runs: TPdfRun[] = [];
  const rects: TPdfRect[] = [];
  pageContents.forEach((content, index) => {
    const page = index + 1;
    // A block may hold several TJ (pdfkit moves with Td around a positioned mark): one run per block.
    for (const block of content.matchAll(/BT\s+1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s+\/(F\d+) [\d.]+ Tf([\s\S]*?)ET/g)) {
      const cmap = cmaps.get(fontNames.get(block[3]!)!) ?? new Map<number, string>();
      const arrays = [...block[4]!.matchAll(/\[([^\]]*)\] TJ/g)].map((a) => a[1]!).join(' ');
      const codes = [...arrays.matchAll(/<([0-9a-f]+)>/gi)]
        .flatMap((h) => h[1]!.match(/.{4}/g) ?? [])
        .map((c) => parseInt(c, 16));
      const glyphs = codes.map((c) => cmap.get(c) ?? '\ufffd');
      const glyphText = glyphs.join('');
      // pdfkit flips the page (1 0 0 -1 0 H cm) and places text at H - y.
      runs.push({
        page,
        x: Number(block[1]),
        y: pageHeight - Number(block[2]),
        glyphText,
        glyphs,
        codes,
        font: block[3]!,
      });
    }
    for (const r of content.matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re/g)) {
      rects.push({ page, x: Number(r[1]), y: Number(r[2]), width: Number(r[3]), height: Number(r[4]) });
    }
  });
  return { pages: pageContents.length, runs, rects, fonts };
}

const ARABIC = /[\u0600-\u06ff]/;

/** A run's characters in reading order (Arabic glyphs are drawn last letter first). */
export const readingText = (run: TPdfRun) =>
  ARABIC.test(run.glyphText) ? [...run.glyphs].reverse().join('') : run.glyphText;

/** The words of the line at baseline y (±1), left to right as drawn, each in reading order. */
export function lineWords(runs: TPdfRun[], y: number, page = 1): string[] {
  return runs
    .filter((r) => r.page === page && Math.abs(r.y - y) < 1 && r.glyphText.trim() !== '')
    .sort((a, b) => a.x - b.x)
    .map((r) => readingText(r).trim());
}

/** The baseline of the first run whose reading text is `text`. */
export function baselineOf(runs: TPdfRun[], text: string): number {
  const run = runs.find((r) => readingText(r).trim() === text);
  if (!run) throw new Error(`no run "${text}" in: ${runs.map(readingText).join(' | ')}`);
  return run.y;
}
