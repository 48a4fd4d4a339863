import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { tempDir, writeWorkbook } from '../files/support/fixtures.js';
import { waitFor } from '../jobs/support/test-queues.js';
import { shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { openTestApp } from '../support/test-db.js';
import { importRows } from './support/import-files.js';
import { uploadImport } from './support/import-files.js';
import { catalogueOf, startImportJobs, waitForBatch } from './support/import-app.js';

// Issue 6 "How it will be judged": 5,000 rows with 37 planted bad rows end completed with 4,963
// orders and exactly those 37 errors, quoted by their spreadsheet row numbers.
const dir = tempDir();
const { app, database } = await openTestApp({ DATA_DIR: dir });
await startImportJobs(database);
let shop: TShop;

beforeAll(async () => {
  shop = await shopWithCatalogue(app, database);
});

async function ordersOfBatch(tenantId: number, batchId: number) {
  return withTenant(database.db, tenantId, (tx) =>
    rows<{ row_number: number; n: number }>(
      tx,
      sql`select (o.source_metadata->>'row_number')::int as row_number, count(*)::int as n from orders o
          where o.tenant_id = ${tenantId} and o.source_metadata->>'import_batch_id' = ${String(batchId)}
          group by 1 order by 1`,
    ),
  );
}

describe('importing a 5,000-row .xlsx with 37 bad rows', () => {
  it('completes with 4,963 orders and exactly the 37 errors at their row numbers', async () => {
    const catalogue = await catalogueOf(shop, database);
    // Its own phone seed: a random one matched the next test's (77) once in 90 runs.
    const { rows: sheet, badRows } = importRows({ count: 5000, bad: 37, catalogue, seed: 11 });
    expect(badRows.size).toBe(37);
    const file = path.join(dir, 'orders.xlsx');
    await writeWorkbook(file, [{ name: 'Orders', rows: sheet }]);

    const started = await uploadImport(app, shop.authorization, 'orders.xlsx', await fs.readFile(file));
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({ success: true, total_rows: 5000, message: 'Import started with 5000 rows' });

    const batch = await waitForBatch(shop.api.get, body.batch_id, 120_000);
    expect(batch).toMatchObject({ status: 'completed', total_rows: 5000, success_count: 4963, failed_count: 37 });

    const results = (await shop.api.get(`/dashboard/orders/import/${body.batch_id}/results`)).json();
    expect(results.total_errors).toBe(37);
    expect(results.errors.map((e: { row_number: number }) => e.row_number)).toEqual([...badRows.keys()]);
    for (const error of results.errors as Array<{ row_number: number; error_message: string }>) {
      expect(error.error_message).toContain(badRows.get(error.row_number));
    }

    const created = await ordersOfBatch(shop.tenant.id, body.batch_id);
    expect(created).toHaveLength(4963);
    expect(created.every((r) => r.n === 1)).toBe(true);
    expect(created.some((r) => badRows.has(r.row_number))).toBe(false);
    // The uploaded file is removed once its batch has ended.
    await waitFor(async () => (await fs.readdir(path.join(dir, 'imports'))).length === 0);
  }, 180_000);

  it('creates the orders as the order dialog would: status new, lines, customers, places matched', async () => {
    const catalogue = await catalogueOf(shop, database);
    const { rows: sheet } = importRows({ count: 9, bad: 0, catalogue, seed: 77 });
    const file = path.join(dir, 'places.csv');
    await fs.writeFile(file, sheet.map((r) => r.map((c) => `"${String(c ?? '')}"`).join(',')).join('\r\n'));
    const started = await uploadImport(app, shop.authorization, 'places.csv', await fs.readFile(file));
    expect(started.statusCode).toBe(200);
    const batch = await waitForBatch(shop.api.get, started.json().batch_id);
    expect(batch).toMatchObject({ status: 'completed', success_count: 9, failed_count: 0 });

    const list = (await shop.api.get('/dashboard/orders?tab=inProcess&per_page=100&search=0777000008')).json();
    expect(list.data).toHaveLength(1);
    const order = list.data[0];
    // Row 10 (index 8): wilaya written as the number 16, commune by its alias, the zero restored.
    expect(order).toMatchObject({ customer_phone_1: '0777000008', state_id: 16, city_id: 1602 });
    expect(order.latest_status.status.type).toBe('new');
    expect(order.source_metadata).toMatchObject({ source: 'import', import_batch_id: started.json().batch_id });
    const places = await ordersOfBatch(shop.tenant.id, started.json().batch_id);
    expect(places).toHaveLength(9);
  }, 60_000);
});
