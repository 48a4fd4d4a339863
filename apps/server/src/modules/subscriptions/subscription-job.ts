import { dayIn } from '@cod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { startPeriodJob } from '../../lib/period-job.js';
import { runSubscriptionDay } from './subscriptions.service.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 19.3: the subscriptions' day (Africa/Algiers), once per day across instances. */
    'subscriptions-daily': { day: string };
  }
}

/**
 * The daily subscription job (docs/decisions/0063). Every instance looks at the Algiers date each
 * minute and, when a new day has begun, queues that day's job under the day as singleton key; the
 * job claims the day in the database before working, so the day runs once even with several
 * instances. Answers a stop function.
 */
export function startSubscriptionJob(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  return startPeriodJob(
    {
      queue: 'subscriptions-daily',
      retryLimit: 5,
      retryDelaySeconds: 60,
      tickMs: 60_000,
      periodOf: (now) => dayIn(now),
      payload: (day) => ({ day }),
      singletonKey: (data) => `day-${data.day}`,
      run: async () => {
        // The job's clock is the moment it runs: statuses are those of that instant.
        const outcome = await runSubscriptionDay(database.db, new Date());
        log.info(outcome, 'subscriptions: daily job');
      },
      notQueuedMessage: 'subscriptions: daily job not queued',
    },
    log,
  );
}
