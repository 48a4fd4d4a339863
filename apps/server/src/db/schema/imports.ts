import { integer, jsonb, text } from 'drizzle-orm/pg-core';

// Issue 6 tables; the SQL (keys, checks, RLS) is migrations/0007_imports.sql.

import type { TImportBatchStatus } from '@cod/shared';
import { createdAt, keyedTable, tenantTable, timestamps, ts, type TColumns } from './columns.js';

/** SPEC 4: an import batch's states (one type with the web, packages/shared). */
export type { TImportBatchStatus };

export const importBatches = tenantTable('import_batches', {
  userId: integer('user_id').notNull(),
  status: text('status').$type<TImportBatchStatus>().notNull(),
  fileName: text('file_name').notNull(),
  fileKind: text('file_kind').$type<'xlsx' | 'xls' | 'csv'>().notNull(),
  filePath: text('file_path').notNull(),
  totalRows: integer('total_rows').notNull(),
  successCount: integer('success_count').notNull(),
  failedCount: integer('failed_count').notNull(),
  lastRow: integer('last_row').notNull(),
  errorMessage: text('error_message'),
  ...timestamps(),
  finishedAt: ts('finished_at'),
});

/** A table of one row per row of an import file: keyed by its batch and row number. */
const batchRowTable = <N extends string, C extends TColumns>(name: N, columns: C) =>
  keyedTable(name, ['batchId', 'rowNumber'], {
    batchId: integer('batch_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    ...columns,
  });

export const importErrors = batchRowTable('import_errors', {
  errorMessage: text('error_message').notNull(),
  errorCode: text('error_code'),
  errorParams: jsonb('error_params'),
});

export const importRows = batchRowTable('import_rows', {
  orderId: integer('order_id').notNull(),
});

export const downloadLinks = tenantTable('download_links', {
  userId: integer('user_id').notNull(),
  /** The auth token (session) that made the link: logging it out ends the link (0009). */
  tokenId: integer('token_id').notNull(),
  keyHash: text('key_hash').notNull(),
  kind: text('kind').$type<'orders-pdf' | 'parcel-ticket'>().notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});
