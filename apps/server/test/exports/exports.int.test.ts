import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentOf, createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { inspectPdf, readingText } from '../documents/support/pdf-inspect.js';
import { openTestApp } from '../support/test-db.js';

// Issue 6 / SPEC 7: POST /dashboard/orders/export-xlsx and GET /dashboard/orderspdf.
const { app, database } = await openTestApp();
let shop: TShop;
let ids: number[];

beforeAll(async () => {
  shop = await shopWithCatalogue(app, database);
  const arabic = await createOrder(shop.api, orderBody(shop, { customer_full_name: 'محمد أمين بن علي' }));
  const formula = await createOrder(
    shop.api,
    orderBody(shop, {
      customer_full_name: 'Karim',
      note: '=HYPERLINK("http://evil","x")',
      customer_address: '+33 rue',
    }),
  );
  ids = [arabic.id, formula.id];
});

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Array<Record<string, unknown>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i]])));
  });
  return rows;
}

describe('POST /dashboard/orders/export-xlsx', () => {
  it('streams the selected orders with Arabic intact and formulas neutralised, named after the tab', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/dashboard/orders/export-xlsx?tab=inProcess',
      headers: { authorization: shop.authorization },
      payload: { order_ids: ids },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders_inProcess_export_\d{8}_\d{6}\.xlsx"$/,
    );
    const rows = await readWorkbook(response.rawPayload);
    expect(rows).toHaveLength(2);
    const byName = new Map(rows.map((r) => [r.customer_full_name, r]));
    expect(byName.get('محمد أمين بن علي')).toMatchObject({ state: '16', state_name_ar: 'الجزائر' });
    const karim = byName.get('Karim')!;
    expect(karim.note).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(karim.customer_address).toBe(`'+33 rue`);
    expect(String(karim.products)).toContain('1 × Montre Classic');
  });

  it("refuses an empty selection with SPEC 5's message", async () => {
    const response = await shop.api.post('/dashboard/orders/export-xlsx', { order_ids: [] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Please select orders to export.');
  });

  it("exports only the orders the user may see (another shop's ids are skipped)", async () => {
    const other = await shopWithCatalogue(app, database);
    const response = await app.inject({
      method: 'POST',
      url: '/dashboard/orders/export-xlsx',
      headers: { authorization: other.authorization },
      payload: { order_ids: ids },
    });
    expect(await readWorkbook(response.rawPayload)).toEqual([]);
  });
});

describe('GET /dashboard/orderspdf through a one-use link', () => {
  it('opens the printed list with the link, once, and never with a bearer token in the URL', async () => {
    const link = await shop.api.post('/dashboard/orderspdf/link', { order_ids: ids, locale: 'ar' });
    expect(link.statusCode).toBe(200);
    const { url, expires_in } = link.json();
    expect(expires_in).toBeLessThanOrEqual(60);
    expect(url).toMatch(/^\/dashboard\/orderspdf\?order_ids\[\]=\d+&order_ids\[\]=\d+&link=[\w-]+$/);
    expect(url).not.toContain(shop.authorization.slice(7));

    const pdf = await app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texts = inspectPdf(pdf.rawPayload).runs.map(readingText);
    expect(texts).toContain('Karim');
    expect(texts).toContain('محمد');

    const again = await app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/dashboard/orderspdf?order_ids[]=1' })).statusCode).toBe(422);
  });

  it("refuses an empty selection with SPEC 5's message and needs the export permission", async () => {
    const empty = await shop.api.post('/dashboard/orderspdf/link', { order_ids: [] });
    expect(empty.json().message).toBe('Please select orders to generate PDF.');
    const agent = await agentOf(app, database, shop);
    expect((await agent.api.post('/dashboard/orderspdf/link', { order_ids: ids })).statusCode).toBe(403);
  });
});
