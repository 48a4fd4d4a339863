import type PDFDocument from 'pdfkit';
import { cleanLine, paragraphIsRtl, type TVisualRun, visualRuns } from './bidi-text.js';

export type TPdf = InstanceType<typeof PDFDocument>;

export interface TTextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export interface TLineOptions extends TTextStyle {
  x: number;
  y: number;
  width: number;
  /** start/end follow the text's direction (start is the right edge for Arabic). Default start. */
  align?: 'start' | 'end' | 'left' | 'right' | 'center';
  direction?: 'ltr' | 'rtl' | 'auto';
}

// Runs are drawn on one shared alphabetic baseline: Noto Sans Arabic's taller ascender would
// otherwise push Arabic below the Latin around it. pdfkit lays a run out word by word (cutting
// at spaces) and caches each word; that is safe here because an Arabic run never holds a space
// (spaces are Latin runs of their own), and other runs are already in visual order.
const RUN_OPTIONS = { lineBreak: false, baseline: 'alphabetic' } as const;
// Noto Sans's ascender (1,069 units per em): the baseline sits this far below the line's top.
const ASCENT = 1.069;

function useFont(doc: TPdf, run: TVisualRun, style: TTextStyle): void {
  doc.font(`${run.script}${style.bold ? '-bold' : ''}`).fontSize(style.size);
}

function runWidth(doc: TPdf, run: TVisualRun, style: TTextStyle): number {
  useFont(doc, run, style);
  return doc.widthOfString(run.text, RUN_OPTIONS);
}

/** Width of a text drawn on one line in a style. */
export function textWidth(doc: TPdf, text: string, style: TTextStyle, direction: TLineOptions['direction'] = 'auto') {
  return visualRuns(text, direction).runs.reduce((sum, run) => sum + runWidth(doc, run, style), 0);
}

/**
 * Draws one line of any mix of Arabic and Latin, shaped and in visual order, cut with an ellipsis
 * at the logical end when wider than `width`. Answers the width drawn.
 */
export function drawLine(doc: TPdf, text: string, options: TLineOptions): number {
  const direction = options.direction ?? 'auto';
  let line = visualRuns(text, direction);
  let widths = line.runs.map((run) => runWidth(doc, run, options));
  let total = widths.reduce((a, b) => a + b, 0);
  if (total > options.width) {
    const fitted = fitToWidth(doc, cleanLine(text), options);
    line = visualRuns(fitted, line.rtl ? 'rtl' : 'ltr');
    widths = line.runs.map((run) => runWidth(doc, run, options));
    total = widths.reduce((a, b) => a + b, 0);
  }
  const align = options.align ?? 'start';
  const right = align === 'right' || (align === 'start' && line.rtl) || (align === 'end' && !line.rtl) ? true : false;
  let x =
    align === 'center'
      ? options.x + (options.width - total) / 2
      : right
        ? options.x + options.width - total
        : options.x;
  doc.fillColor(options.color ?? '#000000');
  line.runs.forEach((run, i) => {
    useFont(doc, run, options);
    doc.text(run.text, x, options.y + options.size * ASCENT, RUN_OPTIONS);
    x += widths[i]!;
  });
  return total;
}

/** The longest logical prefix that fits with an ellipsis (binary search over characters). */
function fitToWidth(doc: TPdf, text: string, options: TLineOptions): string {
  const direction = paragraphIsRtl(text) ? 'rtl' : 'ltr';
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(doc, `${text.slice(0, mid).trimEnd()}…`, options, direction) <= options.width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/**
 * Breaks a text into lines that fit `width` (at spaces; a word longer than a line is cut), at
 * most maxLines, the last one ellipsised if text remains. Each line keeps the paragraph direction.
 */
export function wrapLines(doc: TPdf, text: string, style: TTextStyle & { width: number; maxLines: number }): string[] {
  const words = cleanLine(text).split(' ').filter(Boolean);
  const direction = paragraphIsRtl(text) ? 'rtl' : 'ltr';
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || textWidth(doc, candidate, style, direction) <= style.width) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= style.maxLines) return lines;
  const kept = lines.slice(0, style.maxLines);
  kept[kept.length - 1] = `${kept.at(-1)} ${lines.slice(style.maxLines).join(' ')}`;
  return kept;
}

/** Draws wrapped lines from the top; answers the y below the last line. */
export function drawParagraph(
  doc: TPdf,
  text: string,
  options: Omit<TLineOptions, 'direction'> & { maxLines: number; lineHeight?: number },
): number {
  const direction = paragraphIsRtl(text) ? 'rtl' : 'ltr';
  const lineHeight = options.lineHeight ?? options.size * 1.35;
  let y = options.y;
  for (const line of wrapLines(doc, text, options)) {
    drawLine(doc, line, { ...options, y, direction });
    y += lineHeight;
  }
  return y;
}
