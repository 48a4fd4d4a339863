import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type TXlsxCellValue = string | number | boolean | Date | null | undefined;

export interface TXlsxColumn<TRow> {
  header: string;
  /** Width in characters (Excel's unit). */
  width?: number;
  value: (row: TRow) => TXlsxCellValue;
}

/** A sheet ready to stream: headers and rows of cell values. Build one with `xlsxSheet`. */
export interface TXlsxSheet {
  name: string;
  columns: Array<{ header: string; width?: number }>;
  rows: Iterable<TXlsxCellValue[]> | AsyncIterable<TXlsxCellValue[]>;
  /** Shows the sheet right to left (an Arabic-speaking reader's natural order). */
  rightToLeft?: boolean;
}

/** Typed columns over any row source (an array, or an async generator paging the database). */
export function xlsxSheet<TRow>(options: {
  name: string;
  columns: Array<TXlsxColumn<TRow>>;
  rows: Iterable<TRow> | AsyncIterable<TRow>;
  rightToLeft?: boolean;
}): TXlsxSheet {
  const { columns, rows } = options;
  async function* values() {
    for await (const row of rows) yield columns.map((column) => column.value(row));
  }
  return {
    name: options.name,
    columns: columns.map(({ header, width }) => ({ header, ...(width ? { width } : {}) })),
    rows: values(),
    ...(options.rightToLeft ? { rightToLeft: true } : {}),
  };
}

// OWASP "CSV injection": a cell starting with one of these is run as a formula by a spreadsheet
// (tab and carriage return lead to the same through some import paths).
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
// Excel refuses to open a file with a longer cell ("unreadable content").
const MAX_CELL_CHARS = 32_767;

/**
 * ARCHITECTURE 3.9: exported text can never run as a formula. A leading apostrophe is the form
 * spreadsheets themselves use to mean "this is text", and it stays visible as data, not hidden.
 */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) ? `'${text}` : text;
}

function safeCell(value: TXlsxCellValue): string | number | boolean | Date | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return neutraliseFormula(value).slice(0, MAX_CELL_CHARS);
  return value;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string, index: number): string {
  const cleaned = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || `Sheet${index + 1}`;
}

/**
 * Streams a workbook to `stream` with ExcelJS's streaming writer: each row is committed as it is
 * written, so memory holds one row whatever the sheet's length. Strings are written as text
 * (UTF-8, so Arabic is intact) after neutraliseFormula; nothing is ever written as a formula.
 * Resolves when the whole file has been handed to the stream.
 */
export async function writeXlsx(options: { stream: Writable; sheets: TXlsxSheet[] }): Promise<{ rows: number }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: options.stream,
    useStyles: true,
    useSharedStrings: false,
  });
  let rows = 0;
  for (const [index, sheet] of options.sheets.entries()) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name, index), {
      views: [{ state: 'frozen', ySplit: 1, rightToLeft: Boolean(sheet.rightToLeft) }],
    });
    worksheet.columns = sheet.columns.map((c) => ({ header: neutraliseFormula(c.header), width: c.width ?? 18 }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    for await (const values of sheet.rows) {
      worksheet.addRow(values.map(safeCell)).commit();
      rows++;
    }
    worksheet.commit();
  }
  await workbook.commit();
  return { rows };
}

/** SPEC 7: the export's file name, orders_{tab}_export_{timestamp}.xlsx (timestamp YYYYMMDD_HHmmss, UTC). */
export function ordersExportFileName(tab: string, at: Date = new Date()): string {
  const safeTab = tab.replace(/[^A-Za-z0-9-]/g, '') || 'all';
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
  return `orders_${safeTab}_export_${stamp}.xlsx`;
}
