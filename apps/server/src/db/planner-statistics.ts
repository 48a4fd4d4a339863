import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from './client.js';

/**
 * The planner's statistics (row counts, value distributions) are what autovacuum's ANALYZE keeps.
 * A PostgreSQL server runs autovacuum by default; the embedded database (PGlite, one process, no
 * background workers) never does, so its estimates stay those of empty tables however much a shop
 * writes, and a join planned for two rows can run for minutes over thousands (decision 0133).
 */
export async function keepsOwnStatistics(database: Database): Promise<boolean> {
  // PGlite answers 'on' for the setting, but has no launcher to act on it.
  if (database.kind === 'pglite') return false;
  const [row] = await rows<{ on: boolean }>(database.db, sql`select current_setting('autovacuum') = 'on' as on`);
  return row?.on === true;
}

/** Refreshes every table's statistics (a sample of each table, seconds on a shop's database). */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
