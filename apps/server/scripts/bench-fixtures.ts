// The order files bench:files and bench:import read. Kept apart from bench-support.ts on purpose:
// bench:files measures a reader's peak RSS in a process that must not load the app or pg.
import fs from 'node:fs';
import ExcelJS from 'exceljs';

/** Customer names of the import files: Arabic, accented Latin, several words. */
export const FIXTURE_NAMES = ['محمد أمين بن علي', 'Amélie Benali', 'فاطمة الزهراء', 'Yacine Haddad', 'عبد القادر'];

/** The columns of the bench order files, in the template's order; `extra` come before the note. */
export const fixtureHeaders = (...extra: string[]) => [
  ...['customer_full_name', 'customer_phone_1', 'state', 'city', 'customer_address', 'product', 'quantity'],
  ...extra,
  'note',
];

/** An order file as sellers upload it: a header row, then `count` rows. */
export async function writeXlsxFixture(
  file: string,
  headers: string[],
  count: number,
  row: (i: number) => string[],
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(headers).commit();
  for (let i = 0; i < count; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
}

/** The same as a CSV with a BOM and CRLF lines, as Excel saves it. */
export function writeCsvFixture(file: string, headers: string[], count: number, row: (i: number) => string[]): void {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [headers.join(',')];
  for (let i = 0; i < count; i++) lines.push(row(i).map(quote).join(','));
  fs.writeFileSync(file, `\ufeff${lines.join('\r\n')}\r\n`);
}
