import {
  encodeMessage,
  isMessageCode,
  m,
  readMessage,
  type TMessage,
  type TMessageCode,
  type TMessageParamValues,
} from '@cod/shared';

/**
 * The one domain error type (STYLE 5). Only http/error-handler.ts turns kinds into HTTP statuses.
 */
export type TErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'invalid_transition'
  | 'insufficient_stock'
  | 'payment_required'
  // The server is too loaded to take the request now (docs/decisions/0136, 0144): try again.
  | 'unavailable';

/**
 * What AppError says: a catalogue token (`m('order.not_editable')`, packages/shared/src/messages),
 * rendered to SPEC 8's English with its code and params. Plain English is the fallback of code not
 * yet converted (docs/decisions/0041): its code is then the kind, and the web shows the kind's sentence.
 */
export type TErrorText = string;

const NOT_FOUND = {
  Resource: 'resource.not_found',
  Order: 'order.not_found',
  Product: 'product.not_found',
  Provider: 'provider.not_found',
  Customer: 'customer.not_found',
  'Sales channel': 'sales_channel.not_found',
  User: 'user.not_found',
  Status: 'status.not_found',
  State: 'state.not_found',
  File: 'file.not_found',
  Import: 'import.not_found',
  'Shipping company': 'shipping_company.not_found',
  'Parcel ticket': 'shipping.ticket_not_found',
} as const satisfies Record<string, TMessageCode>;

export type TNotFoundSubject = keyof typeof NOT_FOUND;

/** The error body of SPEC 8 (ARCHITECTURE 3.5), see TValidationErrorBody in packages/shared. */
export interface TErrorBody {
  message: string;
  code: string;
  params?: TMessageParamValues;
  errors?: Record<string, string[]>;
  error_codes?: Record<string, TMessage[]>;
}

export class AppError extends Error {
  /** The kind of error: the HTTP status follows it. */
  readonly code: TErrorCode;
  /** The catalogue code of `message`; undefined when the message has none (then the kind stands in). */
  readonly messageCode: TMessageCode | undefined;
  readonly params: TMessageParamValues;
  /** Per-field English messages (SPEC 8's `errors`). */
  readonly errors: Record<string, string[]> | undefined;
  /** The code of each message of `errors`, index for index; undefined when none has one. */
  readonly errorCodes: Record<string, TMessage[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: TErrorCode,
    message: TErrorText,
    options: { errors?: Record<string, readonly TErrorText[]>; headers?: Record<string, string> } = {},
  ) {
    const read = readMessage(message);
    super(read?.message ?? message);
    this.code = code;
    this.messageCode = read?.code as TMessageCode | undefined;
    this.params = read?.params ?? {};
    this.headers = options.headers;
    if (!options.errors) return;
    const errors: Record<string, string[]> = {};
    const errorCodes: Record<string, TMessage[]> = {};
    let coded = false;
    for (const [field, texts] of Object.entries(options.errors)) {
      errors[field] = [];
      errorCodes[field] = [];
      for (const text of texts) {
        const entry = readMessage(text);
        coded ||= entry !== null;
        errors[field].push(entry?.message ?? text);
        errorCodes[field].push(entry ? { code: entry.code, params: entry.params } : { code, params: {} });
      }
    }
    this.errors = errors;
    this.errorCodes = coded ? errorCodes : undefined;
  }

  static validation(errors: Record<string, readonly TErrorText[]>, message?: TErrorText): AppError {
    const first = Object.values(errors).flat()[0] ?? m('validation.invalid');
    return new AppError('validation', message ?? first, { errors });
  }

  static notFound(what: TNotFoundSubject = 'Resource'): AppError {
    return new AppError('not_found', m(NOT_FOUND[what]));
  }

  /** The message as a token again (its English when it has no code), e.g. for a bulk answer's entry. */
  get token(): string {
    return this.messageCode ? encodeMessage({ code: this.messageCode, params: this.params }) : this.message;
  }

  /** The same error with its fields under a prefix (product_id -> lines.2.product_id). */
  prefixed(prefix: string): AppError {
    if (!this.errors) return this;
    const tokens = Object.fromEntries(
      Object.entries(this.errors).map(([field, texts]) => [
        `${prefix}${field}`,
        texts.map((text, i) => tokenOf(this.errorCodes?.[field]?.[i], text)),
      ]),
    );
    return new AppError(this.code, this.token, { errors: tokens, headers: this.headers });
  }

  /** SPEC 8's body: the English `message` and `errors`, with `code`, `params` and `error_codes` (decision 0041). */
  toBody(): TErrorBody {
    const body: TErrorBody = { message: this.message, code: this.messageCode ?? this.code };
    if (this.messageCode) body.params = this.params;
    if (this.errors) body.errors = this.errors;
    if (this.errorCodes) body.error_codes = this.errorCodes;
    return body;
  }
}

/** Back to a token, so a re-built error keeps its codes. */
function tokenOf(message: TMessage | undefined, english: string): string {
  return message && isMessageCode(message.code) ? encodeMessage(message) : english;
}
