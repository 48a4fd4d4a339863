import bidiModule, { type Bidi } from 'bidi-js';

// bidi-js is CommonJS whose typings declare an ES default export: at run time the module itself
// is the factory.
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ??
  (bidiModule as unknown as () => Bidi)) as () => Bidi;
const bidi = bidiFactory();

/** A piece of one line, in the order it is drawn from left to right. */
export interface TVisualRun {
  /** The text to hand to pdfkit (see visualRuns for why it may be reversed). */
  text: string;
  script: 'latin' | 'arabic';
}

export interface TVisualLine {
  runs: TVisualRun[];
  /** The paragraph direction: right-to-left text aligns right by default. */
  rtl: boolean;
}

// Arabic letters, marks, Arabic-Indic digits and presentation forms, plus the joiners.
const ARABIC_CHAR = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u200c\u200d]/;
// fontkit (pdfkit's shaper) picks a run's direction from its first character of a real script.
const FIRST_SCRIPT_CHAR = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * One line of mixed Arabic/Latin text laid out for drawing (ARCHITECTURE 3.9: Arabic shaped and
 * right to left). bidi-js resolves the Unicode bidi levels and the visual order; the line is cut
 * into runs of one level and one font, left to right. Each run is drawn by pdfkit, whose fontkit
 * shapes Arabic (joining forms, lam-alef) from the logical order and then reverses a run it
 * believes is right to left. So a run is handed over in logical order when fontkit's reversal is
 * the one we need, and pre-reversed when it is not (neutral characters in a right-to-left run,
 * Arabic-Indic digits in a left-to-right number). Mirrored characters (brackets) are swapped in
 * right-to-left runs. See docs/decisions/0021.
 */
export function visualRuns(input: string, direction: 'ltr' | 'rtl' | 'auto' = 'auto'): TVisualLine {
  const text = cleanLine(input);
  if (!text) return { runs: [], rtl: direction === 'rtl' };
  const embedding = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const order = Array.from({ length: text.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, embedding)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }

  const runs: TVisualRun[] = [];
  let group: number[] = [];
  const flush = () => {
    if (group.length) runs.push(toRun(text, group, levels[group[0]!]! % 2 === 1, mirrored));
    group = [];
  };
  for (const index of order) {
    const last = group.at(-1);
    const rtl = levels[index]! % 2 === 1;
    const continues =
      last !== undefined &&
      levels[last] === levels[index] &&
      scriptOf(text[last]!) === scriptOf(text[index]!) &&
      index === last + (rtl ? -1 : 1);
    if (!continues) flush();
    group.push(index);
  }
  flush();
  return { runs, rtl: (embedding.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

function toRun(text: string, visualIndices: number[], rtl: boolean, mirrored: Map<number, string>): TVisualRun {
  const logical = [...visualIndices].sort((a, b) => a - b).map((i) => mirrored.get(i) ?? text[i]!);
  const logicalText = logical.join('');
  const fontkitReverses = fontkitWouldReverse(logicalText);
  const runText = rtl === fontkitReverses ? logicalText : [...logical].reverse().join('');
  return { text: runText, script: scriptOf(logical[0]!) };
}

function scriptOf(char: string): 'latin' | 'arabic' {
  return ARABIC_CHAR.test(char) ? 'arabic' : 'latin';
}

function fontkitWouldReverse(text: string): boolean {
  const first = FIRST_SCRIPT_CHAR.exec(text);
  return first !== null && RTL_SCRIPT.test(first[0]);
}

/**
 * One printable line: line breaks and tabs become spaces; control characters, explicit bidi
 * controls (their embedding is not honoured) and characters outside the Basic Multilingual Plane
 * (emoji, which the fonts do not have) are dropped.
 */
export function cleanLine(input: string): string {
  return (
    input
      .normalize('NFC')
      .replace(/[\r\n\t\f\v]+/g, ' ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[\ud800-\udfff]/g, '')
  );
}

/** The paragraph direction of a text: that of its first strong character (UAX #9 P2-P3). */
export function paragraphIsRtl(text: string): boolean {
  const clean = cleanLine(text);
  return clean ? (bidi.getEmbeddingLevels(clean).paragraphs[0]?.level ?? 0) % 2 === 1 : false;
}
