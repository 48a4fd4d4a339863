import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { tempDir } from '../files/support/fixtures.js';
import { waitFor } from '../jobs/support/test-queues.js';
import { shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { openTestApp } from '../support/test-db.js';
import { importRows, uploadImport } from './support/import-files.js';
import { catalogueOf, startImportJobs, type TProgress, waitForBatch } from './support/import-app.js';

// SPEC 4: Cancel Import stops the job between chunks and keeps what was committed; the counts
// then match exactly the orders and errors that exist, and never move again.
const dir = tempDir();
const { app, database } = await openTestApp({ DATA_DIR: dir });
await startImportJobs(database, {
  chunkSize: 100,
  afterChunk: () => new Promise((resolve) => setTimeout(resolve, 150)),
});
let shop: TShop;

beforeAll(async () => {
  shop = await shopWithCatalogue(app, database);
});

const progressOf = async (batchId: number) =>
  ((await shop.api.get(`/dashboard/orders/import/${batchId}/progress`)).json() as { batch: TProgress }).batch;

describe('cancelling an import mid-way', () => {
  it('stops between chunks and keeps a count consistent with what was imported', async () => {
    const { rows: sheet } = importRows({ count: 3000, bad: 30, catalogue: await catalogueOf(shop, database) });
    const file = path.join(dir, 'orders.csv');
    await fs.writeFile(file, sheet.map((r) => r.map((c) => `"${String(c ?? '')}"`).join(',')).join('\n'));
    const started = await uploadImport(app, shop.authorization, 'orders.csv', await fs.readFile(file));
    const batchId = started.json().batch_id as number;

    await waitFor(async () => {
      const batch = await progressOf(batchId);
      return batch.success_count + batch.failed_count >= 300;
    }, 30_000);
    const cancel = await shop.api.post(`/dashboard/orders/import/${batchId}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ success: true, cancelled: true, batch: { status: 'cancelled' } });

    const batch = await waitForBatch(shop.api.get, batchId);
    expect(batch.status).toBe('cancelled');
    expect(batch.total_rows).toBe(3000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const settled = await progressOf(batchId);
    expect(settled).toEqual(batch);
    expect(settled.success_count + settled.failed_count).toBeLessThan(3000);
    // Whole chunks only: the job commits 100 rows at a time.
    expect((settled.success_count + settled.failed_count) % 100).toBe(0);

    const [counts] = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ orders: number; errors: number }>(
        tx,
        sql`select (select count(*)::int from orders where tenant_id = ${shop.tenant.id}
                      and source_metadata->>'import_batch_id' = ${String(batchId)}) as orders,
                   (select count(*)::int from import_errors where tenant_id = ${shop.tenant.id}
                      and batch_id = ${batchId}) as errors`,
      ),
    );
    expect(counts).toEqual({ orders: settled.success_count, errors: settled.failed_count });
    const results = (await shop.api.get(`/dashboard/orders/import/${batchId}/results`)).json();
    expect(results.errors).toHaveLength(settled.failed_count);

    // The job stopped and let go of the file.
    await waitFor(async () => (await fs.readdir(path.join(dir, 'imports'))).length === 0);
    // A second cancel changes nothing.
    expect((await shop.api.post(`/dashboard/orders/import/${batchId}/cancel`)).json()).toMatchObject({
      cancelled: false,
      batch: { status: 'cancelled' },
    });
  }, 60_000);
});
