import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { rows } from './client.js';

export const MIGRATION_LOCK = 726354;
const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * Forward-only SQL migrations (ARCHITECTURE 3.1): files NNNN_name.sql applied in order, each in
 * its own transaction, recorded in schema_migrations. A file that has landed is never edited.
 * On a server, an advisory lock keeps two instances starting together from racing.
 */
export async function migrate(database: Database): Promise<string[]> {
  const { db } = database;
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await database.exclusive(MIGRATION_LOCK, async () => {
    await db.execute(sql`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set(
      (await rows<{ name: string }>(db, sql`select name from schema_migrations`)).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const script = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      const record = `\nINSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');`;
      await database.runScript(script + record);
      applied.push(file);
    }
  });
  return applied;
}
