import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../support/test-db.js';
import { ownerOfNewShop } from '../catalogue/catalogue-support.js';
import { multipartFile } from '../support/multipart.js';
import { daysAgo } from './money-support.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-money-receipts-'));
const { app, database } = await openTestApp({ DATA_DIR: dataDir });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function shopWithExpense() {
  const shop = await ownerOfNewShop(app, database);
  const box = (await shop.api.post('/dashboard/cases', { name: 'Caisse', kind: 'cash' })).json();
  const categories = (await shop.api.get('/dashboard/expenses/categories')).json().data as Array<{
    id: number;
    code: string | null;
  }>;
  const expense = (
    await shop.api.post('/dashboard/expenses', {
      occurred_on: daysAgo(2),
      amount_centimes: 150_000,
      category_id: categories.find((c) => c.code === 'packaging')!.id,
      box_id: box.id,
      note: 'Cartons',
    })
  ).json();
  const put = (fileName: string, data: Buffer | string, authorization = shop.authorization, id = expense.id) => {
    const { payload, headers } = multipartFile(
      'receipt',
      Buffer.from(data),
      fileName,
      authorization,
      'application/octet-stream',
    );
    return app.inject({ method: 'PUT', url: `/dashboard/expenses/${id}/attachment`, headers, payload });
  };
  const files = () => {
    const dir = path.join(dataDir, 'money', String(shop.tenant.id));
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  return { ...shop, expense, put, files };
}

describe('expense receipts (issue 13.2, docs/decisions/0105)', () => {
  it('attaches, lists, downloads, replaces and removes a receipt', async () => {
    const { api, expense, put, files } = await shopWithExpense();
    const attached = await put('reçu carton.png', PNG);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ id: expense.id, attachment_name: 'reçu carton.png' });
    const listed = (await api.get('/dashboard/expenses')).json().data;
    expect(listed[0]).toMatchObject({ id: expense.id, attachment_name: 'reçu carton.png' });

    const download = await api.get(`/dashboard/expenses/${expense.id}/attachment`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(files()).toHaveLength(1);

    // Replacing keeps one file on disk: the new one.
    expect((await put('facture.pdf', PDF)).json().attachment_name).toBe('facture.pdf');
    expect(files()).toHaveLength(1);
    const pdf = await api.get(`/dashboard/expenses/${expense.id}/attachment`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    const removed = await api.delete(`/dashboard/expenses/${expense.id}/attachment`);
    expect(removed.json().attachment_name).toBeNull();
    expect(files()).toHaveLength(0);
    const gone = await api.get(`/dashboard/expenses/${expense.id}/attachment`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('money.receipt_missing');
  });

  it('refuses a disguised, foreign or missing file with the receipt rules, and another shop', async () => {
    const { expense, put, files } = await shopWithExpense();
    const html = await put('recu.png', '<html><script>alert(1)</script></html>');
    expect(html.statusCode).toBe(422);
    expect(html.json().error_codes.receipt[0].code).toBe('payment.receipt_type');
    const exe = await put('recu.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]));
    expect(exe.json().error_codes.receipt[0].code).toBe('payment.receipt_type');
    const big = await put('recu.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 10, 32)]));
    expect(big.statusCode).toBe(422);
    expect(big.json().error_codes.receipt[0].code).toBe('payment.receipt_too_large');
    const none = await app.inject({
      method: 'PUT',
      url: `/dashboard/expenses/${expense.id}/attachment`,
      headers: { authorization: (await shopWithExpense()).authorization },
      payload: {},
    });
    expect(none.statusCode).toBe(404); // another shop's expense id, whatever the body
    expect(files()).toHaveLength(0);

    const other = await shopWithExpense();
    expect((await put('recu.png', PNG, other.authorization)).statusCode).toBe(404);
    expect((await other.api.get(`/dashboard/expenses/${expense.id}/attachment`)).statusCode).toBe(404);
    const empty = await other.put('recu.png', Buffer.alloc(0), other.authorization, other.expense.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error_codes.receipt[0].code).toBe('money.receipt_required');
  });

  it('attaches to an entry of a closed day, and deleting the expense removes its file', async () => {
    const { api, expense, put, files } = await shopWithExpense();
    expect((await api.post('/dashboard/cases/close-day', { day: daysAgo(1) })).statusCode).toBe(200);
    expect((await put('recu.png', PNG)).statusCode).toBe(200);
    expect(files()).toHaveLength(1);
    // The closed day still refuses the deletion: the file stays with its expense.
    expect((await api.delete(`/dashboard/expenses/${expense.id}`)).statusCode).toBe(409);
    expect(files()).toHaveLength(1);

    const open = await shopWithExpense();
    await open.put('recu.png', PNG);
    expect(open.files()).toHaveLength(1);
    expect((await open.api.delete(`/dashboard/expenses/${open.expense.id}`)).statusCode).toBe(200);
    expect(open.files()).toHaveLength(0);
  });
});
