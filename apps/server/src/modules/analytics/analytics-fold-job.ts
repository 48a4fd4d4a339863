import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { clockSlot, startPeriodJob } from '../../lib/period-job.js';
import { foldPendingAnalytics } from './analytics.service.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 14.6: folds every shop's noted order changes into its rollups, once per slot across instances. */
    'analytics-fold': { slot: string };
  }
}

/**
 * The background fold (docs/decisions/0118): every instance looks at the clock every few seconds
 * and queues the current 15-second slot's fold under the slot as singleton key, so one instance
 * runs it. The fold itself is idempotent and takes each shop's advisory lock (a reader folding
 * the same shop at that moment makes the job skip it), so a repeated or concurrent run adds
 * nothing twice. Readers never wait for it: they add the not-yet-folded changes themselves.
 */
export function startAnalyticsFoldJob(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  return startPeriodJob(
    {
      queue: 'analytics-fold',
      retryLimit: 1,
      retryDelaySeconds: 5,
      tickMs: 5_000,
      periodOf: clockSlot(15_000),
      payload: (slot) => ({ slot }),
      singletonKey: (data) => `slot-${data.slot}`,
      run: async () => {
        const outcome = await foldPendingAnalytics(database.db);
        if (outcome.orders > 1_000) log.info(outcome, 'analytics: folded a large batch of order changes');
      },
      notQueuedMessage: 'analytics: fold job not queued',
    },
    log,
  );
}
