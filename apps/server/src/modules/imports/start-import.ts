import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { fileRefused, type TFileLimits } from '../../files/file-limits.js';
import { inspectSpreadsheet, openSpreadsheet } from '../../files/spreadsheet-reader.js';
import { receiveUpload } from '../../files/upload-guard.js';
import { enqueue } from '../../jobs/jobs.js';
import { missingRequiredFields } from './import-columns.js';
import * as repo from './imports.repository.js';
import { IMPORT_MESSAGES } from './run-import.js';

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
}

/**
 * POST /dashboard/orders/import (SPEC 7): every check that can refuse the file runs before a batch
 * exists (size, type, zip bomb, empty, header only, missing columns: a 422 on `file`, no batch
 * left "processing"); then the batch is committed and only then its one job is queued
 * (docs/decisions/0022: never enqueue inside a transaction). Answers at once; the job does the rows.
 */
export async function startImport(options: TStartImportOptions) {
  await fs.mkdir(options.directory, { recursive: true });
  const destination = path.join(options.directory, `${options.tenantId}-${crypto.randomBytes(12).toString('hex')}`);
  const received = await receiveUpload({ ...options.upload, destination, limits: options.limits });
  let totalRows: number;
  try {
    const summary = await inspectSpreadsheet({
      path: received.path,
      kind: received.kind,
      limits: options.limits,
      ...(received.xlsx ? { xlsx: received.xlsx } : {}),
    });
    totalRows = summary.dataRows;
    const sheet = await openSpreadsheet({
      path: received.path,
      kind: received.kind,
      limits: options.limits,
      chunkSize: 1,
      ...(received.xlsx ? { xlsx: received.xlsx } : {}),
    });
    await sheet.close();
    const missing = missingRequiredFields(sheet.headers);
    if (missing.length) throw fileRefused(missingColumnsMessage(missing));
  } catch (error) {
    await fs.rm(received.path, { force: true });
    throw error;
  }
  const batch = await withTenant(options.db, options.tenantId, (tx) =>
    repo.insertBatch(tx, options.tenantId, {
      userId: options.userId,
      fileName: options.upload.fileName.slice(0, 255),
      fileKind: received.kind,
      filePath: received.path,
      totalRows,
    }),
  );
  await enqueue('orders-import', { tenantId: options.tenantId, batchId: batch.id });
  return {
    success: true,
    message: IMPORT_MESSAGES.started(totalRows),
    batch_id: batch.id,
    total_rows: totalRows,
    batch,
  };
}
