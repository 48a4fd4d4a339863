import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig, type TConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { anyTenantExists, DEMO_LOGINS, DEMO_PASSWORD, demoExists, seedDemo } from './db/seed/demo.js';
import { syncReferenceData } from './db/seed/reference-data.js';
import { buildApp } from './http/app.js';

const started = performance.now();

async function prepareDatabase(config: TConfig): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(database);
  await syncReferenceData(database.db);
  const firstStart = !(await anyTenantExists(database.db));
  const wantDemo = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && firstStart);
  if (wantDemo && !(await demoExists(database.db))) await seedDemo(database.db);
  return database;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await prepareDatabase(config);
  const { app } = await buildApp(config, database);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
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

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`\nCannot start: ${error.message}\n`);
  } else {
    console.error('\nCannot start:', error);
  }
  process.exit(1);
});
