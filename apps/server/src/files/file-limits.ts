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
  /** Data rows read from one file (header excluded). */
  maxDataRows: number;
}

export const DEFAULT_FILE_LIMITS: TFileLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxZipEntries: 2_000,
  maxUncompressedBytes: 300 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxDataRows: 200_000,
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
} as const;

/** A refused file: a 422 on the `file` field, the shape every form error has (ARCHITECTURE 3.5). */
export function fileRefused(message: string): AppError {
  return AppError.validation({ file: [message] }, message);
}

export function isFileRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'validation' && Boolean(error.errors?.file);
}
