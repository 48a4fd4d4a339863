import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../src/files/file-limits.js';
import { inspectSpreadsheet, openSpreadsheet } from '../../src/files/spreadsheet-reader.js';
import { checkSpreadsheetFile } from '../../src/files/upload-guard.js';
import { AppError } from '../../src/lib/app-error.js';
import { longCsv, sharedStringsBomb, sharedStringsWorkbook, wideCsv } from '../imports/support/hostile-files.js';
import { buildZip, deflatedPart, tempDir, workbookParts } from './support/fixtures.js';

// The hardening issue, parts 1 and 3: every dimension of a file is bounded while it is read, the
// check stops at the first one passed, and it costs time in proportion to the rows, not more.
const dir = tempDir();
const write = async (name: string, content: Buffer | string) => {
  const file = path.join(dir, name);
  await fs.writeFile(file, content);
  return file;
};

async function refused(promise: Promise<unknown>): Promise<{ message: string; ms: number }> {
  const started = performance.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('validation');
  return { message: (error as AppError).message, ms: performance.now() - started };
}

const sheetXlsx = (rows: string) =>
  buildZip(
    workbookParts(deflatedPart('xl/worksheets/sheet1.xml', `<worksheet><sheetData>${rows}</sheetData></worksheet>`)),
  );
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('CSV files', () => {
  let million: string;
  beforeAll(async () => {
    million = await write('million.csv', longCsv(1_000_000));
  });

  it('refuses a 1,000,000-row file at the row cap, in well under 2 seconds', async () => {
    const { message, ms } = await refused(inspectSpreadsheet({ path: million, kind: 'csv' }));
    expect(message).toBe(FILE_MESSAGES.tooManyRows(200_000));
    expect(ms).toBeLessThan(2000);
  });

  it('counts 200,000 rows, the cap itself, in linear time (it took 9 s before)', async () => {
    const file = await write('cap.csv', longCsv(200_000));
    const started = performance.now();
    expect(await inspectSpreadsheet({ path: file, kind: 'csv' })).toEqual({ dataRows: 200_000, exact: true });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('refuses a 19 MB file of 100,000 columns from its first line', async () => {
    const file = await write('wide.csv', wideCsv(100_000, 95));
    // Started one at a time: a second reading already refused while the first is awaited would be
    // an unhandled rejection.
    for (const reading of [
      () => inspectSpreadsheet({ path: file, kind: 'csv' }),
      () => openSpreadsheet({ path: file, kind: 'csv' }),
    ]) {
      const { message, ms } = await refused(reading());
      expect(message).toBe(FILE_MESSAGES.tooManyColumns(256));
      expect(ms).toBeLessThan(2000);
    }
  });

  it('refuses a cell past 32,767 characters, and a quote left open through the file', async () => {
    const long = await write('long-cell.csv', `name,phone\r\n"${'x'.repeat(40_000)}",0555\r\n`);
    expect((await refused(inspectSpreadsheet({ path: long, kind: 'csv' }))).message).toBe(
      FILE_MESSAGES.cellTooLong(32_767),
    );
    const open = await write('open-quote.csv', `name,phone\r\n"Amine,0555\r\n${'Sara,0666\r\n'.repeat(500_000)}`);
    expect((await refused(inspectSpreadsheet({ path: open, kind: 'csv' }))).message).toBe(
      FILE_MESSAGES.cellTooLong(32_767),
    );
  });
});

describe('.xlsx files', () => {
  it('refuses the shared-strings bomb (279 MB of strings at ~60:1) without holding its strings', async () => {
    const bomb = await write('bomb.xlsx', await sharedStringsBomb(279));
    const heapBefore = process.memoryUsage().heapUsed;
    const { message, ms } = await refused(checkSpreadsheetFile({ path: bomb, fileName: 'bomb.xlsx' }));
    expect(message).toBe(FILE_MESSAGES.tooMuchText(40 * 1024 * 1024));
    expect(ms).toBeLessThan(2000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses more than 1,000,000 shared strings, however short', async () => {
    const file = await write('many.xlsx', await sharedStringsWorkbook(1_000_001, (i) => String(i)));
    expect((await refused(checkSpreadsheetFile({ path: file, fileName: 'many.xlsx' }))).message).toBe(
      FILE_MESSAGES.tooManyTexts(1_000_000),
    );
  });

  it('refuses a cell beyond column 256, and a row of more than 256 cells without references', async () => {
    const far = await write('far.xlsx', sheetXlsx(`<row r="1">${inline('A1', 'name')}${inline('XFD1', 'x')}</row>`));
    expect((await refused(checkSpreadsheetFile({ path: far, fileName: 'far.xlsx' }))).message).toBe(
      FILE_MESSAGES.tooManyColumns(256),
    );
    const many = await write('many-cells.xlsx', sheetXlsx(`<row>${'<c><v>1</v></c>'.repeat(257)}</row>`));
    expect((await refused(checkSpreadsheetFile({ path: many, fileName: 'many-cells.xlsx' }))).message).toBe(
      FILE_MESSAGES.tooManyColumns(256),
    );
  });

  it('refuses a text cell past 32,767 characters', async () => {
    const file = await write('long.xlsx', sheetXlsx(`<row r="1">${inline('A1', 'é'.repeat(32_768))}</row>`));
    expect((await refused(checkSpreadsheetFile({ path: file, fileName: 'long.xlsx' }))).message).toBe(
      FILE_MESSAGES.cellTooLong(32_767),
    );
  });

  it('reads a file at the limits: column 256 (IV) and a 32,767-character cell', async () => {
    const xml = `<row r="1">${inline('A1', 'name')}${inline('IV1', 'last')}</row><row r="2">${inline('A2', 'é'.repeat(32_767))}${inline('IV2', 'x')}</row>`;
    const file = await write('limits.xlsx', sheetXlsx(xml));
    const checked = await checkSpreadsheetFile({ path: file, fileName: 'limits.xlsx' });
    const sheet = await openSpreadsheet({ path: file, kind: 'xlsx', xlsx: checked.xlsx });
    expect(sheet.headers).toHaveLength(256);
    const rows = [];
    for await (const chunk of sheet.chunks()) rows.push(...chunk);
    expect(rows[0]!.cells.name).toHaveLength(32_767);
    expect(rows[0]!.cells.last).toBe('x');
  });
});
