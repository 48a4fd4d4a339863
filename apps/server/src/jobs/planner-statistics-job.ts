import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { keepsOwnStatistics, refreshPlannerStatistics } from '../db/planner-statistics.js';
import { clockSlot, startPeriodJob } from '../lib/period-job.js';

declare module './queues.js' {
  interface TJobPayloads {
    /** The planner's statistics refreshed once an hour where nothing else does it (decision 0133). */
    'planner-statistics': { slot: string };
  }
}

const HOUR_MS = 3_600_000;

/**
 * Where the database runs no autovacuum (the embedded one), ANALYZE once an hour, once across
 * instances. A server with autovacuum keeps its own statistics: no job there.
 */
export async function startPlannerStatisticsJob(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  if (await keepsOwnStatistics(database)) return () => undefined;
  return startPeriodJob(
    {
      queue: 'planner-statistics',
      retryLimit: 0,
      retryDelaySeconds: 60,
      tickMs: 60_000,
      periodOf: clockSlot(HOUR_MS),
      payload: (slot) => ({ slot }),
      singletonKey: (data) => `slot-${data.slot}`,
      run: () => refreshPlannerStatistics(database.db),
      notQueuedMessage: 'planner statistics: job not queued',
    },
    log,
  );
}
