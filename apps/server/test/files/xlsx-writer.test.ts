import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openSpreadsheet } from '../../src/files/spreadsheet-reader.js';
import { checkSpreadsheetFile } from '../../src/files/upload-guard.js';
import { neutraliseFormula, ordersExportFileName, writeXlsx, xlsxSheet } from '../../src/files/xlsx-writer.js';
import { tempDir } from './support/fixtures.js';

const dir = tempDir();
/** Streams a workbook into memory the way a route streams it into a reply. */
async function exportToBuffer(sheets: Parameters<typeof writeXlsx>[0]['sheets']): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  await writeXlsx({ stream, sheets });
  await ended;
  return Buffer.concat(chunks);
}

interface TOrder {
  id: number;
  name: string;
  note: string;
  total: number;
}

const orderSheet = (rows: TOrder[]) =>
  xlsxSheet<TOrder>({
    name: 'Orders',
    columns: [
      { header: 'id', value: (o) => o.id },
      { header: 'customer_full_name', value: (o) => o.name, width: 30 },
      { header: 'note', value: (o) => o.note },
      { header: 'total', value: (o) => o.total },
    ],
    rows,
  });

describe('neutraliseFormula', () => {
  it('prefixes text a spreadsheet would run, and leaves the rest alone', () => {
    for (const text of ['=HYPERLINK("http://evil","x")', '+213 555 12 34 56', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutraliseFormula(text), text).toBe(`'${text}`);
    }
    for (const text of ['محمد = أمين', '0555123456', '']) expect(neutraliseFormula(text), text).toBe(text);
  });
});

describe('writeXlsx', () => {
  it('streams a workbook Excel reads back: Arabic intact, numbers as numbers, formulas never', async () => {
    const buffer = await exportToBuffer([
      orderSheet([
        { id: 1, name: 'محمد أمين', note: '=1+1', total: 2500.5 },
        { id: 2, name: 'Amélie', note: '@cmd|/c calc', total: 1800 },
        { id: 3, name: '-=x', note: 'ok', total: 0 },
      ]),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'id', 'customer_full_name', 'note', 'total']);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'محمد أمين', "'=1+1", 2500.5]);
    expect(sheet.getRow(3).values).toEqual([undefined, 2, 'Amélie', "'@cmd|/c calc", 1800]);
    expect(sheet.getRow(4).getCell(2).value).toBe("'-=x");
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    // No <f> element anywhere in the sheet XML.
    const file = path.join(dir, 'export.xlsx');
    await fs.writeFile(file, buffer);
    expect(buffer.includes(Buffer.from('<f>'))).toBe(false);
    const checked = await checkSpreadsheetFile({ path: file, fileName: 'export.xlsx' });
    const reread = await openSpreadsheet({ path: file, kind: 'xlsx', xlsx: checked.xlsx });
    const rows = [];
    for await (const chunk of reread.chunks()) rows.push(...chunk);
    expect(rows.map((r) => r.formulaHeaders)).toEqual([undefined, undefined, undefined]);
  });

  it('writes several sheets, right to left when asked, from an async row source', async () => {
    async function* pages() {
      for (let page = 0; page < 3; page++) for (let i = 0; i < 2; i++) yield [page * 2 + i, `صف ${page * 2 + i}`];
    }
    const buffer = await exportToBuffer([
      { name: 'Lists: [2026]', columns: [{ header: 'n' }, { header: 'اسم' }], rows: pages(), rightToLeft: true },
      orderSheet([]),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Lists   2026', 'Orders']);
    const lists = workbook.worksheets[0]!;
    expect(lists.rowCount).toBe(7);
    expect(lists.getRow(7).values).toEqual([undefined, 5, 'صف 5']);
    expect(lists.views[0]).toMatchObject({ rightToLeft: true });
  });

  it('exports 10,000 orders in well under 3 seconds', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      name: i % 2 ? 'محمد أمين بن علي' : 'Amélie Benali',
      note: i % 10 === 0 ? '=cmd' : 'livraison avant 18h',
      total: 2500 + i,
    }));
    const started = performance.now();
    const buffer = await exportToBuffer([orderSheet(rows)]);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(3000);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(10_001);
    expect(sheet.getRow(10_001).values).toEqual([undefined, 10_000, 'محمد أمين بن علي', 'livraison avant 18h', 12_499]);
    expect(sheet.getRow(2).getCell(3).value).toBe("'=cmd");
  });
});

describe('ordersExportFileName', () => {
  it('follows SPEC 7: orders_{tab}_export_{timestamp}.xlsx', () => {
    const at = new Date('2026-03-05T14:07:09Z');
    expect(ordersExportFileName('inDelivery', at)).toBe('orders_inDelivery_export_20260305_140709.xlsx');
    expect(ordersExportFileName('../etc', at)).toBe('orders_etc_export_20260305_140709.xlsx');
    expect(ordersExportFileName('', at)).toBe('orders_all_export_20260305_140709.xlsx');
  });
});
