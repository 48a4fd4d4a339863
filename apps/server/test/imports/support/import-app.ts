import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { withTenant } from '../../../src/db/tenant-context.js';
import { startJobs, stopJobs } from '../../../src/jobs/jobs.js';
import { registerImportWorker } from '../../../src/modules/imports/import-worker.js';
import type { TRunImportOptions } from '../../../src/modules/imports/run-import.js';
import { testSchema, waitFor } from '../../jobs/support/test-queues.js';
import type { TShop } from '../../orders/orders-support.js';
import type { TImportShopCatalogue } from './import-files.js';

/** Background jobs for one test file, on its own pg-boss schema (files share one PostgreSQL). */
export async function startImportJobs(database: Database, options: TRunImportOptions = {}) {
  const schema = testSchema();
  await startJobs(database, { schema, pollingIntervalSeconds: 0.2 });
  await registerImportWorker(database.db, { ...options, resumeProcessing: false });
  afterAll(async () => {
    await stopJobs();
    if (database.kind !== 'pglite') await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
  });
}

export interface TProgress {
  id: number;
  status: string;
  total_rows: number;
  success_count: number;
  failed_count: number;
}

export async function catalogueOf(shop: TShop, database: Database): Promise<TImportShopCatalogue> {
  const [watch] = await withTenant(database.db, shop.tenant.id, (tx) =>
    tx.execute(sql`select sku from products where tenant_id = ${shop.tenant.id} and id = ${shop.watch.id}`),
  ).then((r) => (r as unknown as { rows: Array<{ sku: string }> }).rows);
  const [pen] = await withTenant(database.db, shop.tenant.id, (tx) =>
    tx.execute(sql`select sku from products where tenant_id = ${shop.tenant.id} and id = ${shop.pen.id}`),
  ).then((r) => (r as unknown as { rows: Array<{ sku: string }> }).rows);
  return {
    watchName: shop.watch.name,
    watchSku: watch!.sku,
    shirtName: shop.shirt.name,
    shirtVariantSku: (shop.shirt.variants[0] as unknown as { sku: string }).sku,
    penSku: pen!.sku,
  };
}

/** Polls the progress call as the dialog does until the batch leaves "processing". */
export function waitForBatch(
  get: (url: string) => Promise<{ json(): unknown; statusCode: number }>,
  batchId: number,
  timeoutMs = 60_000,
): Promise<TProgress> {
  return waitFor(async () => {
    const response = await get(`/dashboard/orders/import/${batchId}/progress`);
    const { batch } = response.json() as { batch: TProgress };
    return batch.status === 'processing' ? null : batch;
  }, timeoutMs);
}
