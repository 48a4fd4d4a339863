import { StringDecoder } from 'node:string_decoder';
import { DEFAULT_FILE_LIMITS, FILE_REFUSALS, fileRefused, isFileRefusal, type TFileLimits } from './file-limits.js';
import type { TRawRow } from './raw-row.js';
import { openEntryStream, openZip, readCentralDirectory, type TZipEntry } from './zip-precheck.js';

// The one shared strings table a workbook's cells point into (as ExcelJS reads it).
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/**
 * The non-empty rows of one worksheet (xl/worksheets/sheet{sheetFileNumber}.xml), read straight
 * from the zip (docs/decisions/0120): the shared strings table is read first into an array of
 * strings, then the sheet inflates chunk by chunk and each complete `<row>` is cut out and its
 * cells read, so memory holds the strings, one inflated chunk and one row, never the sheet, and no
 * XML node objects are built. Reads what ExcelJS's streaming reader (styles ignored) read: a
 * formula cell gives its cached result and is flagged; `t="s"` a shared string (rich text runs
 * joined, phonetic runs left out), `inlineStr` and `str` their text, `b` TRUE or FALSE, `e` the
 * error's text, anything else the number. The file passed the upload's checks (xlsx-inspection.ts)
 * before; columns and cell length are checked again here.
 */
export async function* xlsxRows(
  filePath: string,
  sheetFileNumber: number,
  limits: TFileLimits = DEFAULT_FILE_LIMITS,
): AsyncGenerator<TRawRow> {
  const { zip } = await openZip(filePath);
  try {
    const directory = await readCentralDirectory(zip, limits);
    const byName = new Map(directory.entries.map((entry) => [entry.name, entry]));
    const sheetEntry = byName.get(`xl/worksheets/sheet${sheetFileNumber}.xml`);
    if (!sheetEntry) throw fileRefused(FILE_REFUSALS.notWorkbook);
    const stringsEntry = byName.get(SHARED_STRINGS);
    const strings = stringsEntry ? await readSharedStrings(zip, stringsEntry, limits) : [];
    yield* sheetRows(await openEntryStream(zip, sheetEntry), strings, limits);
  } catch (error) {
    throw isFileRefusal(error) ? error : fileRefused(FILE_REFUSALS.unreadable('.xlsx'));
  } finally {
    zip.close();
  }
}

/**
 * The longest element kept whole: a row of the most columns, each of the longest cell, with room for
 * its markup. A crafted part whose element never closes is refused at this size instead of being
 * gathered up to the whole uncompressed part.
 */
function longestElement(limits: TFileLimits): number {
  return limits.maxColumns * (limits.maxCellLength + 512);
}

/** Complete elements `<name ...>…</name>` (or self-closed) as they arrive in a part's text. */
async function* elements(stream: NodeJS.ReadableStream, name: string, maxChars: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const open = `<${name}`;
  const close = `</${name}>`;
  let pending = '';
  // Where to go on looking for the close of an element cut by the chunk's end (no rescan of a long one).
  let closeFrom = 0;
  const take = function* (final: boolean): Generator<string> {
    let at = 0;
    for (;;) {
      const start = findTag(pending, open, at);
      if (start === -1) {
        // Keep a possible partial "<name" at the end for the next chunk.
        at = final ? pending.length : Math.max(at, pending.length - open.length);
        break;
      }
      const tagEnd = pending.indexOf('>', start);
      if (tagEnd === -1) {
        at = start;
        break;
      }
      if (pending.charCodeAt(tagEnd - 1) === 0x2f) {
        yield pending.slice(start, tagEnd + 1);
        at = tagEnd + 1;
        continue;
      }
      const end = pending.indexOf(close, Math.max(tagEnd, start + closeFrom));
      if (end === -1) {
        if (pending.length - start > maxChars) throw new Error(`xlsx: a <${name}> longer than ${maxChars} characters`);
        at = start;
        closeFrom = Math.max(0, pending.length - close.length - start);
        break;
      }
      closeFrom = 0;
      yield pending.slice(start, end + close.length);
      at = end + close.length;
    }
    pending = pending.slice(at);
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending += decoder.write(chunk);
    yield* take(false);
  }
  pending += decoder.end();
  yield* take(true);
}

/** Where `<name` starts a tag of that name (followed by a space, `>` or `/`), from `from`. */
function findTag(text: string, open: string, from: number): number {
  let at = text.indexOf(open, from);
  while (at !== -1) {
    const after = text.charCodeAt(at + open.length);
    if (after === 0x20 || after === 0x3e || after === 0x2f || after === 0x09 || after === 0x0a || after === 0x0d)
      return at;
    if (Number.isNaN(after)) return -1;
    at = text.indexOf(open, at + 1);
  }
  return -1;
}

async function readSharedStrings(
  zip: Parameters<typeof openEntryStream>[0],
  entry: TZipEntry,
  limits: TFileLimits,
): Promise<string[]> {
  const strings: string[] = [];
  const stream = await openEntryStream(zip, entry);
  for await (const si of elements(stream, 'si', longestElement(limits))) strings.push(runText(si));
  return strings;
}

const T_RUN = /<t(?:\s[^>]*)?>([^<]*)<\/t>/g;
const PHONETIC = /<rPh[\s>][\s\S]*?<\/rPh>/g;

/** The text of an `<si>` or `<is>`: its `<t>` runs joined, phonetic guides (`<rPh>`) left out. */
function runText(xml: string): string {
  const body = xml.includes('<rPh') ? xml.replace(PHONETIC, '') : xml;
  let text = '';
  T_RUN.lastIndex = 0;
  for (let m = T_RUN.exec(body); m; m = T_RUN.exec(body)) text += m[1];
  return decodeXml(text);
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const ATTRIBUTE = /([\w:]+)\s*=\s*"([^"]*)"/g;

function attribute(tag: string, name: string): string | undefined {
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) if (m[1] === name) return m[2];
  return undefined;
}

/** 'AB12' -> 28; null without letters. */
function referenceColumn(reference: string | undefined): number | null {
  if (!reference) return null;
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 0x41 || code > 0x5a) break;
    column = column * 26 + (code - 0x40);
    if (column > 1e9) break;
  }
  return column || null;
}

async function* sheetRows(stream: NodeJS.ReadableStream, strings: string[], limits: TFileLimits) {
  let previous = 0;
  for await (const row of elements(stream, 'row', longestElement(limits))) {
    const tagEnd = row.indexOf('>');
    const number = parseInt(attribute(row.slice(0, tagEnd), 'r') ?? '', 10);
    // A writer may omit r="..."; rows then follow one another.
    const rowNumber = Number.isInteger(number) && number > previous ? number : previous + 1;
    previous = rowNumber;
    const raw = rowValues(row, tagEnd, rowNumber, strings, limits);
    if (raw) yield raw;
  }
}

function rowValues(
  row: string,
  from: number,
  rowNumber: number,
  strings: string[],
  limits: TFileLimits,
): TRawRow | null {
  const values: string[] = [];
  let formulaColumns: number[] | null = null;
  let hasValue = false;
  let column = 0;
  let at = from;
  for (;;) {
    const start = findTag(row, '<c', at);
    if (start === -1) break;
    const tagEnd = row.indexOf('>', start);
    if (tagEnd === -1) break;
    const tag = row.slice(start, tagEnd + 1);
    let inner = '';
    if (row.charCodeAt(tagEnd - 1) === 0x2f) at = tagEnd + 1;
    else {
      const end = row.indexOf('</c>', tagEnd);
      if (end === -1) break;
      inner = row.slice(tagEnd + 1, end);
      at = end + 4;
    }
    column = referenceColumn(attribute(tag, 'r')) ?? column + 1;
    if (column > limits.maxColumns) throw fileRefused(FILE_REFUSALS.tooManyColumns(limits.maxColumns));
    const cell = cellValue(inner, attribute(tag, 't'), strings);
    // An empty text is no value (ExcelJS read an empty shared string as none).
    if (cell === null || cell.text === '') continue;
    if (cell.text.length > limits.maxCellLength) throw fileRefused(FILE_REFUSALS.cellTooLong(limits.maxCellLength));
    values[column - 1] = cell.text;
    if (cell.formula) (formulaColumns ??= []).push(column - 1);
    if (cell.text.trim() !== '') hasValue = true;
  }
  if (!hasValue) return null;
  for (let i = 0; i < values.length; i++) values[i] ??= '';
  return { rowNumber, values, formulaColumns };
}

const V = /<v(?:\s[^>]*)?>([^<]*)<\/v>/;

/** A cell's text, or null for a cell without a value (as ExcelJS leaves it out). */
function cellValue(inner: string, type: string | undefined, strings: string[]) {
  if (!inner) return null;
  const formula = findTag(inner, '<f', 0) !== -1;
  const v = V.exec(inner);
  const raw = v ? decodeXml(v[1]!) : null;
  if (formula) {
    if (raw === null) return { text: '', formula };
    return { text: type === 'str' ? raw : numberText(parseFloat(raw)), formula };
  }
  if (type === 'inlineStr' && raw === null) {
    const is = findTag(inner, '<is', 0);
    return is === -1 ? null : { text: runText(inner.slice(is)), formula };
  }
  if (raw === null) return findTag(inner, '<v', 0) === -1 ? null : { text: '', formula };
  switch (type) {
    case 's':
      return { text: strings[parseInt(raw, 10)] ?? '', formula };
    case 'inlineStr':
    case 'str':
    case 'e':
      return { text: raw, formula };
    case 'b':
      return { text: parseInt(raw, 10) !== 0 ? 'TRUE' : 'FALSE', formula };
    default:
      return { text: numberText(parseFloat(raw)), formula };
  }
}

/** Excel keeps 15 significant digits; more is binary noise (0.1 + 0.2 shows as 0.3 there too). */
export function numberText(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}
