import fs from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectCsvEncoding } from '../../src/files/csv-encoding.js';
import { FILE_MESSAGES } from '../../src/files/file-limits.js';
import {
  columnLetter,
  headerNames,
  inspectSpreadsheet,
  openSpreadsheet,
  type TOpenSpreadsheetOptions,
  type TSheetRow,
} from '../../src/files/spreadsheet-reader.js';
import { AppError } from '../../src/lib/app-error.js';
import { tempDir, writeWorkbook } from './support/fixtures.js';

const dir = tempDir();
async function readAll(options: TOpenSpreadsheetOptions) {
  const sheet = await openSpreadsheet(options);
  const chunks: TSheetRow[][] = [];
  for await (const chunk of sheet.chunks()) chunks.push(chunk);
  return { headers: sheet.headers, headerRowNumber: sheet.headerRowNumber, chunks, rows: chunks.flat() };
}

async function refusedWith(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).errors).toEqual({ file: [(error as AppError).message] });
  return (error as AppError).message;
}

async function csvFile(name: string, content: Buffer | string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, content);
  return file;
}

describe('.xlsx rows', () => {
  it('names cells by header, keeps the real row numbers across blank rows, and reads Arabic', async () => {
    const file = path.join(dir, 'orders.xlsx');
    const rows = new Map([
      [1, ['customer_full_name', 'customer_phone_1', 'state', 'quantity']],
      [2, ['محمد أمين', '0555123456', 'الجزائر', 2]],
      [5, ['Amélie Benali', '0661000000', 'Médéa', 1]],
      [6, [null, null, null, null]],
      [9, ['Sara', '0770000000', '16', 3.5]],
    ] as const);
    await writeWorkbook(file, [
      { name: 'Orders', rows: new Map([...rows].map(([n, r]) => [n, [...r]])) },
      { name: 'Lists', rows: [['ignored']] },
    ]);
    const result = await readAll({ path: file, kind: 'xlsx' });
    expect(result.headers).toEqual(['customer_full_name', 'customer_phone_1', 'state', 'quantity']);
    expect(result.headerRowNumber).toBe(1);
    expect(result.rows).toEqual([
      {
        rowNumber: 2,
        cells: { customer_full_name: 'محمد أمين', customer_phone_1: '0555123456', state: 'الجزائر', quantity: '2' },
      },
      {
        rowNumber: 5,
        cells: { customer_full_name: 'Amélie Benali', customer_phone_1: '0661000000', state: 'Médéa', quantity: '1' },
      },
      {
        rowNumber: 9,
        cells: { customer_full_name: 'Sara', customer_phone_1: '0770000000', state: '16', quantity: '3.5' },
      },
    ]);
  });

  it('reads formula cells as their cached values and flags them', async () => {
    const file = path.join(dir, 'formulas.xlsx');
    await writeWorkbook(file, [
      {
        name: 'Orders',
        rows: [
          ['product', 'quantity', 'price'],
          ['Robe', { formula: '1+1', result: 2 }, 2500],
          ['Sac', 1, { formula: 'B3*1000', result: 1000 }],
          ['Jean', 1, 1800],
          [{ formula: 'CONCAT("Mon","tre")', result: 'Montre' }, 1, 900],
        ],
      },
    ]);
    const { rows } = await readAll({ path: file, kind: 'xlsx' });
    expect(rows.map((r) => [r.rowNumber, r.cells, r.formulaHeaders])).toEqual([
      [2, { product: 'Robe', quantity: '2', price: '2500' }, ['quantity']],
      [3, { product: 'Sac', quantity: '1', price: '1000' }, ['price']],
      [4, { product: 'Jean', quantity: '1', price: '1800' }, undefined],
      [5, { product: 'Montre', quantity: '1', price: '900' }, ['product']],
    ]);
  });

  it('yields rows in chunks of chunkSize, and skips rows already committed when resuming', async () => {
    const file = path.join(dir, 'chunks.xlsx');
    await writeWorkbook(file, [
      { name: 'Orders', rows: [['n'], ...Array.from({ length: 25 }, (_, i) => [`row ${i + 2}`])] },
    ]);
    const all = await readAll({ path: file, kind: 'xlsx', chunkSize: 10 });
    expect(all.chunks.map((c) => c.length)).toEqual([10, 10, 5]);
    expect(all.rows.at(-1)).toEqual({ rowNumber: 26, cells: { n: 'row 26' } });
    const resumed = await readAll({ path: file, kind: 'xlsx', chunkSize: 10, skipThroughRow: 21 });
    expect(resumed.rows.map((r) => r.rowNumber)).toEqual([22, 23, 24, 25, 26]);
  });

  it('refuses a workbook with no rows and one with only a header', async () => {
    const empty = path.join(dir, 'empty.xlsx');
    await writeWorkbook(empty, [{ name: 'Orders', rows: [] }]);
    expect(await refusedWith(openSpreadsheet({ path: empty, kind: 'xlsx' }))).toBe('The file contains no rows.');
    expect(await refusedWith(inspectSpreadsheet({ path: empty, kind: 'xlsx' }))).toBe(FILE_MESSAGES.noRows);

    const headerOnly = path.join(dir, 'header-only.xlsx');
    await writeWorkbook(headerOnly, [{ name: 'Orders', rows: [['customer_full_name', 'customer_phone_1']] }]);
    const message = 'The file has a header row but no data rows.';
    expect(await refusedWith(openSpreadsheet({ path: headerOnly, kind: 'xlsx' }))).toBe(message);
    expect(await refusedWith(inspectSpreadsheet({ path: headerOnly, kind: 'xlsx' }))).toBe(message);
  });

  it('counts data rows quickly and refuses files over the row limit', async () => {
    const file = path.join(dir, 'count.xlsx');
    await writeWorkbook(file, [{ name: 'Orders', rows: [['n'], ...Array.from({ length: 30 }, (_, i) => [i])] }]);
    expect(await inspectSpreadsheet({ path: file, kind: 'xlsx' })).toMatchObject({ dataRows: 30 });
    const limits = { maxDataRows: 20 };
    const message = 'The file has more than 20 data rows. Split it into smaller files.';
    expect(await refusedWith(inspectSpreadsheet({ path: file, kind: 'xlsx', limits }))).toBe(message);
    expect(await refusedWith(readAll({ path: file, kind: 'xlsx', limits }))).toBe(message);
  });

  it('reads the first visible tab even when it is not the first sheet file', async () => {
    const file = path.join(dir, 'hidden-first.xlsx');
    await writeWorkbook(file, [
      { name: 'Hidden', rows: [['secret'], ['no']] },
      { name: 'Orders', rows: [['name'], ['yes']] },
    ]);
    // Hide the first tab through ExcelJS's document API.
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    workbook.getWorksheet('Hidden')!.state = 'hidden';
    await workbook.xlsx.writeFile(file);
    const { rows } = await readAll({ path: file, kind: 'xlsx' });
    expect(rows).toEqual([{ rowNumber: 2, cells: { name: 'yes' } }]);
  });

  it('refuses .xls with the advice to save it as .xlsx', async () => {
    const file = await csvFile('old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    const message = await refusedWith(inspectSpreadsheet({ path: file, kind: 'xls' }));
    expect(message).toBe(FILE_MESSAGES.xlsUnsupported);
    expect(message).toMatch(/save it as \.xlsx/);
    expect(await refusedWith(openSpreadsheet({ path: file, kind: 'xls' }))).toBe(message);
  });
});

describe('.csv rows', () => {
  it('decodes Windows-1256 Arabic (with French letters) and guesses the ; delimiter', async () => {
    const text = 'الاسم;الهاتف;الولاية\r\nمحمد أمين;0555123456;الجزائر\r\nAmélie;0661000000;Médéa\r\n';
    const file = await csvFile('arabic-1256.csv', iconv.encode(text, 'windows-1256'));
    const { headers, rows } = await readAll({ path: file, kind: 'csv' });
    expect(headers).toEqual(['الاسم', 'الهاتف', 'الولاية']);
    expect(rows).toEqual([
      { rowNumber: 2, cells: { الاسم: 'محمد أمين', الهاتف: '0555123456', الولاية: 'الجزائر' } },
      { rowNumber: 3, cells: { الاسم: 'Amélie', الهاتف: '0661000000', الولاية: 'Médéa' } },
    ]);
  });

  it('decodes Windows-1252 French', async () => {
    const text =
      'nom,ville,adresse\nAmélie,Médéa,"Cité 5 Juillet, bât. 12"\nFrançois,Aïn Defla,rue de l’Indépendance\n';
    const file = await csvFile('french-1252.csv', iconv.encode(text, 'windows-1252'));
    const { rows } = await readAll({ path: file, kind: 'csv' });
    expect(rows.map((r) => r.cells)).toEqual([
      { nom: 'Amélie', ville: 'Médéa', adresse: 'Cité 5 Juillet, bât. 12' },
      { nom: 'François', ville: 'Aïn Defla', adresse: 'rue de l’Indépendance' },
    ]);
  });

  it('reads UTF-8 with and without a BOM, and UTF-16 with one', async () => {
    const text = 'name,city\nمحمد,Tizi Ouzou\n';
    for (const [name, bytes] of [
      ['utf8.csv', Buffer.from(text)],
      ['utf8-bom.csv', Buffer.from(`\ufeff${text}`)],
      ['utf16.csv', iconv.encode(text, 'utf16le', { addBOM: true })],
    ] as const) {
      const { headers, rows } = await readAll({ path: await csvFile(name, bytes), kind: 'csv' });
      expect(headers, name).toEqual(['name', 'city']);
      expect(rows, name).toEqual([{ rowNumber: 2, cells: { name: 'محمد', city: 'Tizi Ouzou' } }]);
    }
  });

  it('numbers rows as a spreadsheet shows them: blank lines count, a quoted multi-line cell is one row', async () => {
    const text = 'name,note\n\nAmine,"line one\nline two"\n,\nSara,ok\n';
    const { rows } = await readAll({ path: await csvFile('lines.csv', text), kind: 'csv' });
    expect(rows).toEqual([
      { rowNumber: 3, cells: { name: 'Amine', note: 'line one\nline two' } },
      { rowNumber: 5, cells: { name: 'Sara', note: 'ok' } },
    ]);
  });

  it('names blank and repeated headers, keeps values under no header, and is safe with odd headers', async () => {
    const text = 'phone,,phone,__proto__\n0555,x,0666,p,extra\n';
    const { headers, rows } = await readAll({ path: await csvFile('headers.csv', text), kind: 'csv' });
    expect(headers).toEqual(['phone', 'Column B', 'phone (2)', '__proto__']);
    expect(rows[0]!.cells).toEqual(
      Object.fromEntries([
        ['phone', '0555'],
        ['Column B', 'x'],
        ['phone (2)', '0666'],
        ['__proto__', 'p'],
        ['Column E', 'extra'],
      ]),
    );
    expect(Object.getPrototypeOf(rows[0]!.cells)).toBe(Object.prototype);
  });

  it('refuses an empty CSV and a header-only CSV, and counts data rows exactly', async () => {
    expect(await refusedWith(openSpreadsheet({ path: await csvFile('blank.csv', '\n\n , \n'), kind: 'csv' }))).toBe(
      FILE_MESSAGES.noRows,
    );
    const headerOnly = await csvFile('header.csv', 'customer_full_name,customer_phone_1\r\n');
    expect(await refusedWith(openSpreadsheet({ path: headerOnly, kind: 'csv' }))).toBe(FILE_MESSAGES.headerOnly);
    expect(await refusedWith(inspectSpreadsheet({ path: headerOnly, kind: 'csv' }))).toBe(FILE_MESSAGES.headerOnly);
    const three = await csvFile('three.csv', 'a\n1\n\n2\n3\n');
    expect(await inspectSpreadsheet({ path: three, kind: 'csv' })).toEqual({ dataRows: 3, exact: true });
  });
});

describe('encoding detection', () => {
  it('tells Arabic code page text from French code page text by how high bytes sit', () => {
    expect(detectCsvEncoding(iconv.encode('محمد أمين,بن عكنون', 'windows-1256'))).toBe('windows-1256');
    expect(detectCsvEncoding(iconv.encode('Médéa,Béjaïa,Aïn Témouchent', 'windows-1252'))).toBe('windows-1252');
    expect(detectCsvEncoding(Buffer.from('Médéa,محمد'))).toBe('utf8');
    expect(detectCsvEncoding(Buffer.from('plain ascii'))).toBe('utf8');
  });
});

describe('header helpers', () => {
  it('letters columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(headerNames([' name ', '', 'name', ''])).toEqual(['name', 'Column B', 'name (2)', 'Column D']);
  });
});
