import type { MESSAGE_TEMPLATES, TMessageCode } from './catalogue.js';
import type { TPlanFeature } from '../central/index.js';
import type { TFieldName } from './fields.js';

/**
 * A message is a code of the catalogue plus its parameters. Inside the code base (zod issues,
 * react-hook-form errors, shared rule functions, AppError) it travels as a token, a plain string
 * `code` or `code{json params}`, so every place that held an English sentence can hold it. On the
 * wire it is `{code, params}` beside SPEC 8's English `message`.
 */
export type TMessageToken = string & { readonly __messageToken: true };

/** One order's outcome inside a bulk answer (SPEC 8): the English, and its code for the web. */
export interface TOrderError {
  order_id: number;
  message: string;
  code: string;
  params: TMessageParamValues;
}

export type TParamScalar = string | number;
export type TMessageParamValues = Record<string, TParamScalar | readonly TOrderError[]>;

/** The wire form of a message: what the web translates. */
export interface TMessage {
  code: string;
  params: TMessageParamValues;
}

/** A message resolved on the server: the code, its parameters and SPEC 8's English sentence. */
export interface TRenderedMessage extends TMessage {
  message: string;
}

/** What an answer that a user reads carries (a success body, an error body): SPEC 8's English and its code. */
export type TMessageBody = TRenderedMessage;

type TPlaceholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | TPlaceholders<Rest> : never;

/**
 * `{errors}` and `{messages}` are lists of per-order messages; `{field}` a known field name;
 * `{limit}` a count, said with thousands separators in every language.
 */
type TParamType<K extends string> = K extends 'errors' | 'messages'
  ? readonly TOrderError[]
  : K extends 'field'
    ? TFieldName
    : K extends 'limit'
      ? number
      : K extends 'feature'
        ? TPlanFeature
        : TParamScalar;

export type TMessageParams<C extends TMessageCode> = {
  [K in TPlaceholders<(typeof MESSAGE_TEMPLATES)[C]>]: TParamType<K>;
};

type TParamsArgument<C extends TMessageCode> = [TPlaceholders<(typeof MESSAGE_TEMPLATES)[C]>] extends [never]
  ? []
  : [params: TMessageParams<C>];

/** The token of a catalogue message: `m('validation.required', {field: 'name'})`. */
export function m<C extends TMessageCode>(code: C, ...params: TParamsArgument<C>): TMessageToken {
  return encodeMessage({ code, params: (params[0] ?? {}) as TMessageParamValues });
}

/** The token of a message already in wire form (a code and params read back from an error). */
export function encodeMessage(message: TMessage): TMessageToken {
  const { code, params } = message;
  return (Object.keys(params).length ? `${code}${JSON.stringify(params)}` : code) as TMessageToken;
}

// Codes are lowercase dotted words; an English sentence (spaces, capitals) never has this shape.
const CODE_SHAPE = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$/;

/** The code and parameters of a token; null for any other text (a carrier's words, old English). */
export function decodeMessage(text: string | null | undefined): TMessage | null {
  if (typeof text !== 'string') return null;
  const brace = text.indexOf('{');
  const code = brace < 0 ? text : text.slice(0, brace);
  if (!CODE_SHAPE.test(code)) return null;
  if (brace < 0) return { code, params: {} };
  try {
    const params: unknown = JSON.parse(text.slice(brace));
    if (params && typeof params === 'object' && !Array.isArray(params)) {
      return { code, params: params as TMessageParamValues };
    }
  } catch {
    // Not a token after all.
  }
  return null;
}
