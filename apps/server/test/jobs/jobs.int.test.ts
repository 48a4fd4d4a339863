import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { enqueue, jobState, startJobs, stopJobs, work } from '../../src/jobs/jobs.js';
import { openTestDatabase } from '../support/test-db.js';
import { defineTestQueues, testSchema, waitFor } from './support/test-queues.js';

// ARCHITECTURE 3.7 on whichever database the run uses: in-memory PGlite, or PostgreSQL 15 with
// TEST_DATABASE_URL. The crash test (a killed process) is in crash.int.test.ts.
defineTestQueues();
const schema = testSchema();
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await startJobs(database, { schema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
});
afterAll(async () => {
  await stopJobs({ timeoutMs: 2000 });
  if (database.kind === 'postgres') await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
});

describe('background jobs', () => {
  it('runs a queued job once with its payload, and records it completed', async () => {
    const seen: Array<{ value: number; attempt: number }> = [];
    await work('jobs-test-echo', async (job) => {
      seen.push({ value: job.data.value, attempt: job.attempt });
    });
    const id = await enqueue('jobs-test-echo', { value: 42 });
    expect(id).toEqual(expect.any(String));
    const state = await waitFor(async () => {
      const s = await jobState('jobs-test-echo', id!);
      return s?.state === 'completed' && s;
    });
    expect(state.attempt).toBe(1);
    expect(seen).toEqual([{ value: 42, attempt: 1 }]);
  });

  it('retries a job whose handler throws, until it succeeds', async () => {
    const attempts: number[] = [];
    await work('jobs-test-flaky', async (job) => {
      attempts.push(job.attempt);
      if (job.attempt <= job.data.failTimes) throw new Error(`boom on attempt ${job.attempt}`);
    });
    const id = await enqueue('jobs-test-flaky', { failTimes: 2 });
    const state = await waitFor(async () => {
      const s = await jobState('jobs-test-flaky', id!);
      return s?.state === 'completed' && s;
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(state.attempt).toBe(3);
  });

  it('marks a job failed with the error once its retries are used up', async () => {
    const id = await enqueue('jobs-test-flaky', { failTimes: 99 });
    const state = await waitFor(async () => {
      const s = await jobState('jobs-test-flaky', id!);
      return s?.state === 'failed' && s;
    });
    expect(state.attempt).toBe(3); // retryLimit 2: three runs
    expect(state.output).toMatchObject({ message: 'boom on attempt 3' });
  });

  it('keeps one job per import file: the same batch queued twice makes one job', async () => {
    const first = await enqueue('orders-import', { tenantId: 7, batchId: 1234 });
    const again = await enqueue('orders-import', { tenantId: 7, batchId: 1234 });
    const other = await enqueue('orders-import', { tenantId: 7, batchId: 1235 });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(other).not.toBe(first);
  });

  it('heartbeats a long job so it outlives its heartbeat window without being retried', async () => {
    const runs: number[] = [];
    await work('jobs-test-slow', async (job) => {
      runs.push(job.attempt);
      await new Promise((resolve) => setTimeout(resolve, job.data.ms));
    });
    // heartbeatTimeoutSeconds is 2 and maintenance runs every second: without the heartbeat the
    // job would be expired and run again.
    const id = await enqueue('jobs-test-slow', { ms: 5000 });
    const state = await waitFor(async () => {
      const s = await jobState('jobs-test-slow', id!);
      return s?.state === 'completed' && s;
    });
    expect(state.attempt).toBe(1);
    expect(runs).toEqual([1]);
  }, 20_000);
});

describe('stopping', () => {
  it('aborts running handlers on stop; the interrupted job is retried by the next runner', async () => {
    const stopSchema = testSchema();
    const runner = await new JobRunner(database, { schema: stopSchema, pollingIntervalSeconds: 0.5 }).start();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await runner.work('jobs-test-crash', async (job) => {
      started();
      await new Promise((_resolve, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason)));
    });
    const id = await runner.enqueue('jobs-test-crash', { marker: 'stop' });
    await running;
    await runner.stop({ timeoutMs: 5000 });

    const next = await new JobRunner(database, { schema: stopSchema, pollingIntervalSeconds: 0.5 }).start();
    const attempts: number[] = [];
    await next.work('jobs-test-crash', async (job) => {
      attempts.push(job.attempt);
    });
    const state = await waitFor(async () => {
      const s = await next.jobState('jobs-test-crash', id!);
      return s?.state === 'completed' && s;
    });
    await next.stop();
    if (database.kind === 'postgres') await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${stopSchema} CASCADE`));
    expect(attempts).toEqual([2]);
    expect(state.attempt).toBe(2);
  });
});
