import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { defineTestQueues, testSchema, waitFor } from './support/test-queues.js';

// ARCHITECTURE 3.7: "a restarted import continues". A real worker process is killed with SIGKILL
// while its job runs (no finally block, no shutdown hook); a new runner must run the job again.
// On PGlite the new process retries it at start (it is the only possible worker); on PostgreSQL
// the dead worker's heartbeat stops and pg-boss's maintenance expires the job, then it is retried.
defineTestQueues();
const url = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  running: Promise<{ id: string; attempt: number }>;
} {
  const script = path.join(import.meta.dirname, 'fixtures/crash-worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const running = new Promise<{ id: string; attempt: number }>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const match = /running (\S+) (\d+)/.exec(d.toString());
      if (match) resolve({ id: match[1]!, attempt: Number(match[2]) });
    });
    child.on('exit', (code) => reject(new Error(`worker exited (${code}) before running: ${stderr}`)));
  });
  return { child, running };
}

describe('a worker killed mid-job', () => {
  it('has its job run again by the next worker, as the second attempt', async () => {
    const schema = testSchema();
    const pgliteDir = url ? '' : await fs.mkdtemp(path.join(os.tmpdir(), 'jobs-crash-'));
    if (pgliteDir) cleanups.push(() => fs.rm(pgliteDir, { recursive: true, force: true }));
    const { child, running } = startWorker({ CRASH_SCHEMA: schema, CRASH_PGLITE_DIR: pgliteDir, CRASH_MARKER: 'm1' });
    const first = await running;
    expect(first.attempt).toBe(1);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const database: Database = await openDatabase(url ? { databaseUrl: url, poolSize: 2 } : { dataDir: pgliteDir });
    cleanups.push(() => database.close());
    if (url) cleanups.push(() => database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)));
    const runner = await new JobRunner(database, {
      schema,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    }).start();
    cleanups.push(() => runner.stop({ timeoutMs: 1000 }));
    const runs: Array<{ id: string; attempt: number; marker: string }> = [];
    await runner.work('jobs-test-crash', async (job) => {
      runs.push({ id: job.id, attempt: job.attempt, marker: job.data.marker });
    });

    const state = await waitFor(async () => {
      const s = await runner.jobState('jobs-test-crash', first.id);
      return s?.state === 'completed' && s;
    }, 20_000);
    expect(runs).toEqual([{ id: first.id, attempt: 2, marker: 'm1' }]);
    expect(state.attempt).toBe(2);
  }, 40_000);
});
