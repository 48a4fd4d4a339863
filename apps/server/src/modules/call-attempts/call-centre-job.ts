import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { clockSlot, startPeriodJob } from '../../lib/period-job.js';
import { runNoAnswerRule } from './call-attempts.service.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 15.1: the no-answer rule, once per slot across instances. */
    'call-no-answer': { slot: string };
  }
}

/**
 * The no-answer rule's job (docs/decisions/0083): every instance looks at the clock each minute
 * and queues the current five-minute slot's run under the slot as singleton key; the run itself is
 * idempotent (an order is moved once, under its row lock), so a repeated or concurrent run moves
 * nothing twice. Shops closed at that moment (their working hours, their zone) are left alone.
 */
export function startCallCentreJob(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  return startPeriodJob(
    {
      queue: 'call-no-answer',
      retryLimit: 2,
      retryDelaySeconds: 60,
      tickMs: 60_000,
      periodOf: clockSlot(5 * 60_000),
      payload: (slot) => ({ slot }),
      singletonKey: (data) => `slot-${data.slot}`,
      run: async () => {
        const outcome = await runNoAnswerRule(database.db, new Date());
        if (outcome.moved) log.info(outcome, 'call centre: no-answer rule');
      },
      notQueuedMessage: 'call centre: job not queued',
    },
    log,
  );
}
