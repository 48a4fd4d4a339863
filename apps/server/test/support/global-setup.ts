import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { syncReferenceData } from '../../src/db/seed/reference-data.js';

/**
 * With TEST_DATABASE_URL (CI: a fresh database on the local PostgreSQL), migrate it once before
 * the files run in parallel. Without it, each file gets its own in-memory PGlite instead.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await migrate(database);
    await syncReferenceData(database.db);
  } finally {
    await database.close();
  }
}
