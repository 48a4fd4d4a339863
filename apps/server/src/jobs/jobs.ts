import type { Database } from '../db/client.js';
import { type TEnqueueOptions, JobRunner, type TJobsConfig, type TJobState } from './job-runner.js';
import type { TJobHandler } from './queue-worker.js';
import type { TJobName, TJobPayloads } from './queues.js';

export type { TJob, TJobHandler } from './queue-worker.js';
export type { TEnqueueOptions, TJobsConfig, TJobState } from './job-runner.js';
export { defineQueue, type TJobName, type TJobPayloads } from './queues.js';

/**
 * The process's background jobs (ARCHITECTURE 3.7). main.ts starts them after migrations and
 * stops them on shutdown; modules enqueue and register workers through these functions.
 */
let runner: JobRunner | null = null;

export async function startJobs(database: Database, config: TJobsConfig = {}): Promise<JobRunner> {
  if (runner) return runner;
  const starting = new JobRunner(database, config);
  await starting.start();
  runner = starting;
  return runner;
}

export async function stopJobs(options: { timeoutMs?: number } = {}): Promise<void> {
  const stopping = runner;
  runner = null;
  await stopping?.stop(options);
}

export function enqueue<N extends TJobName>(
  name: N,
  data: TJobPayloads[N],
  options?: TEnqueueOptions,
): Promise<string | null> {
  return current().enqueue(name, data, options);
}

export function work<N extends TJobName>(name: N, handler: TJobHandler<N>): Promise<void> {
  return current().work(name, handler);
}

export function jobState(name: TJobName, id: string): Promise<TJobState | null> {
  return current().jobState(name, id);
}

export function jobStatesByKey(name: TJobName, singletonKeys: readonly string[]) {
  return current().statesByKey(name, singletonKeys);
}

function current(): JobRunner {
  if (!runner) throw new Error('Background jobs are not started: call startJobs() first.');
  return runner;
}
