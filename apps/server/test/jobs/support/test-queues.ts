import crypto from 'node:crypto';
import { defineQueue } from '../../../src/jobs/queues.js';

// Test-only jobs, typed like real ones through declaration merging.
declare module '../../../src/jobs/queues.js' {
  interface TJobPayloads {
    'jobs-test-echo': { value: number };
    'jobs-test-flaky': { failTimes: number };
    'jobs-test-slow': { ms: number };
    'jobs-test-crash': { marker: string };
    'jobs-test-doomed': { marker: string };
    'jobs-test-doomed-dead': { marker: string };
  }
}

/** Fast retries and a short heartbeat window so crash recovery is observable in seconds. */
export function defineTestQueues(): void {
  const quick = { retryDelaySeconds: 0, retryBackoff: false, heartbeatTimeoutSeconds: 2 } as const;
  defineQueue('jobs-test-echo', { ...quick, retryLimit: 0 });
  defineQueue('jobs-test-flaky', { ...quick, retryLimit: 2 });
  defineQueue('jobs-test-slow', { ...quick, retryLimit: 3 });
  defineQueue('jobs-test-crash', { ...quick, retryLimit: 3 });
  defineQueue('jobs-test-doomed', { ...quick, retryLimit: 1, deadLetter: 'jobs-test-doomed-dead' });
  defineQueue('jobs-test-doomed-dead', { ...quick, retryLimit: 0 });
}

/** Each test file gets its own pg-boss schema, so files sharing one PostgreSQL never see each other's jobs. */
export const testSchema = () => `pgboss_test_${crypto.randomBytes(4).toString('hex')}`;

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
