import path from 'node:path';
import { FILE_REFUSALS, fileRefused, type TFileLimits } from './file-limits.js';
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
import { scanSharedStrings, scanSheet } from './xlsx-part-scan.js';

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
// The one shared strings table ExcelJS reads, whatever the relationships say.
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/**
 * Steps 1 and 2 alone: the central directory and the local headers, nothing inflated. Takes
 * milliseconds whatever the file, so the upload route runs it on the event loop and refuses a zip
 * bomb before handing the file to a sandbox thread.
 */
export async function precheckXlsx(filePath: string, limits: TFileLimits): Promise<void> {
  await withPrecheckedZip(filePath, limits, async () => undefined);
}

/** Opens the file, runs steps 1 and 2, then `next` on the checked zip; the zip is closed whatever happens. */
async function withPrecheckedZip<T>(
  filePath: string,
  limits: TFileLimits,
  next: (zip: TZipFile, directory: TZipDirectory) => Promise<T>,
): Promise<T> {
  const { zip, centralDirectoryOffset } = await openZip(filePath);
  try {
    const directory = await readCentralDirectory(zip, limits);
    assertWorkbookParts(directory);
    await assertLayoutMatchesDirectory(zip, directory, centralDirectoryOffset);
    return await next(zip, directory);
  } finally {
    zip.close();
  }
}

/**
 * Everything an .xlsx must pass before ExcelJS parses it (ARCHITECTURE 3.9, docs/decisions/0020):
 * 1. the central-directory pre-check (entry count, declared sizes, ratio) — no inflating;
 * 2. the parts tile the file, so the streaming parser sees exactly the parts we checked;
 * 3. every part inflates to no more than it declared (yauzl stops at the first extra byte), which
 *    also counts the rows of the first sheet for the quick "Import started with N rows" answer;
 * 4. while inflating, every dimension ExcelJS would hold in memory is bounded (xlsx-part-scan.ts):
 *    rows, columns and cell length of that sheet, entries and text of the shared strings.
 */
export async function inspectXlsx(filePath: string, limits: TFileLimits): Promise<TXlsxInspection> {
  return withPrecheckedZip(filePath, limits, async (zip, directory) => {
    const sheetPath = await locateFirstSheet(zip, directory);
    let rowsWithValues = 0;
    for (const entry of directory.entries) {
      const stream = await openEntryStream(zip, entry);
      if (entry.name === sheetPath) rowsWithValues = await scanSheet(stream, limits);
      else if (entry.name === SHARED_STRINGS) await scanSharedStrings(stream, limits);
      else await drain(stream);
    }
    const match = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(sheetPath);
    return { sheetPath, sheetFileNumber: match ? Number(match[1]) : null, rowsWithValues };
  });
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
  if (!relation?.Target) throw fileRefused(FILE_REFUSALS.notWorkbook);
  const target = relation.Target.startsWith('/')
    ? relation.Target.slice(1)
    : path.posix.normalize(path.posix.join('xl', relation.Target));
  if (!directory.entries.some((e) => e.name === target)) throw fileRefused(FILE_REFUSALS.notWorkbook);
  return target;
}

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

async function readSmallPart(zip: TZipFile, directory: TZipDirectory, name: string): Promise<string> {
  const entry: TZipEntry | undefined = directory.entries.find((e) => e.name === name);
  if (!entry) throw fileRefused(FILE_REFUSALS.notWorkbook);
  if (entry.uncompressedSize > MAX_INDEX_PART_BYTES) throw fileRefused(FILE_REFUSALS.zipDamaged);
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
    throw fileRefused(FILE_REFUSALS.zipDamaged);
  }
}
