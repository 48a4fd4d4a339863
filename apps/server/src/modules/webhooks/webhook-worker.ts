import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import { defineQueue, enqueue, work } from '../../jobs/jobs.js';
import { deliverWebhook, WEBHOOK_DEFAULTS, type TDeliveryOptions } from './deliver-webhook.js';
import { setWebhookNudge } from './emit-webhook-event.js';
import { registerOrderWebhooks } from './order-webhooks.js';
import * as repo from './webhooks.repository.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 15.7: one attempt of one webhook delivery (ids only: the body stays in its table). */
    'webhook-delivery': { tenantId: number; deliveryId: number };
  }
}

/**
 * The webhooks' sending side (issue 15.7, docs/decisions/0089), on the job queue:
 * - one 'webhook-delivery' job per attempt, stately by delivery (never two queued, never two
 *   running of one delivery); a failed attempt queues the next one itself, `startAfter` its back-off;
 * - a sweep every few seconds (and a moment after an event is emitted) hands the queue every due
 *   delivery without a live job: those emitted by a committed transaction, and those whose job was
 *   lost (a crash between a commit and an enqueue). A crashed attempt's claim expires and is swept.
 * Answers a stop function.
 */
export interface TWebhookWorkerOptions extends TDeliveryOptions {
  sweepIntervalMs?: number;
}

defineQueue('webhook-delivery', {
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 30,
  heartbeatTimeoutSeconds: 60,
  concurrency: 4,
  singletonKey: (data) => `tenant-${data.tenantId}-delivery-${data.deliveryId}`,
});

export async function registerWebhookWorker(
  db: Db,
  options: TWebhookWorkerOptions & { log: FastifyBaseLogger },
): Promise<() => void> {
  registerOrderWebhooks();
  const staleSeconds = options.staleSeconds ?? WEBHOOK_DEFAULTS.staleSeconds;
  await work('webhook-delivery', async (job) => {
    const outcome = await deliverWebhook(db, job.data, options);
    if (outcome.kind === 'retry') {
      await enqueue('webhook-delivery', job.data, { startAfterSeconds: Math.max(1, Math.ceil(outcome.delaySeconds)) });
    }
  });

  let stopped = false;
  let running: Promise<void> | null = null;
  const sweep = async () => {
    if (stopped) return;
    const due = await withSystem(db, (tx) => repo.dueDeliveries(tx, staleSeconds, 200));
    // Outside any transaction: on PGlite an enqueue inside one would wait for itself.
    for (const delivery of due) await enqueue('webhook-delivery', delivery);
  };
  const runSweep = () => {
    running ??= sweep()
      .catch((error: unknown) => options.log.warn({ err: error }, 'webhook sweep failed'))
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void runSweep(), options.sweepIntervalMs ?? 5_000);
  timer.unref();
  let nudged: NodeJS.Timeout | null = null;
  setWebhookNudge(() => {
    if (nudged || stopped) return;
    // After the emitting transaction's commit, most likely; the next sweep catches a slower one.
    nudged = setTimeout(() => {
      nudged = null;
      void runSweep();
    }, 150);
    nudged.unref();
  });
  await runSweep();
  return () => {
    stopped = true;
    clearInterval(timer);
    if (nudged) clearTimeout(nudged);
    setWebhookNudge(null);
  };
}

/** Hands one delivery to the queue now (a test ping, a replay), after its transaction committed. */
export async function queueDelivery(tenantId: number, deliveryId: number): Promise<void> {
  await enqueue('webhook-delivery', { tenantId, deliveryId });
}
