import { isMessageCode, MESSAGE_TEMPLATES } from './catalogue.js';
import { planFeatureName } from './plan-features.js';
import {
  decodeMessage,
  type TMessage,
  type TMessageToken,
  type TOrderError,
  type TParamScalar,
  type TRenderedMessage,
} from './message.js';

// Apart from message.ts so that reading a token (the web, the sign-in page) does not carry the
// English catalogue: only the server and the tests render English.

function renderParam(name: string, value: TParamScalar | readonly TOrderError[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  // `{limit}` is a count said with thousands separators (200,000), as SPEC 8's file refusals say it.
  if (name === 'limit' && typeof value === 'number') return value.toLocaleString('en-US');
  // `{feature}`: a plan feature's code, said by its name (docs/decisions/0101).
  if (name === 'feature' && typeof value === 'string') return planFeatureName(value);
  if (!Array.isArray(value)) return String(value);
  const list = value as readonly TOrderError[];
  if (name === 'messages') return list.map((e) => e.message).join(', ');
  return list
    .map((e) => renderMessage({ code: 'shipping.order_error', params: { order_id: e.order_id, message: e.message } }))
    .join('; ');
}

/** SPEC 8's English sentence of a catalogue message (the one source of the server's English). */
export function renderMessage(message: TMessage): string {
  const template: string = isMessageCode(message.code) ? MESSAGE_TEMPLATES[message.code] : message.code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => renderParam(name, message.params[name]) ?? whole);
}

/** A token read on the server: its code, parameters and English; null when the text is no token. */
export function readMessage(text: string): TRenderedMessage | null {
  const decoded = decodeMessage(text);
  if (!decoded || !isMessageCode(decoded.code)) return null;
  // "The carrier said" around our own word about the carrier (carrier.unreachable): our word, coded.
  const reason = decoded.code === 'carrier.message' ? decoded.params.reason : undefined;
  const own = typeof reason === 'string' ? readMessage(reason) : null;
  if (own) return own;
  return { ...decoded, message: renderMessage(decoded) };
}

/** The English of a token (or the text itself when it is none). */
export const englishOf = (text: string): string => readMessage(text)?.message ?? text;

/** A per-order message of a bulk answer. */
export function orderError(orderId: number, token: TMessageToken | string): TOrderError {
  const read = readMessage(token);
  if (read) return { order_id: orderId, ...read };
  // A carrier's own words: shown as they are, inside a translated frame on the web.
  return { order_id: orderId, ...renderedCarrierMessage(token) };
}

/**
 * A carrier's own words (often French), framed as `carrier.message` so the web can say whose they
 * are; our own word about the carrier (a token: `carrier.unreachable`) keeps its code.
 */
export function renderedCarrierMessage(reason: string): TRenderedMessage {
  return readMessage(reason) ?? { code: 'carrier.message', params: { reason }, message: reason };
}
