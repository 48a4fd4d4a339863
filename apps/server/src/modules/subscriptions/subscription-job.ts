import { dayIn } from '@cod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { defineQueue, enqueue, work } from '../../jobs/jobs.js';
import { runSubscriptionDay } from './subscriptions.service.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 19.3: the subscriptions' day (Africa/Algiers), once per day across instances. */
    'subscriptions-daily': { day: string };
  }
}

const TICK_MS = 60_000;

/**
 * The daily subscription job (docs/decisions/0063). Every instance looks at the Algiers date each
 * minute and, when a new day has begun, queues that day's job under the day as singleton key; the
 * job claims the day in the database before working, so the day runs once even with several
 * instances. Answers a stop function.
 */
export async function startSubscriptionJob(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  defineQueue('subscriptions-daily', {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 60,
    singletonKey: (data) => `day-${data.day}`,
  });
  await work('subscriptions-daily', async () => {
    // The job's clock is the moment it runs: statuses are those of that instant.
    const outcome = await runSubscriptionDay(database.db, new Date());
    log.info(outcome, 'subscriptions: daily job');
  });
  let queuedDay: string | null = null;
  const tick = async () => {
    const day = dayIn(new Date());
    if (day === queuedDay) return;
    try {
      await enqueue('subscriptions-daily', { day });
      queuedDay = day;
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : 'unknown' }, 'subscriptions: daily job not queued');
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
