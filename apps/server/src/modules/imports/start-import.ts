import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { m } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { messageBody } from '../../lib/message-body.js';
import { withTenant } from '../../db/tenant-context.js';
import { FILE_REFUSALS, fileLimits, fileRefused, type TFileLimits } from '../../files/file-limits.js';
import { ParseSandboxError, parseSandbox, sandboxRefusal, type ParseSandbox } from '../../files/parse-sandbox.js';
import { storeUpload, type TReceivedUpload } from '../../files/upload-guard.js';
import { precheckXlsx } from '../../files/xlsx-inspection.js';
import { enqueue } from '../../jobs/jobs.js';
import { missingRequiredFields } from './import-columns.js';
import * as repo from './imports.repository.js';

export const missingColumnsMessage = (fields: readonly string[]) =>
  `The file has no column for: ${fields.join(', ')}. Download the template to see the expected columns.`;

export interface TStartImportOptions {
  db: Db;
  tenantId: number;
  userId: number;
  upload: { source: Readable; fileName: string };
  /** Where accepted files wait for their job (under DATA_DIR, so a restart finds them). */
  directory: string;
  limits: Partial<TFileLimits>;
  /** Where the file is parsed; the process's shared sandbox by default. */
  sandbox?: ParseSandbox;
}

/**
 * POST /dashboard/orders/import (SPEC 7): every check that can refuse the file runs before a batch
 * exists (size, type, zip bomb, every dimension, empty, header only, missing columns: a 422 on
 * `file`, no batch left "processing", no file left on disk); then the batch is committed and only
 * then its one job is queued (docs/decisions/0022: never enqueue inside a transaction). Answers at
 * once; the job does the rows. The file is parsed in a sandbox thread (docs/decisions/0036), so
 * neither its CPU nor its memory reaches the event loop other shops' requests run on.
 */
export async function startImport(options: TStartImportOptions) {
  await fs.mkdir(options.directory, { recursive: true });
  const destination = path.join(options.directory, `${options.tenantId}-${crypto.randomBytes(12).toString('hex')}`);
  const received = await storeUpload({ ...options.upload, destination, limits: options.limits });
  let totalRows: number;
  try {
    const { dataRows, headers } = await inspectContent(received, options);
    const missing = missingRequiredFields(headers);
    if (missing.length) throw fileRefused(missingColumnsMessage(missing));
    totalRows = dataRows;
  } catch (error) {
    await fs.rm(received.path, { force: true });
    throw error instanceof ParseSandboxError ? sandboxRefusal(error, received.kind) : error;
  }
  const batch = await withTenant(options.db, options.tenantId, (tx) =>
    repo.insertBatch(tx, options.tenantId, {
      userId: options.userId,
      fileName: options.upload.fileName.slice(0, 255),
      fileKind: received.kind,
      filePath: received.path,
      totalRows,
    }),
  ).catch(async (error: unknown) => {
    await fs.rm(received.path, { force: true });
    throw error;
  });
  await enqueue('orders-import', { tenantId: options.tenantId, batchId: batch.id });
  return {
    success: true,
    ...messageBody(m('import.started', { count: totalRows })),
    batch_id: batch.id,
    total_rows: totalRows,
    batch,
  };
}

/** The content checks: what takes milliseconds on the event loop, the parsing in a sandbox thread. */
async function inspectContent(received: TReceivedUpload, options: TStartImportOptions) {
  // docs/decisions/0020: .xls is not read; saying so needs no thread.
  if (received.kind === 'xls') throw fileRefused(FILE_REFUSALS.xlsUnsupported);
  // A zip bomb is refused from its central directory, before a thread inflates anything.
  if (received.kind === 'xlsx') await precheckXlsx(received.path, fileLimits(options.limits));
  return (options.sandbox ?? parseSandbox).inspect({
    path: received.path,
    kind: received.kind,
    limits: options.limits,
  });
}
