import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { ORDER_IMPORT_COLUMNS } from '../../src/files/import-columns.js';
import { writeImportTemplate } from '../../src/files/import-template.js';
import { listTemplateCommunes, type TTemplateCommune } from '../../src/files/import-template.repository.js';
import { openSpreadsheet } from '../../src/files/spreadsheet-reader.js';
import { checkSpreadsheetFile } from '../../src/files/upload-guard.js';
import { openTestDatabase } from '../support/test-db.js';
import { tempDir } from './support/fixtures.js';

let database: Database;
const dir = tempDir();
let communes: TTemplateCommune[];
beforeAll(async () => {
  database = await openTestDatabase();
  communes = await listTemplateCommunes(database.db);
});

const products = [
  { name: 'Robe kabyle', sku: 'ROBE-KAB', price: 6500, variants: [{ name: 'Rouge / M', sku: 'ROBE-KAB-R-M' }] },
  { name: 'Montre', sku: 'MONTRE-1', price: 2500 },
];

async function templateFile(): Promise<string> {
  const file = path.join(dir, `template-${Math.random().toString(36).slice(2)}.xlsx`);
  const handle = await fs.open(file, 'w');
  const stream = handle.createWriteStream();
  const closed = new Promise<void>((resolve) => stream.on('close', () => resolve()));
  await writeImportTemplate({
    stream,
    communes,
    products,
    extraColumns: [{ header: 'Robe kabyle: Taille', required: true, help: 'Custom field of Robe kabyle.' }],
  });
  await closed;
  return file;
}

describe('the import template', () => {
  it('lists every commune with its wilaya, in French and Arabic, from the reference tables', () => {
    expect(communes).toHaveLength(1541);
    expect(new Set(communes.map((c) => c.stateCode)).size).toBe(58);
    const algiers = communes.filter((c) => c.stateCode === '16');
    expect(algiers.length).toBeGreaterThan(50);
    expect(algiers.every((c) => c.stateNameAr && c.cityNameAr)).toBe(true);
  });

  it('has the import columns and a sample row on the first sheet, lists on the second, help on the third', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await templateFile());
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Orders', 'Lists', 'Columns']);

    const orders = workbook.getWorksheet('Orders')!;
    const headers = (orders.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([...ORDER_IMPORT_COLUMNS.map((c) => c.header), 'Robe kabyle: Taille']);
    expect(orders.rowCount).toBe(2);
    const sample = Object.fromEntries(headers.map((h, i) => [h, orders.getRow(2).getCell(i + 1).value]));
    expect(sample).toMatchObject({
      customer_phone_1: '0555123456',
      state: '16',
      product: 'ROBE-KAB',
      variant: 'ROBE-KAB-R-M',
    });
    expect(communes.some((c) => c.stateCode === '16' && c.cityName === sample.city)).toBe(true);

    const lists = workbook.getWorksheet('Lists')!;
    expect(lists.rowCount).toBe(1 + 1541);
    const firstList = (lists.getRow(2).values as unknown[]).slice(1);
    expect(firstList.slice(0, 5)).toEqual([
      communes[0]!.stateCode,
      communes[0]!.stateName,
      communes[0]!.stateNameAr,
      communes[0]!.cityName,
      communes[0]!.cityNameAr,
    ]);
    expect(firstList.slice(7)).toEqual(['Robe kabyle', 'ROBE-KAB', 'Rouge / M', 'ROBE-KAB-R-M', 6500]);
    expect((lists.getRow(3).values as unknown[]).slice(8)).toEqual(['Montre', 'MONTRE-1', undefined, undefined, 2500]);

    const help = workbook.getWorksheet('Columns')!;
    expect(help.getRow(2).values).toEqual([undefined, 'customer_full_name', 'yes', ORDER_IMPORT_COLUMNS[0]!.help]);
  });

  it('passes the upload checks and imports as one data row with the sample values', async () => {
    const file = await templateFile();
    const checked = await checkSpreadsheetFile({ path: file, fileName: 'template.xlsx' });
    expect(checked.xlsx?.rowsWithValues).toBe(2);
    const sheet = await openSpreadsheet({ path: file, kind: 'xlsx', xlsx: checked.xlsx });
    const rows = [];
    for await (const chunk of sheet.chunks()) rows.push(...chunk);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rowNumber: 2,
      cells: { customer_full_name: 'محمد أمين', customer_phone_1: '0555123456', quantity: '1', note: '' },
    });
  });
});
