import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import { enqueue, work } from '../../jobs/jobs.js';
import * as repo from './imports.repository.js';
import { runImport, type TRunImportOptions } from './run-import.js';

/**
 * Runs the orders-import queue in this process (main.ts, after startJobs). Batches still
 * processing are queued again: a job lost between the batch's commit and its enqueue, or dropped
 * with a dead database, would otherwise leave a batch processing for ever. The queue's singleton
 * key makes a second job for a batch that already has one a no-op (docs/decisions/0022).
 */
export async function registerImportWorker(
  db: Db,
  options: TRunImportOptions & { resumeProcessing?: boolean } = {},
): Promise<void> {
  const { resumeProcessing = true, ...run } = options;
  await work('orders-import', (job) => runImport(db, job, run));
  // Tests share one PostgreSQL between files, each with its own queue: they leave this off.
  if (!resumeProcessing) return;
  const waiting = await withSystem(db, (tx) => repo.processingBatches(tx));
  for (const batch of waiting) await enqueue('orders-import', { tenantId: batch.tenant_id, batchId: batch.id });
}
