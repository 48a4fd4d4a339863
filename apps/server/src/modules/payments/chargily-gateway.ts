import crypto from 'node:crypto';
import { outboundFetch } from '../../lib/outbound-fetch.js';

/**
 * Chargily Pay V2 (docs/decisions/0098): the checkout call and the webhook signature. The real
 * gateway (test or live keys) is called over HTTPS; the local sandbox (chargily-sandbox.routes.ts)
 * stands in for it offline, in the demo and in tests, signing its webhooks the same way.
 */
export type TChargilyMode = 'sandbox' | 'test' | 'live';

const API_BASE: Record<'test' | 'live', string> = {
  test: 'https://pay.chargily.net/test/api/v2',
  live: 'https://pay.chargily.net/api/v2',
};

/** The webhook's `signature` header: hex HMAC-SHA256 of the raw body with the secret key. */
export function signChargilyBody(rawBody: Buffer | string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Compared in constant time on the exact bytes received (a re-serialised body would not match). */
export function verifyChargilySignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature) || !secret) return false;
  const expected = Buffer.from(signChargilyBody(rawBody, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

let sandboxSecret: string | undefined;

/**
 * The key that signs and checks webhooks. Without CHARGILY_SECRET_KEY the sandbox uses a random
 * key of this process: nobody outside can forge its webhooks.
 */
export function chargilySecret(configured: string | undefined): string {
  if (configured) return configured;
  sandboxSecret ??= `sandbox_sk_${crypto.randomBytes(24).toString('hex')}`;
  return sandboxSecret;
}

export interface TGatewayCheckout {
  id: string;
  checkout_url: string;
}

/** POST /checkouts on the real gateway; amounts are whole dinars, currency "dzd". */
export async function createGatewayCheckout(
  mode: 'test' | 'live',
  secret: string,
  body: {
    amount: number;
    success_url: string;
    failure_url: string;
    webhook_endpoint: string;
    description: string;
    locale: 'ar' | 'en' | 'fr';
    metadata: Record<string, string | number>;
  },
): Promise<TGatewayCheckout> {
  // Through the outbound guard like every request that leaves the server (decision 0037),
  // pinned to the gateway's own host.
  const url = `${API_BASE[mode]}/checkouts`;
  const response = await outboundFetch(
    url,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...body, currency: 'dzd' }),
      signal: AbortSignal.timeout(15_000),
    },
    { hosts: [new URL(url).hostname] },
  );
  if (!response.ok) throw new Error(`chargily: checkout answered ${response.status}`);
  const answer = (await response.json()) as Partial<TGatewayCheckout>;
  if (typeof answer.id !== 'string' || typeof answer.checkout_url !== 'string') {
    throw new Error('chargily: checkout answer without id or checkout_url');
  }
  return { id: answer.id, checkout_url: answer.checkout_url };
}
