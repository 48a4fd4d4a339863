import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.js';

/**
 * This installation's random id (migration 0005), read outside any tenant: the table is
 * installation-wide, one row, no RLS.
 */
export async function installationId(db: Db): Promise<string | null> {
  const [installation] = await rows<{ id: string }>(db, sql`select id from realtime_installation`);
  return installation?.id ?? null;
}
