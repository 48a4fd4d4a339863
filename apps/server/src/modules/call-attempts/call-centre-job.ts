import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { defineQueue, enqueue, work } from '../../jobs/jobs.js';
import { runNoAnswerRule } from './call-attempts.service.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 15.1: the no-answer rule, once per slot across instances. */
    'call-no-answer': { slot: string };
  }
}

const SLOT_MS = 5 * 60_000;
const TICK_MS = 60_000;

/**
 * The no-answer rule's job (docs/decisions/0083): every instance looks at the clock each minute
 * and queues the current five-minute slot's run under the slot as singleton key; the run itself is
 * idempotent (an order is moved once, under its row lock), so a repeated or concurrent run moves
 * nothing twice. Shops closed at that moment (their working hours, their zone) are left alone.
 */
export async function startCallCentreJob(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  defineQueue('call-no-answer', {
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 60,
    singletonKey: (data) => `slot-${data.slot}`,
  });
  await work('call-no-answer', async () => {
    const outcome = await runNoAnswerRule(database.db, new Date());
    if (outcome.moved) log.info(outcome, 'call centre: no-answer rule');
  });
  let queued: string | null = null;
  const tick = async () => {
    const slot = new Date(Math.floor(Date.now() / SLOT_MS) * SLOT_MS).toISOString();
    if (slot === queued) return;
    try {
      await enqueue('call-no-answer', { slot });
      queued = slot;
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : 'unknown' }, 'call centre: job not queued');
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
