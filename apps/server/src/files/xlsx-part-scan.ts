import { FILE_REFUSALS, fileRefused, isFileRefusal, type TFileLimits } from './file-limits.js';

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
// No tag of a sheet or of the shared strings comes near this; a longer one is not spreadsheet XML.
const MAX_TAG_BYTES = 64 * 1024;

/** What a scan is told about an XML part, in document order. */
interface TXmlVisitor {
  /** A whole tag, `<` to `>`, at bytes[start, end). */
  tag(bytes: Buffer, start: number, end: number): void;
  /** Text between two tags; one run may arrive in several pieces. */
  text(bytes: Buffer, start: number, end: number): void;
}

/**
 * Walks an XML part as it inflates, splitting it into tags and text without building anything:
 * memory holds one chunk and at most one unfinished tag. A visitor that throws stops the inflating
 * at once. The markup is ASCII, so bytes are compared directly; text is counted in characters as
 * written (an entity such as `&amp;` counts five, an upper bound of what a reader holds).
 */
async function scanXml(stream: NodeJS.ReadableStream, visitor: TXmlVisitor): Promise<void> {
  let unfinished: Buffer | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes: Buffer = unfinished ? Buffer.concat([unfinished, chunk]) : chunk;
      unfinished = null;
      let i = 0;
      while (i < bytes.length) {
        if (bytes[i] !== LT) {
          const next = bytes.indexOf(LT, i);
          const end = next === -1 ? bytes.length : next;
          visitor.text(bytes, i, end);
          i = end;
          continue;
        }
        const close = bytes.indexOf(GT, i);
        const tagBytes = (close === -1 ? bytes.length : close + 1) - i;
        if (tagBytes > MAX_TAG_BYTES) throw fileRefused(FILE_REFUSALS.zipDamaged);
        if (close === -1) {
          unfinished = bytes.subarray(i);
          break;
        }
        visitor.tag(bytes, i, close + 1);
        i = close + 1;
      }
    }
  } catch (error) {
    // yauzl fails a part that inflates past its declared size: the zip lied.
    throw isFileRefusal(error) ? error : fileRefused(FILE_REFUSALS.zipDamaged);
  }
}

/** UTF-8 characters in bytes[start, end): every byte but continuation bytes starts one. */
function characters(bytes: Buffer, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) if ((bytes[i]! & 0xc0) !== 0x80) count++;
  return count;
}

/** Whether the tag at `start` is `<name` followed by a space, `>` or `/` (no namespace prefix, as ExcelJS reads it). */
function isTag(bytes: Buffer, start: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if (bytes[start + 1 + k] !== name.charCodeAt(k)) return false;
  const after = bytes[start + 1 + name.length];
  return after === GT || after === SLASH || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d;
}

/** The column (1-based) of a cell tag's r="AB12" reference, or null without one. */
function referenceColumn(bytes: Buffer, start: number, end: number): number | null {
  for (let i = start + 2; i < end - 3; i++) {
    // ` r="` — the space keeps attributes such as `attr="` from matching.
    if (
      bytes[i] !== 0x72 ||
      bytes[i + 1] !== 0x3d ||
      bytes[i + 2] !== 0x22 ||
      (bytes[i - 1] !== 0x20 && bytes[i - 1] !== 0x09)
    )
      continue;
    let column = 0;
    for (let k = i + 3; k < end; k++) {
      const letter = bytes[k]!;
      if (letter < 0x41 || letter > 0x5a) break;
      column = column * 26 + (letter - 0x40);
      // Far past any limit: stop before the number loses precision.
      if (column > 1e9) break;
    }
    return column || null;
  }
  return null;
}

/**
 * Scans the sheet an import reads, and answers its rows holding at least one value (`<v>` or an
 * inline string; the header included). Refuses, as soon as the scan reaches it, a row past
 * maxDataRows, a cell past maxColumns (by its reference, or by its position when it has none) and a
 * text past maxCellLength characters: what ExcelJS would later have built in memory.
 */
export async function scanSheet(stream: NodeJS.ReadableStream, limits: TFileLimits): Promise<number> {
  let rows = 0;
  let inRow = false;
  let rowHasValue = false;
  let cells = 0;
  let run = 0;
  const endRow = () => {
    if (inRow && rowHasValue && ++rows > limits.maxDataRows + 1)
      throw fileRefused(FILE_REFUSALS.tooManyRows(limits.maxDataRows));
  };
  await scanXml(stream, {
    tag(bytes, start, end) {
      run = 0;
      if (bytes[start + 1] === SLASH) {
        if (isTag(bytes, start + 1, 'row')) {
          endRow();
          inRow = false;
        }
      } else if (isTag(bytes, start, 'row')) {
        endRow();
        inRow = true;
        rowHasValue = false;
        cells = 0;
      } else if (isTag(bytes, start, 'c')) {
        const column = referenceColumn(bytes, start, end) ?? cells + 1;
        cells++;
        if (column > limits.maxColumns || cells > limits.maxColumns)
          throw fileRefused(FILE_REFUSALS.tooManyColumns(limits.maxColumns));
      } else if (inRow && (isTag(bytes, start, 'v') || isTag(bytes, start, 'is'))) {
        rowHasValue = true;
      }
    },
    text(bytes, start, end) {
      run += characters(bytes, start, end);
      if (run > limits.maxCellLength) throw fileRefused(FILE_REFUSALS.cellTooLong(limits.maxCellLength));
    },
  });
  endRow();
  return rows;
}

/**
 * Scans xl/sharedStrings.xml, the table every text cell points into and which ExcelJS keeps in
 * memory whole: refuses it past maxSharedStrings entries, maxSharedStringsBytes of text, or an entry
 * past maxCellLength characters, stopping there (a bomb of millions of tiny strings costs the
 * first million).
 */
export async function scanSharedStrings(stream: NodeJS.ReadableStream, limits: TFileLimits): Promise<void> {
  let entries = 0;
  let textBytes = 0;
  let entryLength = 0;
  await scanXml(stream, {
    tag(bytes, start) {
      if (bytes[start + 1] === SLASH || !isTag(bytes, start, 'si')) return;
      if (++entries > limits.maxSharedStrings) throw fileRefused(FILE_REFUSALS.tooManyTexts(limits.maxSharedStrings));
      entryLength = 0;
    },
    text(bytes, start, end) {
      textBytes += end - start;
      if (textBytes > limits.maxSharedStringsBytes)
        throw fileRefused(FILE_REFUSALS.tooMuchText(limits.maxSharedStringsBytes));
      entryLength += characters(bytes, start, end);
      if (entryLength > limits.maxCellLength) throw fileRefused(FILE_REFUSALS.cellTooLong(limits.maxCellLength));
    },
  });
}
