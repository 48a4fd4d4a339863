import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { buildZip, tempDir, workbookParts, zerosPart } from '../files/support/fixtures.js';
import { shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { openTestApp } from '../support/test-db.js';
import { IMPORT_HEADERS, uploadImport } from './support/import-files.js';
import { startImportJobs } from './support/import-app.js';

// Issue 6: a zip bomb, a 200 MB file, a renamed .exe, an empty file and a header-only file each
// get a clear error within a second, and no batch is left "processing" (none is even created).
const dataDir = tempDir();
const { app, database } = await openTestApp({ DATA_DIR: dataDir });
await startImportJobs(database);
let shop: TShop;
let url: string;

beforeAll(async () => {
  shop = await shopWithCatalogue(app, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/dashboard/orders/import`;
});
afterAll(() => app.close());

async function batchesOfShop() {
  return withTenant(database.db, shop.tenant.id, (tx) =>
    rows<{ status: string }>(tx, sql`select status from import_batches where tenant_id = ${shop.tenant.id}`),
  );
}

async function refused(fileName: string | null, content: Buffer) {
  const started = performance.now();
  const response = await uploadImport(app, shop.authorization, fileName, content);
  const ms = performance.now() - started;
  expect(response.statusCode).toBe(422);
  expect(ms).toBeLessThan(1000);
  return response.json() as { message: string; errors: { file: string[] } };
}

describe('files refused at upload', () => {
  it('asks for a file when none is sent', async () => {
    expect((await refused(null, Buffer.from('x'))).errors.file).toEqual(['Please select a file to import']);
  });

  it('refuses a zip bomb before parsing it', async () => {
    const bomb = buildZip(workbookParts(await zerosPart('xl/worksheets/sheet1.xml', 400)));
    expect((await refused('bomb.xlsx', bomb)).message).toBe(
      'The .xlsx file would expand to more than 300 MB once uncompressed.',
    );
  });

  it('refuses a renamed .exe by its content', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 0x00)]);
    expect((await refused('orders.xlsx', exe)).message).toBe(
      'This file is not a real .xlsx spreadsheet: its content does not match its extension.',
    );
    expect((await refused('orders.exe', exe)).message).toBe('Only .xlsx, .xls and .csv files can be imported.');
  });

  it('refuses an empty file and a header-only file', async () => {
    expect((await refused('empty.csv', Buffer.alloc(0))).message).toBe('The file is empty.');
    expect((await refused('header.csv', Buffer.from(`${IMPORT_HEADERS.join(',')}\r\n`))).message).toBe(
      'The file has a header row but no data rows.',
    );
  });

  it('refuses an old .xls with the way to convert it', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(8192, 0)]);
    expect((await refused('orders.xls', ole2)).message).toBe(
      'Old Excel .xls files cannot be read. Open the file in Excel or LibreOffice, save it as .xlsx (Excel Workbook) and import it again.',
    );
  });

  it('refuses a file without the required columns, naming them', async () => {
    const csv = Buffer.from('customer_full_name,product\r\nKarim,Montre\r\n');
    expect((await refused('columns.csv', csv)).message).toBe(
      'The file has no column for: customer_phone_1, state, city. Download the template to see the expected columns.',
    );
  });

  it('answers a 200 MB upload with the size error within a second, while it is still being sent', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    Buffer.from('PK\x03\x04').copy(chunk);
    const boundary = 'big-boundary';
    let sent = 0;
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      for (let i = 0; i < 200; i++) {
        sent += chunk.length;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      body: Readable.toWeb(Readable.from(body())) as ReadableStream,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: shop.authorization },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(422);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(((await response.json()) as { message: string }).message).toBe('The file is larger than the 20 MB limit.');
    expect(sent).toBeLessThan(200 * 1024 * 1024);
  });

  it('left no batch behind, processing or otherwise, and no file', async () => {
    expect(await batchesOfShop()).toEqual([]);
    expect(await fs.readdir(path.join(dataDir, 'imports'))).toEqual([]);
  });

  it('keeps import calls to users with the import permission and to their own shop', async () => {
    const other = await shopWithCatalogue(app, database);
    expect((await other.api.get('/dashboard/orders/import/999999/progress')).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: '/dashboard/orders/template/download' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /dashboard/orders/template/download', () => {
  it("gives the columns, a sample row, the shop's products and SKUs and the communes", async () => {
    const response = await shop.api.get('/dashboard/orders/template/download');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders_import_template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Orders', 'Lists', 'Columns']);
    const orders = workbook.getWorksheet('Orders')!;
    const headers = (orders.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(
      expect.arrayContaining(['customer_full_name', 'customer_phone_1', 'state', 'city', 'product']),
    );
    // The pen's custom fields are columns of their own.
    expect(headers).toEqual(expect.arrayContaining(['Gravure', 'Cadeau']));
    const lists: string[] = [];
    workbook.getWorksheet('Lists')!.eachRow((row) => lists.push((row.values as unknown[]).join('|')));
    expect(lists.some((line) => line.includes('Montre Classic'))).toBe(true);
    expect(lists.some((line) => line.includes('Alger Centre'))).toBe(true);
  });
});
