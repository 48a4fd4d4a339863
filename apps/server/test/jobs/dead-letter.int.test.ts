import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { openTestDatabase } from '../support/test-db.js';
import { defineTestQueues, testSchema, waitFor } from './support/test-queues.js';

// docs/decisions/0036: a job that failed for good reaches its dead-letter queue, with its payload,
// including when its process died during its last attempt (the attempt counts); it is never run
// again, and its key reads as failed.
defineTestQueues();
const database: Database = await openTestDatabase();
const schemas: string[] = [];
afterAll(async () => {
  if (database.kind !== 'postgres') return;
  for (const schema of schemas) await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
});

function runner(schema: string) {
  return new JobRunner(database, { schema, pollingIntervalSeconds: 0.2, recoverOnStart: true }).start();
}

describe('jobs that fail for good', () => {
  it('reach their dead letter once their retries are used up', async () => {
    const schema = testSchema();
    schemas.push(schema);
    const jobs = await runner(schema);
    const attempts: number[] = [];
    const dead: string[] = [];
    await jobs.work('jobs-test-doomed', async (job) => {
      attempts.push(job.attempt);
      throw new Error(`boom ${job.attempt}`);
    });
    await jobs.work('jobs-test-doomed-dead', async (job) => void dead.push(job.data.marker));
    await jobs.enqueue('jobs-test-doomed', { marker: 'a' }, { singletonKey: 'doomed-a' });
    await waitFor(async () => dead.length > 0);
    expect(dead).toEqual(['a']);
    expect(attempts).toEqual([1, 2]);
    expect(await jobs.statesByKey('jobs-test-doomed', ['doomed-a', 'unknown'])).toEqual(
      new Map([['doomed-a', ['failed']]]),
    );
    await jobs.stop();
  });

  it('count an attempt that was running when its process died, and are not run again after the last', async () => {
    const schema = testSchema();
    schemas.push(schema);
    const dying = await runner(schema);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reachedLast!: () => void;
    const onLast = new Promise<void>((resolve) => (reachedLast = resolve));
    await dying.work('jobs-test-doomed', async (job) => {
      if (job.attempt === 1) throw new Error('first attempt fails');
      reachedLast();
      await held;
    });
    await dying.enqueue('jobs-test-doomed', { marker: 'b' }, { singletonKey: 'doomed-b' });
    await onLast;

    // The process "dies" in its last attempt: the next one starts while the job is still active.
    const next = await runner(schema);
    const reruns: number[] = [];
    const dead: string[] = [];
    await next.work('jobs-test-doomed', async (job) => void reruns.push(job.attempt));
    await next.work('jobs-test-doomed-dead', async (job) => void dead.push(job.data.marker));
    await waitFor(async () => dead.length > 0);
    release();
    await dying.stop({ timeoutMs: 2000 });
    expect(dead).toEqual(['b']);
    expect(reruns).toEqual([]);
    expect(await next.statesByKey('jobs-test-doomed', ['doomed-b'])).toEqual(new Map([['doomed-b', ['failed']]]));
    await next.stop();
  });
});
