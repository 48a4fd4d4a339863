import crypto from 'node:crypto';

/**
 * How a delivery is signed (docs/decisions/0090): X-Cod-Timestamp is the send time in Unix seconds,
 * X-Cod-Signature the hex HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret. The
 * receiver recomputes it over the raw body and refuses a timestamp more than 5 minutes off (replay).
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The receiver's check (used by the tests; documented for shops). */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body), 'hex');
  const given = Buffer.from(headers.signature ?? '', 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): { secret: string; prefix: string } {
  const secret = `${SECRET_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SECRET_PREFIX.length + 4) };
}

export const secretContext = (tenantId: number, endpointId: number) => `webhook:${tenantId}:${endpointId}`;
