import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { defineQueue, enqueue, work } from '../../jobs/jobs.js';
import { foldPendingAnalytics } from './analytics.service.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 14.6: folds every shop's noted order changes into its rollups, once per slot across instances. */
    'analytics-fold': { slot: string };
  }
}

const SLOT_MS = 15_000;
const TICK_MS = 5_000;

/**
 * The background fold (docs/decisions/0118): every instance looks at the clock every few seconds
 * and queues the current 15-second slot's fold under the slot as singleton key, so one instance
 * runs it. The fold itself is idempotent and takes each shop's advisory lock (a reader folding
 * the same shop at that moment makes the job skip it), so a repeated or concurrent run adds
 * nothing twice. Readers never wait for it: they add the not-yet-folded changes themselves.
 */
export async function startAnalyticsFoldJob(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  defineQueue('analytics-fold', {
    policy: 'stately',
    retryLimit: 1,
    retryDelaySeconds: 5,
    singletonKey: (data) => `slot-${data.slot}`,
  });
  await work('analytics-fold', async () => {
    const outcome = await foldPendingAnalytics(database.db);
    if (outcome.orders > 1_000) log.info(outcome, 'analytics: folded a large batch of order changes');
  });
  let queued: string | null = null;
  const tick = async () => {
    const slot = new Date(Math.floor(Date.now() / SLOT_MS) * SLOT_MS).toISOString();
    if (slot === queued) return;
    try {
      await enqueue('analytics-fold', { slot });
      queued = slot;
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : 'unknown' }, 'analytics: fold job not queued');
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
