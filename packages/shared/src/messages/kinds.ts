/**
 * The kinds of error (the HTTP status follows the kind). An error without a specific message has
 * its kind as `code`; the web shows the kind's generic sentence then.
 */
export const ERROR_KINDS = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'invalid_transition',
  'insufficient_stock',
  'payment_required',
  // The server could not take the request in time (no database connection free): try again.
  'unavailable',
  'internal',
] as const;
export type TErrorKind = (typeof ERROR_KINDS)[number];
