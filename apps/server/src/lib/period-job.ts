import type { FastifyBaseLogger } from 'fastify';
import { defineQueue, enqueue, type TJobName, type TJobPayloads, work } from '../jobs/jobs.js';

/** A job that runs once per period (a clock slot, a day) across every instance of the server. */
export interface TPeriodJob<N extends TJobName> {
  queue: N;
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often each instance looks at the clock. */
  tickMs: number;
  /** The period a moment falls in: one job is queued per period. */
  periodOf: (now: Date) => string;
  /** The job's payload for a period. */
  payload: (period: string) => TJobPayloads[N];
  /** The singleton key of a payload: the same period queued by two instances makes one job. */
  singletonKey: (data: TJobPayloads[N]) => string;
  /** The work itself; it must be idempotent, since a retried or concurrent run may repeat it. */
  run: () => Promise<void>;
  /** What the log says when queuing fails (the next tick tries again). */
  notQueuedMessage: string;
}

/** The start of the fixed-length slot a moment falls in, as an ISO string. */
export function clockSlot(slotMs: number): (now: Date) => string {
  return (now) => new Date(Math.floor(now.getTime() / slotMs) * slotMs).toISOString();
}

/**
 * Defines the job's queue (stately, one per singleton key) and its worker, then looks at the clock
 * every tick and queues the current period's job once it has begun. Answers a stop function.
 */
export async function startPeriodJob<N extends TJobName>(
  job: TPeriodJob<N>,
  log: FastifyBaseLogger,
): Promise<() => void> {
  defineQueue(job.queue, {
    policy: 'stately',
    retryLimit: job.retryLimit,
    retryDelaySeconds: job.retryDelaySeconds,
    singletonKey: job.singletonKey,
  });
  await work(job.queue, job.run);
  let queued: string | null = null;
  const tick = async () => {
    const period = job.periodOf(new Date());
    if (period === queued) return;
    try {
      await enqueue(job.queue, job.payload(period));
      queued = period;
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : 'unknown' }, job.notQueuedMessage);
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), job.tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
