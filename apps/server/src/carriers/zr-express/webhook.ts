import type { TWebhookEvent } from '../carrier.js';
import { algiersToIso, asRecord, asString } from '../parcel-format.js';
import { hmacSha256, safeEqual } from '../webhook-signature.js';
import { zrStatuses } from './statuses.js';

/**
 * ZR Express webhooks are Svix messages (CARRIERS.md 3.3): headers svix-id / svix-timestamp /
 * svix-signature (or the webhook-* aliases), signature `v1,<base64 HMAC-SHA256(id.timestamp.body)>`
 * with the key decoded from the `whsec_` secret. Several space-separated signatures may be sent.
 */
const TOLERANCE_SECONDS = 5 * 60;

function secretKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

export function signSvix(input: { id: string; timestamp: string; body: string | Buffer; secret: string }): string {
  const signed = Buffer.concat([Buffer.from(`${input.id}.${input.timestamp}.`), Buffer.from(input.body)]);
  return `v1,${hmacSha256(secretKey(input.secret), signed).toString('base64')}`;
}

type THeaders = Record<string, string | string[] | undefined>;

function header(headers: THeaders, ...names: string[]): string {
  for (const name of names) {
    const value = headers[name] ?? headers[name.toLowerCase()];
    if (typeof value === 'string' && value) return value;
  }
  return '';
}

/** Verifies a raw body; refuses stale or future timestamps (replay protection). */
export function verifyZrWebhook(
  rawBody: string | Buffer,
  headers: THeaders,
  secret: string,
  nowMs: number = Date.now(),
): boolean {
  const id = header(headers, 'svix-id', 'webhook-id');
  const timestamp = header(headers, 'svix-timestamp', 'webhook-timestamp');
  const signatures = header(headers, 'svix-signature', 'webhook-signature');
  if (!secret || !id || !timestamp || !signatures) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TOLERANCE_SECONDS || !/^\d+$/.test(timestamp)) return false;
  const expected = Buffer.from(signSvix({ id, timestamp, body: rawBody, secret }).slice(3), 'base64');
  return signatures
    .split(' ')
    .map((s) => (s.includes(',') ? s.slice(s.indexOf(',') + 1) : s))
    .some((s) => safeEqual(Buffer.from(s, 'base64'), expected));
}

/** The message id (dedupe key) comes from the svix-id header; the body has one parcel event. */
export function parseZrWebhook(rawBody: string | Buffer, headers: THeaders): TWebhookEvent[] {
  let body: Record<string, unknown>;
  try {
    body = asRecord(JSON.parse(rawBody.toString()));
  } catch {
    return [];
  }
  const type = asString(body.eventType) || asString(body.type);
  if (type && type !== 'parcel.state.updated') return [];
  const data = asRecord(body.data);
  const trackingNumber = asString(data.trackingNumber) || asString(data.id);
  const state = asRecord(data.state);
  const raw = asString(state.name) || asString(data.newStateName);
  if (!trackingNumber || !raw) return [];
  const reason = asString(asRecord(data.situation).name);
  return [
    {
      eventId: header(headers, 'svix-id', 'webhook-id'),
      occurredAt: algiersToIso(asString(body.occurredAt) || asString(body.timestamp) || new Date().toISOString()),
      trackingNumber,
      status: zrStatuses.map(raw),
      ...(reason ? { reason } : {}),
    },
  ];
}
