import fs from 'node:fs/promises';
import { englishOf, m, type TMessage } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { isFileRefusal, type TSpreadsheetKind } from '../../files/file-limits.js';
import { ParseSandboxError, parseSandbox, sandboxRefusal, type ParseSandbox } from '../../files/parse-sandbox.js';
import type { TSheetRow, TSpreadsheet } from '../../files/spreadsheet-reader.js';
import type { TJob } from '../../jobs/jobs.js';
import { queueDefinition } from '../../jobs/queues.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { foldCountsAfterBulk } from '../orders/create-orders-in-bulk.js';
import { loadImportSetup, type TImportSetup } from './import-context.js';
import { insertImportedOrders, type TValidRow } from './import-orders.js';
import { importRow, rowError } from './import-row.js';
import * as repo from './imports.repository.js';
import { splitByOrderQuota } from '../subscriptions/plan-limits.js';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.js';

export const IMPORT_MESSAGES = {
  started: (rows: number) => `Import started with ${rows} rows`,
  completed: (count: number) => `Import completed! ${count} orders processed successfully.`,
  stopped: englishOf(m('import.abandoned')),
} as const;

/** How a batch failed for good: SPEC 8's English and its message for the web (row 0 of its errors). */
type TFailure = { message: string; code: TMessage };
const ABANDONED: TFailure = { message: IMPORT_MESSAGES.stopped, code: { code: 'import.abandoned', params: {} } };

export interface TRunImportOptions {
  /** Rows per transaction (ARCHITECTURE 3.7: a chunk is the unit that commits, and resumes). */
  chunkSize?: number;
  /** Tests and the crash fixture: a pause after each committed chunk. */
  afterChunk?: (info: { batchId: number; lastRow: number }) => Promise<void> | void;
  /** Where the file is read; the process's shared sandbox by default. */
  sandbox?: ParseSandbox;
}

type TChunkOutcome = 'continue' | 'stop';

/**
 * The orders-import job (issue 6): reads the batch's file streamed, chunk by chunk; each row is
 * checked by the order dialog's rules (import-row.ts); a chunk's orders, row errors, counts and
 * last_row commit together, so a crash anywhere resumes after the last committed chunk with no row
 * twice and none lost, and a cancel (which waits for the chunk's lock) stops before the next one.
 * The file is read in a sandbox thread: a file that breaks a limit, or needs more memory or time
 * than the thread has, fails the batch at once with its reason (retrying could only fail again);
 * a thread that died otherwise is retried like any error, and the last attempt fails the batch.
 */
export async function runImport(
  db: Db,
  job: TJob<{ tenantId: number; batchId: number }>,
  options: TRunImportOptions = {},
) {
  const { tenantId, batchId } = job.data;
  const batch = await withTenant(db, tenantId, (tx) => repo.lockBatch(tx, tenantId, batchId));
  if (!batch) return;
  if (batch.status !== 'processing') return removeFile(batch.file_path);

  let sheet: TSpreadsheet;
  try {
    sheet = await (options.sandbox ?? parseSandbox).open({
      path: batch.file_path,
      kind: batch.file_kind,
      chunkSize: options.chunkSize ?? 1000,
      skipThroughRow: batch.last_row,
    });
  } catch (error) {
    const failure = fileFailure(error, batch.file_kind);
    if (!failure) throw error;
    return finish(db, tenantId, batch, { status: 'failed', failure });
  }
  let lastRow = batch.last_row;
  let stopped = false;
  try {
    const setup = await withTenant(db, tenantId, (tx) => loadImportSetup(tx, tenantId, batch.user_id, sheet.headers));
    for await (const { chunk, checked } of checkedChunks(sheet, setup)) {
      job.signal.throwIfAborted();
      const outcome = await commitChunk(db, { setup, batch, chunk, checked, expectedLastRow: lastRow });
      if (outcome === 'stop') {
        stopped = true;
        break;
      }
      lastRow = chunk.at(-1)!.rowNumber;
      await options.afterChunk?.({ batchId, lastRow });
    }
  } catch (error) {
    const failure = fileFailure(error, batch.file_kind);
    if (failure) return finish(db, tenantId, batch, { status: 'failed', failure });
    if (job.signal.aborted || job.attempt <= queueDefinition('orders-import').retryLimit) throw error;
    // The last attempt: the batch must not stay "processing" for ever (SPEC 4 states).
    return finish(db, tenantId, batch, { status: 'failed', failure: ABANDONED });
  } finally {
    await sheet.close();
  }
  if (!stopped) return finish(db, tenantId, batch, { status: 'completed' });
  // Cancelled: the file has served. Taken over by another worker: that worker still needs it.
  const now = await withTenant(db, tenantId, (tx) => repo.findBatch(tx, tenantId, batchId));
  if (now?.status !== 'processing') await removeFile(batch.file_path);
}

/**
 * The batch of an import job that failed for good (its dead letter, or found failed at start-up:
 * the last attempt died with its process): failed with IMPORT_MESSAGES.stopped, never queued
 * again, so a file that kills its worker cannot loop for ever.
 */
export async function abandonImport(db: Db, data: { tenantId: number; batchId: number }): Promise<void> {
  const batch = await withTenant(db, data.tenantId, (tx) => repo.lockBatch(tx, data.tenantId, data.batchId));
  if (batch?.status !== 'processing') return;
  await finish(db, data.tenantId, batch, { status: 'failed', failure: ABANDONED });
}

type TCheckedRow = { row: TSheetRow; result: ReturnType<typeof importRow> };

/**
 * The file's chunks, each row already checked, one chunk read ahead: the next chunk is read and
 * checked while the current one's transaction waits on the database (the import's two halves,
 * CPU and database, overlap on a 2-core machine).
 */
async function* checkedChunks(sheet: TSpreadsheet, setup: TImportSetup) {
  const chunks = sheet.chunks()[Symbol.asyncIterator]();
  const read = () =>
    chunks
      .next()
      .then((next) =>
        next.done
          ? null
          : { chunk: next.value, checked: next.value.map((row) => ({ row, result: importRow(row, setup.context) })) },
      );
  let ahead = read();
  try {
    for (;;) {
      const current = await ahead;
      if (!current) return;
      ahead = read();
      // Stopping early (cancel, error) leaves the read-ahead unobserved: it must not become an unhandled rejection.
      ahead.catch(() => undefined);
      yield current;
    }
  } finally {
    await chunks.return?.(undefined).catch(() => undefined);
  }
}

async function commitChunk(
  db: Db,
  work: {
    setup: TImportSetup;
    batch: repo.TImportBatchRecord;
    chunk: TSheetRow[];
    checked: TCheckedRow[];
    expectedLastRow: number;
  },
): Promise<TChunkOutcome> {
  const { setup, batch, chunk, checked } = work;
  const { tenantId } = setup.actor;
  return withTenantEvents(db, tenantId, async (tx, events) => {
    const locked = await repo.lockChunk(tx, tenantId, batch.id, {
      first: chunk[0]!.rowNumber,
      last: chunk.at(-1)!.rowNumber,
    });
    // Cancelled meanwhile (SPEC 4: cancel keeps what was committed), or another worker took over.
    if (!locked || locked.status !== 'processing' || locked.last_row !== work.expectedLastRow) return 'stop';
    const done = new Set(locked.done);
    const valid: TValidRow[] = [];
    const errors: repo.TRowErrorRecord[] = [];
    for (const { row, result } of checked) {
      if (done.has(row.rowNumber)) continue;
      if (result.ok) valid.push({ rowNumber: row.rowNumber, input: result.input });
      else errors.push({ row_number: row.rowNumber, error_message: result.message, ...result.code });
    }
    // Issue 19: rows past the plan's monthly quota are refused as row errors (decision 0064).
    const quota = await splitByOrderQuota(tx, tenantId, valid);
    // (A token or English: rowError gives both the English and, for a token, its code.)
    const refusedRow = rowError([quota.message]);
    errors.push(
      ...quota.refused.map((row) => ({
        row_number: row.rowNumber,
        error_message: refusedRow.message,
        ...refusedRow.code,
      })),
    );
    const created = await insertImportedOrders(tx, setup, { id: batch.id, fileName: batch.file_name }, quota.allowed);
    await repo.recordChunk(tx, tenantId, batch.id, {
      succeeded: created.length,
      errors,
      lastRow: chunk.at(-1)!.rowNumber,
    });
    if (created.length) {
      // One event per chunk, not per row: the screens refresh once and say "N new orders" once.
      events.emit({
        type: 'OrderCreated',
        tenantId,
        payload: {
          change: 'created',
          import_batch_id: batch.id,
          orders: created.map((o) => ({
            id: o.id,
            order_number: o.order_number,
            agent_id: setup.actor.seesAll ? null : setup.actor.userId,
            status: setup.status,
          })),
        },
      });
    }
    return 'continue';
  });
}

/** The batch's error when its file can never be read: a rule of file-limits.ts, or the sandbox's memory or time. */
function fileFailure(error: unknown, kind: TSpreadsheetKind): TFailure | null {
  const refusal = isFileRefusal(error)
    ? error
    : error instanceof ParseSandboxError && error.failure !== 'crash'
      ? sandboxRefusal(error, kind)
      : null;
  if (!refusal) return null;
  return { message: refusal.message, code: { code: refusal.messageCode ?? refusal.code, params: refusal.params } };
}

async function finish(
  db: Db,
  tenant: number,
  batch: repo.TImportBatchRecord,
  outcome: { status: 'completed' } | { status: 'failed'; failure: TFailure },
): Promise<void> {
  const failure = outcome.status === 'failed' ? outcome.failure : undefined;
  await withTenantEvents(db, tenant, async (tx, events) => {
    if (!(await repo.finishBatch(tx, tenant, batch.id, { status: outcome.status, errorMessage: failure?.message }))) {
      return;
    }
    if (failure) {
      await repo.insertErrors(tx, tenant, batch.id, [
        { row_number: 0, error_message: failure.message, ...failure.code },
      ]);
    }
    const done = await repo.findBatch(tx, tenant, batch.id);
    // Issue 15.7: outbound webhooks, in this transaction (docs/decisions/0089).
    await emitWebhookEvent(tx, tenant, 'import.finished', {
      batch_id: batch.id,
      status: outcome.status,
      success_count: done?.success_count ?? 0,
      failed_count: done?.failed_count ?? 0,
    });
    if (outcome.status === 'completed' && done) {
      events.emit({
        type: 'Notification',
        tenantId: tenant,
        userId: batch.user_id,
        payload: {
          kind: 'import_finished',
          params: { count: done.success_count, failed: done.failed_count, batch_id: batch.id },
          message: IMPORT_MESSAGES.completed(done.success_count),
        },
      });
    }
  });
  await foldCountsAfterBulk(db, tenant);
  await removeFile(batch.file_path);
}

async function removeFile(filePath: string): Promise<void> {
  await fs.rm(filePath, { force: true });
}
