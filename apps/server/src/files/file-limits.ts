import { englishOf, m, type TMessageToken } from '@cod/shared';
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

/**
 * Why a file is refused, as catalogue tokens (packages/shared/src/messages/templates/files.ts,
 * docs/decisions/0041): the answer carries SPEC 8's English with its code and params.
 */
export const FILE_REFUSALS = {
  required: m('file.required'),
  type: m('file.type'),
  mismatch: (extension: string) => m('file.mismatch', { extension }),
  tooLarge: (limitBytes: number) => m('file.too_large', { megabytes: mb(limitBytes) }),
  empty: m('file.empty'),
  noRows: m('file.no_rows'),
  headerOnly: m('file.header_only'),
  tooManyRows: (limit: number) => m('file.too_many_rows', { limit }),
  zipTooManyEntries: m('file.zip_too_many_entries'),
  zipTooBig: (limitBytes: number) => m('file.zip_too_big', { megabytes: mb(limitBytes) }),
  zipRatio: m('file.zip_ratio'),
  zipDamaged: m('file.zip_damaged'),
  notWorkbook: m('file.not_workbook'),
  xlsUnsupported: m('file.xls_unsupported'),
  unreadable: (extension: string) => m('file.unreadable', { extension }),
  tooManyColumns: (limit: number) => m('file.too_many_columns', { limit }),
  cellTooLong: (limit: number) => m('file.cell_too_long', { limit }),
  tooManyTexts: (limit: number) => m('file.too_many_texts', { limit }),
  tooMuchText: (limitBytes: number) => m('file.too_much_text', { megabytes: mb(limitBytes) }),
  tooComplex: m('file.too_complex'),
  tooSlow: m('file.too_slow'),
} as const;

type TEnglishOf<T> = { [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/** The messages a seller sees when a file is refused, in SPEC 8's English (what the stored import errors say). */
export const FILE_MESSAGES = Object.fromEntries(
  Object.entries(FILE_REFUSALS).map(([key, refusal]) => [
    key,
    typeof refusal === 'function'
      ? (...args: unknown[]) => englishOf((refusal as (...a: unknown[]) => string)(...args))
      : englishOf(refusal),
  ]),
) as TEnglishOf<typeof FILE_REFUSALS>;

/** A refused file: a 422 on the `file` field, the shape every form error has (ARCHITECTURE 3.5). */
export function fileRefused(message: TMessageToken | string): AppError {
  return AppError.validation({ file: [message] }, message);
}

export function isFileRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'validation' && Boolean(error.errors?.file);
}
