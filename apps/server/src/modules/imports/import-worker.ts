import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import { enqueue, jobStatesByKey, work } from '../../jobs/jobs.js';
import { importSingletonKey } from '../../jobs/queues.js';
import { withBoundedHeapGrowth } from '../../lib/heap-growth.js';
import * as repo from './imports.repository.js';
import { abandonImport, runImport, type TRunImportOptions } from './run-import.js';

/**
 * Runs the orders-import queue in this process (main.ts, after startJobs), and its dead letters:
 * a job that failed for good fails its batch. Then resumes the batches still processing
 * (resumeImports).
 */
export async function registerImportWorker(
  db: Db,
  options: TRunImportOptions & { resumeProcessing?: boolean } = {},
): Promise<void> {
  const { resumeProcessing = true, ...run } = options;
  // Decision 0123: an import's garbage is collected as it goes, not left to grow the heap.
  await work('orders-import', (job) => withBoundedHeapGrowth(() => runImport(db, job, run)));
  await work('orders-import-abandoned', (job) => abandonImport(db, job.data));
  // Tests share one PostgreSQL between files, each with its own queue: they leave this off.
  if (resumeProcessing) await resumeImports(db);
}

const LIVE_STATES = new Set(['created', 'retry', 'active']);

/**
 * Batches still processing at start-up: a batch whose job is waiting, retrying or running is left
 * to it; one whose job failed for good is failed (its last attempt died with a previous process, so
 * no dead letter may have run); one with no job (lost between the batch's commit and its enqueue,
 * or dropped with a dead database) is queued. Never a fresh job beside a failed one: its attempts
 * would start over, and a file that kills its process would crash-loop the server
 * (docs/decisions/0036). `tenantIds` narrows it to some shops (tests).
 */
export async function resumeImports(db: Db, scope: { tenantIds?: readonly number[] } = {}): Promise<void> {
  const processing = await withSystem(db, (tx) => repo.processingBatches(tx));
  const batches = processing
    .filter((b) => !scope.tenantIds || scope.tenantIds.includes(b.tenant_id))
    .map((b) => ({ tenantId: b.tenant_id, batchId: b.id }));
  const states = await jobStatesByKey('orders-import', batches.map(importSingletonKey));
  for (const batch of batches) {
    const jobs = states.get(importSingletonKey(batch)) ?? [];
    if (jobs.some((state) => LIVE_STATES.has(state))) continue;
    if (jobs.includes('failed')) await abandonImport(db, batch);
    else await enqueue('orders-import', batch);
  }
}
