import yauzl from 'yauzl';
import { FILE_REFUSALS, fileRefused, type TFileLimits } from './file-limits.js';

/** One part of a zip as its central directory declares it. */
export interface TZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  flags: number;
  compressionMethod: number;
  raw: yauzl.Entry;
}

export interface TZipDirectory {
  entries: TZipEntry[];
  totalUncompressed: number;
}

// yauzl 3 API that @types/yauzl (2.x) does not declare.
interface TLocalFileHeader {
  fileDataStart: number;
  fileName: Buffer;
}
export type TZipFile = yauzl.ZipFile & {
  readLocalFileHeader(
    entry: yauzl.Entry,
    options: { minimal: boolean },
    cb: (err: Error | null, header: TLocalFileHeader) => void,
  ): void;
};

// Small parts compress absurdly well (an empty sheet, a theme); only big ones can hurt.
const RATIO_CHECK_FROM_BYTES = 1024 * 1024;
const DATA_DESCRIPTOR_FLAG = 0x08;
// A data descriptor after the data: crc + sizes, 4- or 8-byte sizes, with or without its signature.
const DESCRIPTOR_SIZES = new Set([12, 16, 20, 24]);

export function openZip(filePath: string): Promise<{ zip: TZipFile; centralDirectoryOffset: number }> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(fileRefused(FILE_REFUSALS.zipDamaged));
      // yauzl starts its entry cursor at the central directory; read it before the first entry moves it.
      const centralDirectoryOffset = (zip as unknown as { readEntryCursor: number }).readEntryCursor;
      resolve({ zip: zip as TZipFile, centralDirectoryOffset });
    });
  });
}

/**
 * ARCHITECTURE 3.9: the zip pre-check, from the central directory only (nothing is inflated):
 * entry count first (it is in the end record, so a million-entry bomb costs one read), then each
 * entry's declared sizes and ratio, stopping at the first one over a limit.
 */
export function readCentralDirectory(zip: TZipFile, limits: TFileLimits): Promise<TZipDirectory> {
  if (zip.entryCount > limits.maxZipEntries) return Promise.reject(fileRefused(FILE_REFUSALS.zipTooManyEntries));
  return new Promise((resolve, reject) => {
    const entries: TZipEntry[] = [];
    const names = new Set<string>();
    let totalUncompressed = 0;
    const fail = (message: string) => {
      zip.removeAllListeners('entry');
      reject(fileRefused(message));
    };
    zip.on('error', () => fail(FILE_REFUSALS.zipDamaged));
    zip.on('end', () => resolve({ entries, totalUncompressed }));
    zip.on('entry', (entry: yauzl.Entry) => {
      const refusal = refuseEntry(entry, names, limits);
      if (refusal) return fail(refusal);
      totalUncompressed += entry.uncompressedSize;
      if (totalUncompressed > limits.maxUncompressedBytes)
        return fail(FILE_REFUSALS.zipTooBig(limits.maxUncompressedBytes));
      names.add(entry.fileName);
      entries.push({
        name: entry.fileName,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        localHeaderOffset: entry.relativeOffsetOfLocalHeader,
        flags: entry.generalPurposeBitFlag,
        compressionMethod: entry.compressionMethod,
        raw: entry,
      });
      zip.readEntry();
    });
    zip.readEntry();
  });
}

function refuseEntry(entry: yauzl.Entry, seen: Set<string>, limits: TFileLimits): string | null {
  // A repeated name lets two readers disagree on which part is "the" sheet.
  if (seen.has(entry.fileName)) return FILE_REFUSALS.zipDamaged;
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) return FILE_REFUSALS.zipDamaged;
  if (entry.uncompressedSize > limits.maxUncompressedBytes) return FILE_REFUSALS.zipTooBig(limits.maxUncompressedBytes);
  if (entry.uncompressedSize >= RATIO_CHECK_FROM_BYTES) {
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (ratio > limits.maxCompressionRatio) return FILE_REFUSALS.zipRatio;
  }
  return null;
}

/** An .xlsx is an OPC package: these two parts are what makes a zip an Excel workbook. */
export function assertWorkbookParts(directory: TZipDirectory): void {
  const names = new Set(directory.entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw fileRefused(FILE_REFUSALS.notWorkbook);
}

/**
 * The parser (ExcelJS, through unzipper) walks local headers from the start of the file, not the
 * central directory. So the parts the pre-check saw must tile the file exactly: no hidden local
 * entry between or after them, and each local name equal to its directory name. Reads 30 bytes
 * plus the name per part.
 */
export async function assertLayoutMatchesDirectory(
  zip: TZipFile,
  directory: TZipDirectory,
  centralDirectoryOffset: number,
): Promise<void> {
  const sorted = [...directory.entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let expected = 0;
  let previousHasDescriptor = false;
  for (const entry of sorted) {
    if (!gapIsAllowed(entry.localHeaderOffset - expected, previousHasDescriptor))
      throw fileRefused(FILE_REFUSALS.zipDamaged);
    const header = await readLocalHeader(zip, entry);
    if (header.fileName.toString('utf8') !== entry.name && header.fileName.toString('latin1') !== entry.name)
      throw fileRefused(FILE_REFUSALS.zipDamaged);
    expected = header.fileDataStart + entry.compressedSize;
    previousHasDescriptor = (entry.flags & DATA_DESCRIPTOR_FLAG) !== 0;
  }
  if (!gapIsAllowed(centralDirectoryOffset - expected, previousHasDescriptor))
    throw fileRefused(FILE_REFUSALS.zipDamaged);
}

function gapIsAllowed(gap: number, afterDescriptorEntry: boolean): boolean {
  return gap === 0 || (afterDescriptorEntry && DESCRIPTOR_SIZES.has(gap));
}

function readLocalHeader(zip: TZipFile, entry: TZipEntry): Promise<TLocalFileHeader> {
  return new Promise((resolve, reject) => {
    zip.readLocalFileHeader(entry.raw, { minimal: false }, (error, header) =>
      error ? reject(fileRefused(FILE_REFUSALS.zipDamaged)) : resolve(header),
    );
  });
}

/** Opens one part's inflated content; yauzl fails the stream as soon as it outgrows its declared size. */
export function openEntryStream(zip: TZipFile, entry: TZipEntry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry.raw, (error, stream) =>
      error || !stream ? reject(fileRefused(FILE_REFUSALS.zipDamaged)) : resolve(stream),
    );
  });
}
