import type { FastifyBaseLogger } from 'fastify';
import { englishOf, m } from '@cod/shared';
import { decryptCredentials } from '../../carriers/credentials.js';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { outboundFetch, type TResolve } from '../../lib/outbound-fetch.js';
import { outboundPolicy, type TOutboundPolicy } from '../../lib/outbound-guard.js';
import { sendMail } from '../mail/mail.service.js';
import { carrierKeyring } from '../shipping-companies/carrier-runtime.js';
import { secretContext, signWebhook } from './webhook-signature.js';
import * as repo from './webhooks.repository.js';

/**
 * One attempt of one delivery (issue 15.7, docs/decisions/0089): claim it, send it signed, record
 * the answer; then succeeded, or another attempt after an exponential back-off while the delivery
 * is younger than 24 hours, or failed for good. An endpoint whose deliveries fail for good
 * DISABLE_AFTER times in a row is turned off and its owners are mailed.
 */
export interface TDeliveryOptions {
  config: TConfig;
  log: FastifyBaseLogger;
  /** First retry delay; each next one doubles, up to maxDelaySeconds. */
  baseDelaySeconds?: number;
  maxDelaySeconds?: number;
  /** How long a delivery is retried after it was created. */
  retryWindowSeconds?: number;
  timeoutMs?: number;
  /** A claim older than this belongs to a worker that died: the delivery may be claimed again. */
  staleSeconds?: number;
  disableAfter?: number;
  /** Defaults to the process policy (OUTBOUND_ALLOW_PRIVATE); tests pass the strict one. */
  outbound?: TOutboundPolicy;
  /** Tests simulate DNS answers here. */
  resolve?: TResolve;
  now?: () => number;
}

export const WEBHOOK_DEFAULTS = {
  baseDelaySeconds: 30,
  maxDelaySeconds: 6 * 3600,
  retryWindowSeconds: 24 * 3600,
  timeoutMs: 10_000,
  staleSeconds: 120,
  disableAfter: 5,
} as const;

export type TAttemptOutcome =
  | { kind: 'not_claimed' }
  | { kind: 'succeeded'; statusCode: number }
  | { kind: 'retry'; delaySeconds: number; statusCode: number | null; error: string }
  | { kind: 'failed'; statusCode: number | null; error: string; disabled: boolean };

/** The delay before attempt `attempt + 1`: base * 2^(attempt-1), capped. */
export function retryDelaySeconds(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

const USER_AGENT = 'cod-webhooks/1';

export async function deliverWebhook(
  db: Db,
  job: { tenantId: number; deliveryId: number },
  options: TDeliveryOptions,
): Promise<TAttemptOutcome> {
  const o = { ...WEBHOOK_DEFAULTS, ...stripUndefined(options) };
  const { tenantId, deliveryId } = job;
  const claimed = await withTenant(db, tenantId, (tx) => repo.claimDelivery(tx, tenantId, deliveryId, o.staleSeconds));
  if (!claimed) return { kind: 'not_claimed' };

  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  if (!claimed.endpoint_active && claimed.event !== 'ping') {
    error = 'endpoint disabled';
  } else {
    try {
      const keyring = await carrierKeyring(o.config);
      const { secret } = decryptCredentials(
        keyring,
        claimed.secret_encrypted,
        secretContext(tenantId, claimed.endpoint_id),
      );
      const timestamp = Math.floor((o.now?.() ?? Date.now()) / 1000);
      const response = await outboundFetch(
        claimed.url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            'x-cod-event': claimed.event,
            'x-cod-delivery': String(claimed.id),
            'x-cod-event-id': claimed.event_id,
            'x-cod-timestamp': String(timestamp),
            'x-cod-signature': signWebhook(secret!, timestamp, claimed.body),
          },
          body: claimed.body,
          signal: AbortSignal.timeout(o.timeoutMs),
        },
        { policy: o.outbound ?? outboundPolicy(), maxBytes: 64 * 1024, ...(o.resolve ? { resolve: o.resolve } : {}) },
      );
      statusCode = response.status;
      // The answer's body is not kept (it may hold anything); reading it frees the socket.
      await response.arrayBuffer().catch(() => undefined);
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
    } catch (caught) {
      error = describe(caught);
    }
  }
  const durationMs = Date.now() - started;

  const ageSeconds = (Date.now() - new Date(claimed.created_at).getTime()) / 1000;
  const delay = retryDelaySeconds(claimed.attempts, o.baseDelaySeconds, o.maxDelaySeconds);
  const { outcome, disabledUrl } = await withTenant(
    db,
    tenantId,
    async (tx): Promise<{ outcome: TAttemptOutcome; disabledUrl: string | null }> => {
      await repo.insertAttempt(tx, tenantId, {
        deliveryId,
        attempt: claimed.attempts,
        statusCode,
        error,
        durationMs,
      });
      if (error === null) {
        await repo.markSucceeded(tx, tenantId, deliveryId, claimed.endpoint_id, statusCode!);
        return { outcome: { kind: 'succeeded', statusCode: statusCode! }, disabledUrl: null };
      }
      // A ping is the shop's own test: told once, never retried, never counted against the endpoint.
      const counts = claimed.event !== 'ping' && claimed.endpoint_active;
      if (counts && ageSeconds + delay <= o.retryWindowSeconds) {
        await repo.markRetry(tx, tenantId, deliveryId, { statusCode, error, delaySeconds: delay });
        return { outcome: { kind: 'retry', delaySeconds: delay, statusCode, error }, disabledUrl: null };
      }
      const failures = await repo.markFailed(tx, tenantId, deliveryId, claimed.endpoint_id, {
        statusCode,
        error,
        countFailure: counts,
      });
      const url = failures >= o.disableAfter ? await repo.disableEndpoint(tx, tenantId, claimed.endpoint_id) : null;
      if (url) await repo.failPendingOf(tx, tenantId, claimed.endpoint_id);
      return { outcome: { kind: 'failed', statusCode, error, disabled: url !== null }, disabledUrl: url };
    },
  );
  if (disabledUrl) await mailOwners(db, o.log, tenantId, disabledUrl, o.disableAfter);
  return outcome;
}

async function mailOwners(db: Db, log: FastifyBaseLogger, tenantId: number, url: string, count: number) {
  const owners = await withTenant(db, tenantId, (tx) => repo.ownerEmails(tx, tenantId));
  const subject = englishOf(m('webhooks.disabled_subject', { url }));
  const body = englishOf(m('webhooks.disabled_body', { url, count }));
  for (const owner of owners) await sendMail(db, log, { tenantId, to: owner.email, subject, body });
}

/** A short reason for the log: the timeout, a refused destination, a connection error. */
function describe(error: unknown): string {
  const err = error as { name?: string; code?: string; cause?: { code?: string; reason?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timeout';
  const cause = err?.cause;
  if (cause?.code === 'OUTBOUND_REFUSED') return `refused: ${cause.reason ?? 'not_public'}`;
  if (cause?.code) return cause.code;
  return (err as Error)?.message?.slice(0, 200) ?? 'error';
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
