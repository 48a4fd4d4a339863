import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { IMPORT_MESSAGES } from '../../src/modules/imports/run-import.js';
import { catalogueOf } from './support/import-app.js';
import { importRows, uploadImport } from './support/import-files.js';
import { openCrashScene, spawnFixture } from './support/crash-scene.js';
import { quickImportQueue } from './support/import-queue.js';

// The hardening issue, part 1: an import that kills its server used to be retried after every
// restart, for ever (each start queued a fresh job for the batch, its attempts counting from one).
// Here every run of the job kills the process; each new process is a restart. The attempt that
// was running when its process died counts, and once the retries are used up the batch is failed
// with a clear message instead of being queued again.
const RETRY_LIMIT = 1;
// A 5 s heartbeat window: PGlite's one connection can hold a heartbeat behind a chunk for a
// couple of seconds on a busy machine, and an expiry would be an attempt of its own.
quickImportQueue({ retryLimit: RETRY_LIMIT, heartbeatTimeoutSeconds: 5 });

/** One server process: answers how it ended (killed by its import, or done with the batch's status). */
function runServer(env: Record<string, string>): Promise<{ killed: boolean; output: string }> {
  const child = spawnFixture('dying-import-worker.ts', env);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', output });
    }),
  );
}

describe('an import that kills its server every time', () => {
  it('is failed after its retries, across restarts, instead of crash-looping', async () => {
    const scene = await openCrashScene('import-loop');
    const { schema, dir, dataDir, app, shop } = scene;
    let database = scene.database;
    const { rows: sheet } = importRows({ count: 600, bad: 0, catalogue: await catalogueOf(shop, database) });
    const csv = sheet
      .map((row) => row.map((cell) => `"${String(cell ?? '').replace(/"/g, '""')}"`).join(','))
      .join('\r\n');
    const started = await uploadImport(app, shop.authorization, 'orders.csv', Buffer.from(csv));
    expect(started.statusCode).toBe(200);
    const batchId = started.json().batch_id as number;
    await scene.handOver();

    const env = {
      IMPORT_SCHEMA: schema,
      IMPORT_PGLITE_DIR: dir,
      IMPORT_TENANT: String(shop.tenant.id),
      IMPORT_BATCH: String(batchId),
      IMPORT_RETRY_LIMIT: String(RETRY_LIMIT),
    };
    const runs: Array<{ killed: boolean; output: string }> = [];
    // At most RETRY_LIMIT + 1 attempts, each killing a process; then a start fails the batch.
    // (An attempt whose heartbeat lapsed counts too, so there may be fewer kills.) More starts
    // than that would mean it is looping.
    while (runs.length < RETRY_LIMIT + 4) {
      const run = await runServer(env);
      runs.push(run);
      if (!run.killed) break;
      expect(run.output).toContain('dying');
    }
    const kills = runs.filter((r) => r.killed).length;
    expect(kills).toBeGreaterThanOrEqual(1);
    expect(kills).toBeLessThanOrEqual(RETRY_LIMIT + 1);
    expect(runs.at(-1)).toMatchObject({ killed: false, output: expect.stringContaining('batch failed') });

    database = await scene.reopen();
    const [batch] = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ status: string; error_message: string; success_count: number }>(
        tx,
        sql`select status, error_message, success_count from import_batches
            where tenant_id = ${shop.tenant.id} and id = ${batchId}`,
      ),
    );
    expect(batch).toMatchObject({ status: 'failed', error_message: IMPORT_MESSAGES.stopped });
    // Each attempt committed a chunk before dying: those orders are kept (SPEC 4).
    expect(batch!.success_count).toBeGreaterThanOrEqual(100);
    expect(await fs.readdir(path.join(dataDir, 'imports'))).toEqual([]);
  }, 150_000);
});
