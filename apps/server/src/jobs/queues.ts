/**
 * Every background job's name and payload. A module adds its job here (or, for a test, through
 * declaration merging: `declare module '.../jobs/queues.js' { interface TJobPayloads { ... } }`),
 * so enqueue() and work() check the payload at compile time.
 * Payloads are JSON: ids, never objects or secrets (they are stored in the pgboss.job table).
 */
export interface TJobPayloads {
  /** Issue 6: one job per uploaded import file (ARCHITECTURE 3.7: never one per row). */
  'orders-import': { tenantId: number; batchId: number };
  /** An orders-import job that failed for good (its last attempt crashed or stalled): its batch is failed. */
  'orders-import-abandoned': { tenantId: number; batchId: number };
}

export type TJobName = keyof TJobPayloads & string;

/** How a queue behaves. Seconds throughout. See docs/decisions/0022. */
export interface TQueueDefinition<TData = unknown> {
  /**
   * pg-boss queue policy. `stately`: at most one queued and one running job per singleton key,
   * which is what "one job per import file" needs.
   */
  policy: 'standard' | 'short' | 'singleton' | 'stately';
  /** Retries after a failure or a crash (attempts = retryLimit + 1). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * A running job is presumed dead when its worker has not signalled life for this long (the
   * worker heartbeats every third of it), then failed and retried by pg-boss's maintenance. It
   * is not a cap on how long a job may run.
   */
  heartbeatTimeoutSeconds: number;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  /** The singleton key of a payload: enqueuing twice with the same key makes one job. */
  singletonKey?: (data: TData) => string;
  /**
   * Where pg-boss copies a job (same payload) once it has failed for good, including when its last
   * attempt died with its process: the place to clean up what no handler will finish.
   */
  deadLetter?: TJobName;
}

export const DEFAULT_QUEUE: TQueueDefinition = {
  policy: 'standard',
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  heartbeatTimeoutSeconds: 60,
  concurrency: 1,
};

/** At most one queued and one running orders-import job per batch (docs/decisions/0022). */
export function importSingletonKey(data: { tenantId: number; batchId: number }): string {
  return `tenant-${data.tenantId}-batch-${data.batchId}`;
}

type TQueueTable = { [N in TJobName]?: Partial<TQueueDefinition<TJobPayloads[N]>> };

const definitions: TQueueTable = {
  'orders-import': {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 2,
    heartbeatTimeoutSeconds: 60,
    concurrency: 2,
    singletonKey: importSingletonKey,
    deadLetter: 'orders-import-abandoned',
  },
  'orders-import-abandoned': { retryLimit: 10, retryDelaySeconds: 5 },
};

/** Adds or overrides a queue's behaviour (a module at start-up, or a test). */
export function defineQueue<N extends TJobName>(name: N, definition: Partial<TQueueDefinition<TJobPayloads[N]>>): void {
  (definitions as Record<string, unknown>)[name] = definition;
}

export function queueDefinition<N extends TJobName>(name: N): TQueueDefinition<TJobPayloads[N]> {
  const own = (definitions as Record<string, Partial<TQueueDefinition<TJobPayloads[N]>> | undefined>)[name];
  return { ...(DEFAULT_QUEUE as TQueueDefinition<TJobPayloads[N]>), ...own };
}

export function definedQueueNames(): TJobName[] {
  return Object.keys(definitions) as TJobName[];
}
