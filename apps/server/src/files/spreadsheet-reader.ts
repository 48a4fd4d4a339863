import { countCsvRows, csvRows } from './csv-rows.js';
import { FILE_REFUSALS, fileLimits, fileRefused, type TFileLimits, type TSpreadsheetKind } from './file-limits.js';
import type { TRawRow } from './raw-row.js';
import { inspectXlsx, type TXlsxInspection } from './xlsx-inspection.js';
import { xlsxRows } from './xlsx-sheet-reader.js';

/** One data row, its cells named by the header row. */
export interface TSheetRow {
  /** The row number the spreadsheet shows: what 'Row {n}: {message}' must quote (SPEC 8). */
  rowNumber: number;
  /** Every header's cell text ('' when blank), plus `Column X` for values under no header. Untrimmed. */
  cells: Record<string, string>;
  /** Headers of cells whose value is a formula's cached result (xlsx only); absent when none. */
  formulaHeaders?: string[];
}

export interface TOpenSpreadsheetOptions {
  path: string;
  kind: TSpreadsheetKind;
  /** Rows per chunk; the import commits one chunk per transaction. */
  chunkSize?: number;
  limits?: Partial<TFileLimits>;
  /** Resuming: rows up to this row number were already committed and are not yielded again. */
  skipThroughRow?: number;
  /** The upload guard's inspection of an .xlsx, to avoid inflating it twice. */
  xlsx?: TXlsxInspection;
}

export interface TSpreadsheet {
  headers: string[];
  headerRowNumber: number;
  /** The data rows in file order, chunkSize at a time; consuming them (or close()) releases the file. */
  chunks(): AsyncGenerator<TSheetRow[]>;
  close(): Promise<void>;
}

/**
 * Opens a spreadsheet for streamed reading (.xlsx through xlsx-sheet-reader.ts, docs/decisions/0120;
 * .csv through papaparse in any of the encodings of csv-encoding.ts). The first non-empty row is the header;
 * an empty file or a header without data is refused here, before any row is handed out.
 */
export async function openSpreadsheet(options: TOpenSpreadsheetOptions): Promise<TSpreadsheet> {
  const limits = fileLimits(options.limits);
  const chunkSize = Math.max(1, options.chunkSize ?? 500);
  const iterator = (await rawRows(options, limits))[Symbol.asyncIterator]();
  // Stopping a reader mid-file can make ExcelJS complain about its cut stream: that must never
  // hide the error that made us stop.
  const close = async () => void (await iterator.return?.(undefined).catch(() => undefined));
  const first = await iterator.next();
  if (first.done) throw fileRefused(FILE_REFUSALS.noRows);
  const headers = headerNames(first.value.values);
  const second = await iterator.next();
  if (second.done) throw fileRefused(FILE_REFUSALS.headerOnly);

  async function* chunks(): AsyncGenerator<TSheetRow[]> {
    let chunk: TSheetRow[] = [];
    let dataRows = 0;
    let next: IteratorResult<TRawRow> = second;
    try {
      while (!next.done) {
        if (++dataRows > limits.maxDataRows) throw fileRefused(FILE_REFUSALS.tooManyRows(limits.maxDataRows));
        if (next.value.rowNumber > (options.skipThroughRow ?? 0)) chunk.push(namedRow(headers, next.value));
        if (chunk.length >= chunkSize) {
          yield chunk;
          chunk = [];
        }
        next = await iterator.next();
      }
      if (chunk.length) yield chunk;
    } finally {
      await close();
    }
  }
  return { headers, headerRowNumber: first.value.rowNumber, chunks, close };
}

export interface TSpreadsheetSummary {
  /** Data rows (the header excluded). */
  dataRows: number;
  /**
   * Whether dataRows is the count the reader will yield. For .xlsx it is counted from the XML
   * without resolving shared strings, so a row whose only cells are empty strings counts; the
   * import should correct total_rows from what it actually read.
   */
  exact: boolean;
  xlsx?: TXlsxInspection;
}

/**
 * The quick look the upload route needs before answering 'Import started with N rows' (SPEC 8):
 * refuses .xls, empty and header-only files and files over the row limit, and counts the data rows.
 * An .xlsx is counted from its XML (no cell parsing, ~0.2 s for 100,000 rows); a .csv from its
 * record boundaries (no value parsed, ~0.1 s for 200,000 rows).
 */
export async function inspectSpreadsheet(options: TOpenSpreadsheetOptions): Promise<TSpreadsheetSummary> {
  const limits = fileLimits(options.limits);
  if (options.kind === 'xls') throw fileRefused(FILE_REFUSALS.xlsUnsupported);
  if (options.kind === 'xlsx') {
    const xlsx = options.xlsx ?? (await inspectXlsx(options.path, limits));
    return { dataRows: checkRowCount(xlsx.rowsWithValues, limits), exact: false, xlsx };
  }
  const rows = await countCsvRows(options.path, limits, limits.maxDataRows + 1);
  return { dataRows: checkRowCount(rows, limits), exact: true };
}

function checkRowCount(rowsWithHeader: number, limits: TFileLimits): number {
  if (rowsWithHeader === 0) throw fileRefused(FILE_REFUSALS.noRows);
  if (rowsWithHeader === 1) throw fileRefused(FILE_REFUSALS.headerOnly);
  if (rowsWithHeader - 1 > limits.maxDataRows) throw fileRefused(FILE_REFUSALS.tooManyRows(limits.maxDataRows));
  return rowsWithHeader - 1;
}

async function rawRows(options: TOpenSpreadsheetOptions, limits: TFileLimits): Promise<AsyncIterable<TRawRow>> {
  if (options.kind === 'csv') return csvRows(options.path, limits);
  // docs/decisions/0020: no maintained pure-JS .xls reader is installed, and SheetJS is ruled out.
  if (options.kind === 'xls') throw fileRefused(FILE_REFUSALS.xlsUnsupported);
  const xlsx = options.xlsx ?? (await inspectXlsx(options.path, limits));
  if (xlsx.sheetFileNumber === null) throw fileRefused(FILE_REFUSALS.unreadable('.xlsx'));
  return xlsxRows(options.path, xlsx.sheetFileNumber, limits);
}

/** Trimmed header texts; a blank header becomes `Column C`, a repeated one `Name (2)`. */
export function headerNames(values: string[]): string[] {
  const seen = new Map<string, number>();
  return values.map((value, index) => {
    const base = value.trim() || `Column ${columnLetter(index)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

function namedRow(headers: string[], raw: TRawRow): TSheetRow {
  // fromEntries defines own properties, so a header such as "__proto__" stays an ordinary key.
  const entries: Array<[string, string]> = headers.map((header, i) => [header, raw.values[i] ?? '']);
  for (let i = headers.length; i < raw.values.length; i++) {
    if (raw.values[i]!.trim() !== '') entries.push([`Column ${columnLetter(i)}`, raw.values[i]!]);
  }
  const row: TSheetRow = { rowNumber: raw.rowNumber, cells: Object.fromEntries(entries) };
  if (raw.formulaColumns) row.formulaHeaders = raw.formulaColumns.map((i) => headers[i] ?? `Column ${columnLetter(i)}`);
  return row;
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
