/**
 * The one domain error type (STYLE 5). Only http/error-handler.ts turns codes into HTTP statuses.
 */
export type TErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'invalid_transition'
  | 'insufficient_stock';

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: TErrorCode,
    message: string,
    options: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  static validation(errors: Record<string, string[]>, message?: string): AppError {
    const first = Object.values(errors).flat()[0] ?? 'The given data was invalid.';
    return new AppError('validation', message ?? first, { errors });
  }

  static notFound(what = 'Resource'): AppError {
    return new AppError('not_found', `${what} not found.`);
  }
}
