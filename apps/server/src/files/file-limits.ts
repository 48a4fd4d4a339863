import { AppError } from '../lib/app-error.js';

/** The three spreadsheet formats SPEC 5 accepts for an import. */
export type TSpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/**
 * Bounds on what an upload may cost us (ARCHITECTURE 3.9). The defaults fit a 100,000-row order
 * file with room to spare: such an .xlsx is ~5 MB and ~45 MB once uncompressed (ratio ~9).
 * See docs/decisions/0020.
 */
export interface TFileLimits {
  /** Bytes on the wire; counted while streaming, so a bigger upload is refused without being buffered. */
  maxBytes: number;
  /** Parts in an .xlsx zip (a real workbook has 10 to a few hundred). */
  maxZipEntries: number;
  /** Sum of the declared uncompressed sizes of all parts. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed size of one part; deflate tops out near 1,032, spreadsheet XML near 10-30. */
  maxCompressionRatio: number;
  /** Data rows read from one file (header excluded); reading stops at the first row past it. */
  maxDataRows: number;
  /** Columns of any row: what one row costs in memory is its columns times their length. */
  maxColumns: number;
  /** Characters of one cell (Excel's own limit), so no single value can be huge. */
  maxCellLength: number;
  /** Entries of an .xlsx's shared strings table, which a reader keeps in memory whole. */
  maxSharedStrings: number;
  /** Bytes of text in that table (UTF-8, markup excluded). */
  maxSharedStringsBytes: number;
}

export const DEFAULT_FILE_LIMITS: TFileLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxZipEntries: 2_000,
  maxUncompressedBytes: 300 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxDataRows: 200_000,
  // Excel 2003's 256 columns: an order file has 16 plus a shop's custom fields.
  maxColumns: 256,
  maxCellLength: 32_767,
  // A 200,000-row file with five distinct texts per row; ~130 MB once a reader holds it.
  maxSharedStrings: 1_000_000,
  maxSharedStringsBytes: 40 * 1024 * 1024,
};

export function fileLimits(overrides: Partial<TFileLimits> = {}): TFileLimits {
  return { ...DEFAULT_FILE_LIMITS, ...overrides };
}

const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** The messages a seller sees when a file is refused (SPEC 8: import failures show the listed errors). */
export const FILE_MESSAGES = {
  required: 'Please select a file to import',
  type: 'Only .xlsx, .xls and .csv files can be imported.',
  mismatch: (extension: string) =>
    `This file is not a real ${extension} spreadsheet: its content does not match its extension.`,
  tooLarge: (limitBytes: number) => `The file is larger than the ${mb(limitBytes)} MB limit.`,
  empty: 'The file is empty.',
  noRows: 'The file contains no rows.',
  headerOnly: 'The file has a header row but no data rows.',
  tooManyRows: (limit: number) =>
    `The file has more than ${limit.toLocaleString('en-US')} data rows. Split it into smaller files.`,
  zipTooManyEntries: 'The .xlsx file contains too many parts to be a spreadsheet.',
  zipTooBig: (limitBytes: number) => `The .xlsx file would expand to more than ${mb(limitBytes)} MB once uncompressed.`,
  zipRatio: 'The .xlsx file is compressed abnormally (a possible zip bomb) and was refused.',
  zipDamaged: 'The .xlsx file is damaged and cannot be read.',
  notWorkbook: 'The .xlsx file does not contain an Excel workbook.',
  xlsUnsupported:
    'Old Excel .xls files cannot be read. Open the file in Excel or LibreOffice, save it as .xlsx (Excel Workbook) and import it again.',
  unreadable: (extension: string) => `The ${extension} file could not be read.`,
  tooManyColumns: (limit: number) =>
    `The file has more than ${limit.toLocaleString('en-US')} columns. Keep the order columns (see the template) and import it again.`,
  cellTooLong: (limit: number) =>
    `A cell of the file holds more than ${limit.toLocaleString('en-US')} characters. Shorten it and import the file again.`,
  tooManyTexts: (limit: number) =>
    `The .xlsx file holds more than ${limit.toLocaleString('en-US')} different texts. Split it into smaller files.`,
  tooMuchText: (limitBytes: number) =>
    `The .xlsx file holds more than ${mb(limitBytes)} MB of text. Split it into smaller files.`,
  tooComplex: 'Reading this file needs more memory than an import may use. Split it into smaller files.',
  tooSlow: 'Reading this file takes longer than an import may take. Split it into smaller files.',
} as const;

/** A refused file: a 422 on the `file` field, the shape every form error has (ARCHITECTURE 3.5). */
export function fileRefused(message: string): AppError {
  return AppError.validation({ file: [message] }, message);
}

export function isFileRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'validation' && Boolean(error.errors?.file);
}
