import type { TImportBatch, TImportBatchStatus, TImportRowError, TMessage } from '@cod/shared';
import type { TServerMessage } from '../../lib/server-message';

/** SPEC 3/4: an import batch as the progress call answers it (the server's type, packages/shared). */
export type { TImportBatch };
export type TImportStatus = TImportBatchStatus;

/** A row error of the results, with its message code when the answer carries one (error_codes). */
export interface TImportError extends TImportRowError {
  code?: TMessage;
}

/** The results' row errors joined with their codes (`error_codes[i]` describes `errors[i]`, decision 0041). */
export function rowErrorsOf(results: { errors?: TImportRowError[]; error_codes?: TMessage[] }): TImportError[] {
  return (results.errors ?? []).map((error, index) => ({ ...error, code: results.error_codes?.[index] }));
}

/** SPEC 9: import poll 2 s; error list max 10. */
export const IMPORT_POLL_MS = 2000;
export const MAX_LISTED_ERRORS = 10;

/** SPEC 4: round((success_count + failed_count) / total_rows x 100), 0 when total_rows is missing or zero. */
export function progressPercent(
  batch: { total_rows: number | null; success_count: number; failed_count: number } | null,
) {
  if (!batch?.total_rows) return 0;
  return Math.round(((batch.success_count + batch.failed_count) / batch.total_rows) * 100);
}

export const isFinished = (status: TImportStatus | undefined) =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

/** SPEC 8: the first 10 row errors, and how many more there are. */
export function listedErrors(errors: readonly TImportError[], total = errors.length) {
  const shown = errors.slice(0, MAX_LISTED_ERRORS);
  return { shown, more: Math.max(0, Math.max(total, errors.length) - shown.length) };
}

interface TErrorBody {
  code?: string;
  params?: TServerMessage['params'];
  errors?: Record<string, string[]> | string[];
  error_codes?: Record<string, TServerMessage[]>;
}

/**
 * SPEC 8 import failure: the listed errors, else the message, else 'Import failed' (none: use that),
 * as codes for the translator (docs/decisions/0041). A listed error without its code (the file
 * checks are not coded yet) counts as the answer's own code.
 */
export function importFailureMessages(body: TErrorBody | null | undefined): TServerMessage[] {
  if (body?.error_codes) return Object.values(body.error_codes).flat();
  const listed = Array.isArray(body?.errors) ? body.errors : Object.values(body?.errors ?? {}).flat();
  const own = { code: body?.code, params: body?.params };
  if (listed.length) return listed.map(() => own);
  return body?.code ? [own] : [];
}
