import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { startJobs, stopJobs } from '../../src/jobs/jobs.js';
import { registerImportWorker } from '../../src/modules/imports/import-worker.js';
import { writeWorkbook } from '../files/support/fixtures.js';
import { waitFor } from '../jobs/support/test-queues.js';
import { importRows, uploadImport } from './support/import-files.js';
import { catalogueOf } from './support/import-app.js';
import { afterCrashTests, openCrashScene, spawnFixture } from './support/crash-scene.js';
import { quickImportQueue } from './support/import-queue.js';

// ARCHITECTURE 3.7 / issue 6: a worker killed with SIGKILL in the middle of an import (no finally
// block runs) and a new worker started: the batch ends completed with every row exactly once,
// each valid row one order and each bad row one error, whatever chunk the kill hit.
quickImportQueue();

function startWorker(env: Record<string, string>): { child: ChildProcess; chunks: () => number } {
  const child = spawnFixture('import-worker.ts', env);
  let chunks = 0;
  child.stdout!.on('data', (d: Buffer) => (chunks += (d.toString().match(/chunk \d+/g) ?? []).length));
  return { child, chunks: () => chunks };
}

describe('an import whose worker is killed mid-way', () => {
  it('resumes in the next worker: no row twice, none lost', async () => {
    // 1. Upload through the real route with no worker running in this process.
    const scene = await openCrashScene('import-crash');
    const { schema, dir, dataDir, app, shop } = scene;
    let database = scene.database;
    const { rows: sheet, badRows } = importRows({ count: 3000, bad: 30, catalogue: await catalogueOf(shop, database) });
    const file = path.join(dataDir, 'orders.xlsx');
    await writeWorkbook(file, [{ name: 'Orders', rows: sheet }]);
    const started = await uploadImport(app, shop.authorization, 'orders.xlsx', await fs.readFile(file));
    expect(started.statusCode).toBe(200);
    const batchId = started.json().batch_id as number;
    await scene.handOver();

    // 2. A worker process imports a few chunks and is killed without warning.
    const worker = startWorker({ IMPORT_SCHEMA: schema, IMPORT_PGLITE_DIR: dir });
    await waitFor(async () => worker.chunks() >= 3, 60_000);
    worker.child.kill('SIGKILL');
    await new Promise((resolve) => worker.child.once('exit', resolve));

    // 3. A new worker finishes the batch.
    database = await scene.reopen();
    const tenantId = shop.tenant.id;
    const progress = () =>
      withTenant(database.db, tenantId, (tx) =>
        rows<{ status: string; success_count: number; failed_count: number; last_row: number; total_rows: number }>(
          tx,
          sql`select status, success_count, failed_count, last_row, total_rows from import_batches
              where tenant_id = ${tenantId} and id = ${batchId}`,
        ),
      ).then((r) => r[0]!);
    const killedAt = await progress();
    expect(killedAt.status).toBe('processing');
    expect(killedAt.last_row).toBeGreaterThan(1);
    expect(killedAt.last_row).toBeLessThan(3001);

    await startJobs(database, { schema, pollingIntervalSeconds: 0.2, maintenanceIntervalSeconds: 1 });
    afterCrashTests(() => stopJobs());
    await registerImportWorker(database.db, { resumeProcessing: false, chunkSize: 200 });
    const done = await waitFor(async () => {
      const batch = await progress();
      return batch.status !== 'processing' && batch;
    }, 60_000);
    expect(done).toMatchObject({ status: 'completed', total_rows: 3000, success_count: 2970, failed_count: 30 });

    const perRow = await withTenant(database.db, tenantId, (tx) =>
      rows<{ row_number: number; n: number }>(
        tx,
        sql`select (source_metadata->>'row_number')::int as row_number, count(*)::int as n from orders
            where tenant_id = ${tenantId} and source_metadata->>'import_batch_id' = ${String(batchId)} group by 1`,
      ),
    );
    expect(perRow).toHaveLength(2970);
    expect(perRow.filter((r) => r.n !== 1)).toEqual([]);
    const errors = await withTenant(database.db, tenantId, (tx) =>
      rows<{ row_number: number }>(
        tx,
        sql`select row_number from import_errors where tenant_id = ${tenantId} and batch_id = ${batchId} order by 1`,
      ),
    );
    expect(errors.map((e) => e.row_number)).toEqual([...badRows.keys()]);
    const imported = new Set([...perRow.map((r) => r.row_number), ...errors.map((e) => e.row_number)]);
    expect(imported.size).toBe(3000);
  }, 150_000);
});
