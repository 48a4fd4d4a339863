import { sql } from 'drizzle-orm';
import type { TImportBatch, TImportBatchStatus, TImportRowError, TMessage } from '@cod/shared';
import { firstRow, rows, type Tx } from '../../db/client.js';
import type { TTemplateProduct } from '../../files/import-template.js';

export type { TImportBatch };

/** A row error as stored: SPEC 8's English and its message for the web (decision 0041, migration 0017). */
export interface TRowErrorRecord extends TImportRowError, TMessage {}

const errorsJson = (errors: readonly TRowErrorRecord[]) => JSON.stringify(errors);

/** What the job needs beyond the public fields. */
export interface TImportBatchRecord extends TImportBatch {
  user_id: number;
  file_kind: 'xlsx' | 'xls' | 'csv';
  file_path: string;
  last_row: number;
}

const PUBLIC = sql`id, status, total_rows, success_count, failed_count, file_name, error_message,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as finished_at`;

export async function insertBatch(
  tx: Tx,
  tenantId: number,
  values: { userId: number; fileName: string; fileKind: string; filePath: string; totalRows: number },
): Promise<TImportBatch> {
  const [row] = await rows<TImportBatch>(
    tx,
    sql`insert into import_batches (tenant_id, user_id, file_name, file_kind, file_path, total_rows)
        values (${tenantId}, ${values.userId}, ${values.fileName}, ${values.fileKind}, ${values.filePath},
          ${values.totalRows})
        returning ${PUBLIC}`,
  );
  return row!;
}

export async function findBatch(tx: Tx, tenantId: number, id: number): Promise<TImportBatch | undefined> {
  return firstRow<TImportBatch>(
    tx,
    sql`select ${PUBLIC} from import_batches where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/** The batch under a row lock: the job's chunks and a cancel queue on it, so neither misses the other. */
export async function lockBatch(tx: Tx, tenantId: number, id: number): Promise<TImportBatchRecord | undefined> {
  return firstRow<TImportBatchRecord>(
    tx,
    sql`select ${PUBLIC}, user_id, file_kind, file_path, last_row from import_batches
        where tenant_id = ${tenantId} and id = ${id} for update`,
  );
}

/** SPEC 4: only a processing batch can be cancelled; answers whether this call cancelled it. */
export async function cancelBatch(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update import_batches set status = 'cancelled', updated_at = now(), finished_at = now()
        where tenant_id = ${tenantId} and id = ${id} and status = 'processing' returning id`,
  );
  return changed.length > 0;
}

/**
 * The batch under its row lock at the start of a chunk's transaction (the job's chunks and a
 * cancel queue on it, so neither misses the other), with the rows of the chunk that already made
 * an order (import_rows): the guard that no row is ever imported twice.
 */
export async function lockChunk(tx: Tx, tenantId: number, id: number, range: { first: number; last: number }) {
  return firstRow<{ status: TImportBatchStatus; last_row: number; done: number[] }>(
    tx,
    sql`select b.status, b.last_row,
          array(select r.row_number from import_rows r where r.tenant_id = b.tenant_id and r.batch_id = b.id
            and r.row_number between ${range.first} and ${range.last}) as done
        from import_batches b where b.tenant_id = ${tenantId} and b.id = ${id} for update`,
  );
}

/** The rows of a chunk that made an order: the guard that keeps a re-run chunk from importing a row twice. */
export async function insertImportRows(
  tx: Tx,
  tenantId: number,
  batchId: number,
  created: ReadonlyArray<{ id: number; row_number: number }>,
): Promise<void> {
  if (!created.length) return;
  await tx.execute(
    sql`insert into import_rows (tenant_id, batch_id, row_number, order_id)
        select ${tenantId}, ${batchId}, x.row_number, x.id
        from jsonb_to_recordset(${JSON.stringify(created)}::jsonb) as x(id int, row_number int)`,
  );
}

/** A chunk's row errors and counts, in one statement (the chunk's last write before commit). */
export async function recordChunk(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { succeeded: number; errors: readonly TRowErrorRecord[]; lastRow: number },
): Promise<void> {
  await tx.execute(
    sql`with e as (${insertErrorsSql(tenantId, id, values.errors)})
        update import_batches set success_count = success_count + ${values.succeeded},
          failed_count = failed_count + ${values.errors.length}, last_row = ${values.lastRow}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/**
 * Ends a processing batch. A completed batch's total_rows becomes the rows actually read (the
 * upload's count of an .xlsx is an estimate, docs/decisions/0020), so its progress ends at 100 %.
 */
export async function finishBatch(
  tx: Tx,
  tenantId: number,
  id: number,
  outcome: { status: 'completed' | 'failed'; errorMessage?: string },
): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update import_batches set status = ${outcome.status}, error_message = ${outcome.errorMessage ?? null},
          total_rows = case when ${outcome.status} = 'completed' then success_count + failed_count else total_rows end,
          updated_at = now(), finished_at = now()
        where tenant_id = ${tenantId} and id = ${id} and status = 'processing' returning id`,
  );
  return changed.length > 0;
}

export async function insertErrors(
  tx: Tx,
  tenantId: number,
  batchId: number,
  errors: readonly TRowErrorRecord[],
): Promise<void> {
  if (!errors.length) return;
  await tx.execute(insertErrorsSql(tenantId, batchId, errors));
}

const insertErrorsSql = (tenantId: number, batchId: number, errors: readonly TRowErrorRecord[]) =>
  sql`insert into import_errors (tenant_id, batch_id, row_number, error_message, error_code, error_params)
      select ${tenantId}, ${batchId}, x.row_number, x.error_message, x.code, x.params
      from jsonb_to_recordset(${errorsJson(errors)}::jsonb) as x(row_number int, error_message text, code text, params jsonb)
      on conflict do nothing`;

/**
 * SPEC 7 results: the row errors in row order (at most `limit`), and how many there are. A row
 * stored before its code was (migration 0017) reads as the validation kind.
 */
export async function listErrors(tx: Tx, tenantId: number, batchId: number, limit: number) {
  const errors = await rows<TRowErrorRecord>(
    tx,
    sql`select row_number, error_message, coalesce(error_code, 'validation') as code,
          coalesce(error_params, '{}'::jsonb) as params
        from import_errors where tenant_id = ${tenantId} and batch_id = ${batchId}
        order by row_number limit ${limit}`,
  );
  const [count] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from import_errors where tenant_id = ${tenantId} and batch_id = ${batchId}`,
  );
  return { errors, total: count?.n ?? 0 };
}

/** Every processing batch of every shop, for re-queuing at start (their job may have been lost). */
export async function processingBatches(tx: Tx): Promise<Array<{ tenant_id: number; id: number }>> {
  return rows(tx, sql`select tenant_id, id from import_batches where status = 'processing' order by tenant_id, id`);
}

/** The files of every shop's processing batches: the uploads still needed. */
export async function processingFiles(tx: Tx): Promise<string[]> {
  const found = await rows<{ file_path: string }>(
    tx,
    sql`select file_path from import_batches where status = 'processing'`,
  );
  return found.map((r) => r.file_path);
}

/** The template's product list: live, active, and only those the user may sell (issue 3.2). */
export async function templateProducts(tx: Tx, tenantId: number, userId: number) {
  const found = await rows<TTemplateProduct & { id: number; custom_fields: Array<{ label: string }> }>(
    tx,
    sql`select p.id, p.name, p.sku, p.price::float8 as price, p.custom_fields,
          (select coalesce(json_agg(json_build_object('name', v.name, 'sku', v.sku, 'price', v.price::float8)
             order by v.position, v.id), '[]') from product_variants v
           where v.tenant_id = p.tenant_id and v.product_id = p.id and v.archived_at is null) as variants
        from products p
        where p.tenant_id = ${tenantId} and p.active and p.archived_at is null
          and (not exists (select 1 from user_product_scopes s where s.tenant_id = ${tenantId} and s.user_id = ${userId})
            or p.id in (select product_id from user_product_permissions where tenant_id = ${tenantId} and user_id = ${userId}))
        order by p.name, p.id`,
  );
  const labels = [...new Set(found.flatMap((p) => p.custom_fields.map((f) => f.label)))];
  return {
    products: found.map(({ name, sku, price, variants }) => ({ name, sku, price, variants })),
    customFields: labels,
  };
}
