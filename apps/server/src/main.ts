import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig, loadDotEnv, type TConfig } from './config.js';
import { ensureWritableDir, openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { anyTenantExists, DEMO_LOGINS, DEMO_PASSWORD, demoExists, seedDemo } from './db/seed/demo.js';
import { syncReferenceData } from './db/seed/reference-data.js';
import { buildApp } from './http/app.js';
import { startLocalAdmin } from './http/local-admin.js';
import { carrierKeyring } from './modules/shipping-companies/carrier-runtime.js';
import { startShippingBackground } from './modules/shipping/background.js';
import { startJobs, stopJobs } from './jobs/jobs.js';
import { registerImportWorker } from './modules/imports/import-worker.js';
import { registerWebhookWorker } from './modules/webhooks/webhook-worker.js';
import { startSubscriptionJob } from './modules/subscriptions/subscription-job.js';
import { startCallCentreJob } from './modules/call-attempts/call-centre-job.js';
import { startAssignmentJob } from './modules/assignment/assignment-job.js';
import { startDailyReportJob } from './modules/daily-report/daily-report-job.js';
import { startAnalyticsFoldJob } from './modules/analytics/analytics-fold-job.js';
import { startPlannerStatisticsJob } from './jobs/planner-statistics-job.js';

const started = performance.now();

async function prepareDatabase(config: TConfig): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    openedBy: 'server',
  });
  await migrate(database);
  await syncReferenceData(database.db);
  const firstStart = !(await anyTenantExists(database.db));
  const wantDemo = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && firstStart);
  if (wantDemo && !(await demoExists(database.db))) await seedDemo(database.db);
  return database;
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  // Decision 0019: a wrong or missing carrier key stops start-up with one clear message, before
  // anything is written: the demo seed dispatches parcels with it, and a seed cut off halfway
  // would be taken for a finished one at the next start. The key may be generated in the data
  // folder, so that folder is checked first (its own clear message).
  if (!config.dataDir.startsWith('memory://')) await ensureWritableDir(config.dataDir);
  await carrierKeyring(config);
  const database = await prepareDatabase(config);
  const { app } = await buildApp(config, database);
  // This process alone may open the embedded database: `npm run tenant -- create` asks it (decision 0145).
  const stopLocalAdmin =
    database.kind === 'pglite'
      ? await startLocalAdmin({ database, dataDir: config.dataDir, log: app.log })
      : async () => undefined;
  // ARCHITECTURE 3.7: background jobs after migrations (pg-boss migrates its own schema here).
  await startJobs(database, { log: app.log });
  await registerImportWorker(database.db);
  // Issue 15.7: outbound webhook deliveries (docs/decisions/0089).
  const stopWebhooks = await registerWebhookWorker(database.db, { config, log: app.log });
  // Issue 19: the daily subscription job (Africa/Algiers days, once across instances).
  const stopSubscriptionJob = await startSubscriptionJob(database, app.log);
  // Issue 15.3: orders of agents offline too long go back to the pool (every minute).
  const stopAssignmentJob = startAssignmentJob(database.db, app.log);
  // Issue 15.1: the call centre's no-answer rule (every five minutes, in each shop's working hours).
  const stopCallCentreJob = await startCallCentreJob(database, app.log);
  // Issue 14.4: the daily report mails, at each shop's hour in its zone, once per shop and day.
  const stopDailyReportJob = startDailyReportJob(database, app.log);
  // Issue 14.6: noted order changes folded into the analytics rollups in the background (decision 0118).
  const stopAnalyticsFoldJob = await startAnalyticsFoldJob(database, app.log);
  // The embedded database runs no autovacuum: its planner statistics refreshed hourly (decision 0133).
  const stopPlannerStatisticsJob = await startPlannerStatisticsJob(database, app.log);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await stopLocalAdmin();
    await stopJobs();
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(
        `Port ${config.PORT} is already in use. Stop the other program or set PORT to a free port.`,
      );
    }
    throw error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [`Ready in ${seconds} s on ${config.appUrl}/build/ (${where})`];
  if (await demoExists(database.db)) {
    lines.push(
      `Demo logins (password ${DEMO_PASSWORD}):`,
      ...DEMO_LOGINS.map((l) => `  ${l.email.padEnd(18)} ${l.role}`),
    );
  }
  console.log(lines.join('\n'));
  // Issue 5: the carrier sandbox in demo mode and the shipment status poll (decisions 0018, 0030).
  const stopShipping = await startShippingBackground(database, config, app.log);

  stopping.server = async () => {
    stopSubscriptionJob();
    stopCallCentreJob();
    stopAssignmentJob();
    stopWebhooks();
    stopDailyReportJob();
    stopAnalyticsFoldJob();
    stopPlannerStatisticsJob();
    await stopShipping();
    await stopLocalAdmin();
    // Fastify stops accepting, closes Socket.IO (preClose) and idle keep-alive connections, and
    // waits for the requests in flight before it resolves.
    await app.close();
    await stopJobs();
    await database.close();
  };
  if (stopping.requested) await shutdown(stopping.requested);
}

/**
 * Graceful stop on SIGTERM/SIGINT (docs/decisions/0073): finish in-flight requests, stop the jobs,
 * close the database (PGlite flushes its files), exit 0. A repeated signal (Ctrl-C reaches both
 * `npm start`'s launcher and this process) is ignored; a stop that hangs is cut after 30 s.
 */
const stopping: { requested: NodeJS.Signals | null; server: (() => Promise<void>) | null } = {
  requested: null,
  server: null,
};

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (!stopping.requested) {
    stopping.requested = signal;
    setTimeout(() => {
      console.error('Stopping took longer than 30 s: exiting.');
      process.exit(1);
    }, 30_000).unref();
  }
  const stop = stopping.server;
  // Still starting (main() stops once it is up, so no half-opened database is left), or already stopping.
  if (!stop) return;
  stopping.server = null;
  console.log(`${signal}: stopping (in-flight requests, jobs, database)...`);
  try {
    await stop();
    console.log('Stopped.');
    process.exit(0);
  } catch (error) {
    console.error('Error while stopping:', error);
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`\nCannot start: ${error.message}\n`);
  } else {
    console.error('\nCannot start:', error);
  }
  process.exit(1);
});
