import type { TFunction } from 'i18next';
import {
  decodeMessage,
  encodeMessage,
  ERROR_KINDS,
  fieldKey,
  type TMessage,
  type TMessageParamValues,
  type TOrderError,
} from '@cod/shared';
import { ApiError } from './api-client';

/** What the server says, as it says it to us: a catalogue code and its parameters (docs/decisions/0041). */
export interface TServerMessage {
  code?: string | null;
  params?: TMessageParamValues | null;
}

/** A code and params, or a token (a shared schema's message, as react-hook-form keeps it). */
export type TServerMessageInput = string | TServerMessage | null | undefined;

const MISSING = '\u0000missing';

/**
 * THE translator of every message the server or a shared schema gives (STYLE 5, decision 0041):
 * from its code and params, through `messages.<code>` in the user's language, never from English.
 * A code the web does not know shows its kind's generic sentence (`message_kinds.<kind>`), or the
 * generic one. Field names are translated, per-order lists translated item by item.
 */
export function translateServerMessage(t: TFunction, input: string | TServerMessage): string;
export function translateServerMessage(t: TFunction, input: TServerMessageInput): string | undefined;
export function translateServerMessage(t: TFunction, input: TServerMessageInput): string | undefined {
  if (input === null || input === undefined || input === '') return undefined;
  const message =
    typeof input === 'string' ? fromToken(input) : input.code ? { code: input.code, params: input.params ?? {} } : null;
  if (!message) return t('message_kinds.unknown');
  // Catalogue codes are dotted (order.not_editable); a kind (validation, not_found) is not.
  if (message.code.includes('.')) {
    const text = t(`messages.${message.code}`, { ...interpolation(t, message.params), defaultValue: MISSING });
    if (text !== MISSING) return text;
  }
  return t(`message_kinds.${message.code}`, { defaultValue: t('message_kinds.unknown') });
}

const KINDS: ReadonlySet<string> = new Set(ERROR_KINDS);

/** A token (decodeMessage), or a bare kind ('validation') that a server field error without a code became. */
function fromToken(text: string): TMessage | null {
  return decodeMessage(text) ?? (KINDS.has(text) ? { code: text, params: {} } : null);
}

/**
 * A server field message as a form error (react-hook-form keeps a string): its token, so the field
 * translates it the same way as a message of the shared schema.
 */
export function messageToken(message: TServerMessage): string {
  return encodeMessage({ code: message.code ?? 'validation', params: message.params ?? {} });
}

function interpolation(t: TFunction, params: TMessageParamValues): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) values[name] = list(t, name, value as readonly TOrderError[]);
    else if (name === 'field' && typeof value === 'string')
      values[name] = t(`message_fields.${fieldKey(value)}`, { defaultValue: value });
    // `{feature}`: a plan feature's code, named in the user's language (docs/decisions/0101).
    else if (name === 'feature' && typeof value === 'string')
      values[name] = t(`message_plan_features.${value}`, { defaultValue: value });
    // `{limit}`: a count with the language's thousands separators (200,000 / 200 000 / 200.000).
    else if (name === 'limit' && typeof value === 'number')
      values[name] = new Intl.NumberFormat(t('message_format.number_locale', { defaultValue: 'en-US' })).format(value);
    else values[name] = value as string | number;
  }
  return values;
}

/** `{messages}`: the orders' messages one after the other; `{errors}`: each with its order number. */
function list(t: TFunction, name: string, items: readonly TOrderError[]): string {
  if (name === 'messages') {
    return items.map((item) => translateServerMessage(t, item)).join(t('message_format.list_separator'));
  }
  return items
    .map((item) =>
      t('messages.shipping.order_error', { order_id: item.order_id, message: translateServerMessage(t, item) }),
    )
    .join(t('message_format.order_separator'));
}

/**
 * A 5xx is a fault whose text is not the user's business, but for the server saying it is busy
 * (503 'unavailable', decisions 0136 and 0144): that one says to try again in a moment.
 */
function isFault(error: ApiError): boolean {
  return error.status >= 500 && !(error.status === 503 && error.body?.code === 'unavailable');
}

/**
 * What a refused read says when the server or the shop is busy (429, 503 'unavailable', decision
 * 0144), translated, so a list that failed to load says why and that retrying will do; else nothing.
 */
export function busyMessage(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503) || isFault(error))
    return undefined;
  return failureMessage(t, error);
}

/**
 * The message of a failed call, SPEC 8: the stock message first, else the answer's own; a 5xx, a
 * network failure or an answer without a code gives the caller's fallback sentence.
 */
export function failureMessage(t: TFunction, error: unknown, fallbackKey = 'errors.unexpected'): string {
  if (!(error instanceof ApiError) || isFault(error)) return t(fallbackKey);
  const body = error.body ?? {};
  const stock = body.error_codes?.stock?.[0];
  if (stock) return translateServerMessage(t, stock);
  return body.code ? translateServerMessage(t, { code: body.code, params: body.params }) : t(fallbackKey);
}

/**
 * Each field's messages of a 422, as codes, in the order of `errors`. An answer without per-field
 * codes (a server module not converted yet) gives each message its kind, hence the generic sentence.
 */
export function fieldMessages(error: ApiError): Record<string, TServerMessage[]> {
  const body = error.body ?? {};
  if (body.error_codes) return body.error_codes;
  const kind = { code: body.code ?? 'validation' };
  return Object.fromEntries(Object.entries(body.errors ?? {}).map(([field, list]) => [field, list.map(() => kind)]));
}

/** SPEC 8: one toast per message of a failed save (custom-field errors included), in order. */
export function failureMessages(t: TFunction, error: unknown): string[] {
  if (!(error instanceof ApiError) || isFault(error)) {
    return [error instanceof ApiError ? t('errors.unexpected') : t('errors.network')];
  }
  const messages = Object.values(fieldMessages(error)).flat();
  const list = messages.length
    ? messages.map((message) => translateServerMessage(t, message))
    : [failureMessage(t, error)];
  return [...new Set(list)];
}
