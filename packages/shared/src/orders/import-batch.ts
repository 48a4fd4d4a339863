import type { TMessage } from '../messages/message.js';

/** SPEC 3/4: the states of an import batch. */
export type TImportBatchStatus = 'processing' | 'completed' | 'failed' | 'cancelled';

/** SPEC 3 import batch as the progress call answers it (SPEC 7); the server's and the web's one type. */
export interface TImportBatch {
  id: number;
  status: TImportBatchStatus;
  total_rows: number;
  success_count: number;
  failed_count: number;
  file_name: string;
  error_message: string | null;
  created_at: string;
  finished_at: string | null;
}

/** SPEC 7 results: one row's error, SPEC 8's English (row 0: the whole file's). */
export interface TImportRowError {
  row_number: number;
  error_message: string;
}

/** GET /dashboard/orders/import/:batchId/progress. */
export interface TImportProgressResponse {
  success: boolean;
  batch: TImportBatch;
}

/**
 * GET /dashboard/orders/import/:batchId/results: the row errors in row order, and beside them
 * (`error_codes[i]` describes `errors[i]`, as an error body's error_codes do, decision 0041) their
 * codes for the web to translate.
 */
export interface TImportResultsResponse extends TImportProgressResponse {
  errors: TImportRowError[];
  error_codes: TMessage[];
  total_errors: number;
}
