import type { TWebhookEvent } from '../carrier.js';
import { asRecord, asString, algiersToIso } from '../parcel-format.js';
import { decodeHex, hmacSha256, safeEqual } from '../webhook-signature.js';
import { yalidineStatuses } from './statuses.js';

/**
 * Yalidine (and Guepex) webhooks, as described in CARRIERS.md 3.1: the endpoint is validated with
 * `GET ?subscribe&crc_token=X` (answer 200 with X), every POST carries
 * `X-YALIDINE-SIGNATURE: hex(HMAC-SHA256(raw body, webhook secret))`, events are batched as
 * `{type, events:[{event_id, occurred_at, data}]}`, retried up to 7 times, possibly duplicated and
 * out of order (dedupe by event_id, order by occurred_at: that is the sync's job).
 */
export const YALIDINE_SIGNATURE_HEADER = 'x-yalidine-signature';

export function signYalidineBody(rawBody: string | Buffer, secret: string): string {
  return hmacSha256(secret, rawBody).toString('hex');
}

/** Verifies against the exact bytes received: re-serialised JSON would not match. */
export function verifyYalidineSignature(
  rawBody: string | Buffer,
  signature: string | string[] | undefined,
  secret: string,
): boolean {
  if (!secret || typeof signature !== 'string') return false;
  return safeEqual(hmacSha256(secret, rawBody), decodeHex(signature));
}

/** The crc_token to echo back when Yalidine validates the endpoint, else null. */
export function yalidineCrcChallenge(query: Record<string, unknown>): string | null {
  const token = query.crc_token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/** Parses a verified body into status events; other event types (edits, payments) are skipped. */
export function parseYalidineWebhook(rawBody: string | Buffer): TWebhookEvent[] {
  let body: Record<string, unknown>;
  try {
    body = asRecord(JSON.parse(rawBody.toString()));
  } catch {
    return [];
  }
  const type = asString(body.type);
  const events = Array.isArray(body.events) ? body.events : [];
  const out: TWebhookEvent[] = [];
  for (const item of events) {
    const event = asRecord(item);
    const data = asRecord(event.data);
    const trackingNumber = asString(data.tracking);
    if (!trackingNumber) continue;
    const occurredAt = algiersToIso(asString(event.occurred_at) || asString(data.date_status));
    const base = { eventId: asString(event.event_id), occurredAt, trackingNumber };
    if (type === 'parcel_status_updated') {
      const reason = asString(data.reason);
      out.push({ ...base, status: yalidineStatuses.map(asString(data.status)), ...(reason ? { reason } : {}) });
    } else if (type === 'parcel_created') {
      out.push({ ...base, status: { status: 'created', raw: 'parcel_created', known: true } });
    } else if (type === 'parcel_deleted') {
      out.push({ ...base, status: { status: 'cancelled', raw: 'parcel_deleted', known: true } });
    }
  }
  return out;
}
