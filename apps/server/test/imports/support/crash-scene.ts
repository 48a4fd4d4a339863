import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { migrate } from '../../../src/db/migrate.js';
import { syncReferenceData } from '../../../src/db/seed/reference-data.js';
import { buildApp } from '../../../src/http/app.js';
import { startJobs, stopJobs } from '../../../src/jobs/jobs.js';
import { testSchema } from '../../jobs/support/test-queues.js';
import { shopWithCatalogue } from '../../orders/orders-support.js';
import { testConfig } from '../../support/test-db.js';

/**
 * The stage of the import crash tests: a database of its own (a PGlite folder, or a job schema on
 * PostgreSQL) that child processes open too, an app with a shop and its catalogue, the job queue
 * started; everything removed after the file's tests. `reopen` opens the database again once the
 * children are done with it (PGlite allows one process at a time).
 */
const url = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const open = (dir: string) => openDatabase(url ? { databaseUrl: url, poolSize: 3 } : { dataDir: dir });

export const afterCrashTests = (cleanup: () => Promise<unknown>) => cleanups.push(cleanup);

export async function openCrashScene(prefix: string) {
  const schema = testSchema();
  const dir = url ? '' : await fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-data-`));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  if (dir) cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  const database = await open(dir);
  await migrate(database);
  await syncReferenceData(database.db);
  const { app } = await buildApp(testConfig({ DATA_DIR: dataDir }), database);
  await startJobs(database, { schema });
  const shop = await shopWithCatalogue(app, database);
  return {
    schema,
    dir,
    dataDir,
    database,
    app,
    shop,
    /** Stops this process's jobs and app and lets go of a PGlite folder, so a child process can open it. */
    async handOver() {
      await stopJobs();
      await app.close();
      if (dir) await database.close();
    },
    /** The database again, after the children (closed, and the job schema dropped, after the tests). */
    async reopen(): Promise<Database> {
      const again = dir ? await open(dir) : database;
      cleanups.push(() => again.close());
      if (url) cleanups.push(() => again.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)));
      return again;
    },
  };
}

/** A fixture of test/imports/fixtures run as its own Node process (tsx), its output piped. */
export function spawnFixture(file: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../fixtures', file)], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
