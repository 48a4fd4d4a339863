import path from 'node:path';
import { FILE_MESSAGES, fileRefused, type TFileLimits } from './file-limits.js';
import {
  assertLayoutMatchesDirectory,
  assertWorkbookParts,
  openEntryStream,
  openZip,
  readCentralDirectory,
  type TZipDirectory,
  type TZipEntry,
  type TZipFile,
} from './zip-precheck.js';

export interface TXlsxInspection {
  /** Zip path of the worksheet an import reads: the first visible tab. */
  sheetPath: string;
  /** N of xl/worksheets/sheetN.xml, what ExcelJS's streaming reader calls the sheet; null if named otherwise. */
  sheetFileNumber: number | null;
  /** Rows of that sheet holding at least one value (the header row included). */
  rowsWithValues: number;
}

// workbook.xml and its relationships list sheets, not data; a big one is not a real workbook.
const MAX_INDEX_PART_BYTES = 5 * 1024 * 1024;

/**
 * Everything an .xlsx must pass before ExcelJS parses it (ARCHITECTURE 3.9, docs/decisions/0020):
 * 1. the central-directory pre-check (entry count, declared sizes, ratio) — no inflating;
 * 2. the parts tile the file, so the streaming parser sees exactly the parts we checked;
 * 3. every part inflates to no more than it declared (yauzl stops at the first extra byte), which
 *    also counts the rows of the first sheet for the quick "Import started with N rows" answer.
 */
export async function inspectXlsx(filePath: string, limits: TFileLimits): Promise<TXlsxInspection> {
  const { zip, centralDirectoryOffset } = await openZip(filePath);
  try {
    const directory = await readCentralDirectory(zip, limits);
    assertWorkbookParts(directory);
    await assertLayoutMatchesDirectory(zip, directory, centralDirectoryOffset);
    const sheetPath = await locateFirstSheet(zip, directory);
    let rowsWithValues = 0;
    for (const entry of directory.entries) {
      const stream = await openEntryStream(zip, entry);
      if (entry.name === sheetPath) rowsWithValues = await countRowsWithValues(stream);
      else await drain(stream);
    }
    const match = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(sheetPath);
    return { sheetPath, sheetFileNumber: match ? Number(match[1]) : null, rowsWithValues };
  } finally {
    zip.close();
  }
}

/** The first visible sheet in tab order (workbook.xml), resolved through the workbook's relationships. */
async function locateFirstSheet(zip: TZipFile, directory: TZipDirectory): Promise<string> {
  const workbook = await readSmallPart(zip, directory, 'xl/workbook.xml');
  const rels = await readSmallPart(zip, directory, 'xl/_rels/workbook.xml.rels');
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\s[^>]*>/g)].map((m) => attributes(m[0]));
  const sheet = sheets.find((s) => !/hidden/i.test(s.state ?? '')) ?? sheets[0];
  const relId = sheet && Object.entries(sheet).find(([key]) => /(^|:)id$/.test(key) && key !== 'sheetId')?.[1];
  const relation = [...rels.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)]
    .map((m) => attributes(m[0]))
    .find((r) => r.Id === relId);
  if (!relation?.Target) throw fileRefused(FILE_MESSAGES.notWorkbook);
  const target = relation.Target.startsWith('/')
    ? relation.Target.slice(1)
    : path.posix.normalize(path.posix.join('xl', relation.Target));
  if (!directory.entries.some((e) => e.name === target)) throw fileRefused(FILE_MESSAGES.notWorkbook);
  return target;
}

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

async function readSmallPart(zip: TZipFile, directory: TZipDirectory, name: string): Promise<string> {
  const entry: TZipEntry | undefined = directory.entries.find((e) => e.name === name);
  if (!entry) throw fileRefused(FILE_MESSAGES.notWorkbook);
  if (entry.uncompressedSize > MAX_INDEX_PART_BYTES) throw fileRefused(FILE_MESSAGES.zipDamaged);
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntryStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  try {
    for await (const _chunk of stream) {
      // inflating is the check: yauzl errors when a part outgrows its declared size
    }
  } catch {
    throw fileRefused(FILE_MESSAGES.zipDamaged);
  }
}

/**
 * Counts `<row>` elements that hold a value (`<v>` or an inline string) without parsing XML: the
 * markup is ASCII, so latin1 chunks are safe, and the unprocessed tail from the last `<` is carried
 * to the next chunk so a tag split across chunks is seen once.
 */
async function countRowsWithValues(stream: NodeJS.ReadableStream): Promise<number> {
  const token = /<row[\s>/]|<\/row>|<v[\s>]|<is>/g;
  let carry = '';
  let inRow = false;
  let rowHasValue = false;
  let rows = 0;
  const scan = (text: string) => {
    for (const match of text.matchAll(token)) {
      const tag = match[0];
      if (tag.startsWith('<row')) {
        if (inRow && rowHasValue) rows++;
        inRow = true;
        rowHasValue = false;
      } else if (tag === '</row>') {
        if (inRow && rowHasValue) rows++;
        inRow = false;
      } else if (inRow) {
        rowHasValue = true;
      }
    }
  };
  try {
    for await (const chunk of stream) {
      const text = carry + (chunk as Buffer).toString('latin1');
      const cut = text.lastIndexOf('<');
      scan(cut === -1 ? text : text.slice(0, cut));
      carry = cut === -1 ? '' : text.slice(cut);
    }
  } catch {
    throw fileRefused(FILE_MESSAGES.zipDamaged);
  }
  scan(carry);
  if (inRow && rowHasValue) rows++;
  return rows;
}
