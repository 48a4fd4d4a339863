import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { DEFAULT_FILE_LIMITS, FILE_REFUSALS, fileRefused, isFileRefusal, type TFileLimits } from './file-limits.js';
import type { TRawRow } from './raw-row.js';

/**
 * No longer the import's reader (xlsx-sheet-reader.ts is, docs/decisions/0120): kept as the reference
 * its test compares with.
 *
 * The non-empty rows of one worksheet (xl/worksheets/sheet{sheetFileNumber}.xml) through ExcelJS's
 * streaming reader: rows are parsed as the zip streams, so memory holds the shared strings and
 * one row, never the sheet. Formula cells give their cached result and are flagged. The sheet's
 * dimensions were bounded by the upload's scan (xlsx-inspection.ts); a row is checked again here.
 */
export async function* xlsxRows(
  filePath: string,
  sheetFileNumber: number,
  limits: TFileLimits = DEFAULT_FILE_LIMITS,
): AsyncGenerator<TRawRow> {
  const file = fs.createReadStream(filePath, { highWaterMark: 256 * 1024 });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  // ExcelJS names a sheet reader after its <sheet> when it can; the entry event carries the file
  // number, emitted just before the reader is handed out.
  let lastSheetFile: number | null = null;
  (reader as unknown as EventEmitter).on('entry', (entry: { type: string; id?: string }) => {
    if (entry.type === 'worksheet') lastSheetFile = Number(entry.id);
  });
  try {
    for await (const sheet of reader) {
      if (lastSheetFile !== sheetFileNumber) continue;
      let previous = 0;
      for await (const row of sheet) {
        // A writer may omit r="..."; rows then follow one another.
        const rowNumber = Number.isInteger(row.number) && row.number > previous ? row.number : previous + 1;
        previous = rowNumber;
        const raw = rowValues(row, rowNumber, limits);
        if (raw) yield raw;
      }
      return;
    }
    throw fileRefused(FILE_REFUSALS.notWorkbook);
  } catch (error) {
    throw isFileRefusal(error) ? error : fileRefused(FILE_REFUSALS.unreadable('.xlsx'));
  } finally {
    file.destroy();
  }
}

function rowValues(row: ExcelJS.Row, rowNumber: number, limits: TFileLimits): TRawRow | null {
  const values: string[] = [];
  let formulaColumns: number[] | null = null;
  let hasValue = false;
  row.eachCell((cell, column) => {
    if (column > limits.maxColumns) throw fileRefused(FILE_REFUSALS.tooManyColumns(limits.maxColumns));
    const { text, formula } = cellText(cell.value);
    if (text.length > limits.maxCellLength) throw fileRefused(FILE_REFUSALS.cellTooLong(limits.maxCellLength));
    values[column - 1] = text;
    if (formula) (formulaColumns ??= []).push(column - 1);
    if (text.trim() !== '') hasValue = true;
  });
  if (!hasValue) return null;
  for (let i = 0; i < values.length; i++) values[i] ??= '';
  return { rowNumber, values, formulaColumns };
}

/** A cell as the text a seller typed or sees. */
export function cellText(value: unknown): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number') return { text: numberText(value), formula: false };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', formula: false };
  if (value instanceof Date) return { text: dateText(value), formula: false };
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('formula' in object || 'sharedFormula' in object) return { text: cellText(object.result).text, formula: true };
    if (Array.isArray(object.richText))
      return { text: (object.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join(''), formula: false };
    if ('error' in object) return { text: String(object.error), formula: false };
    if ('text' in object) return cellText(object.text);
  }
  return { text: String(value), formula: false };
}

/** Excel keeps 15 significant digits; more is binary noise (0.1 + 0.2 shows as 0.3 there too). */
function numberText(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}
