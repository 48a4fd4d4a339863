import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client.js';
import { keepsOwnStatistics, refreshPlannerStatistics } from '../src/db/planner-statistics.js';
import { openTestDatabase, unique } from './support/test-db.js';

// Decision 0133: where nothing keeps the planner's statistics (the embedded database; a server
// with autovacuum off), the hourly job does, so a table filled in bulk is no longer planned as empty.
describe('planner statistics', () => {
  it('are kept by the job only where the database does not keep them itself', async () => {
    const database = await openTestDatabase();
    const [setting] = await rows<{ on: boolean }>(database.db, sql`select current_setting('autovacuum') = 'on' as on`);
    const expected = database.kind === 'pglite' ? false : setting!.on;
    expect(await keepsOwnStatistics(database)).toBe(expected);
  });

  it('count the rows of a table filled since the last refresh', async () => {
    const database = await openTestDatabase();
    const name = unique('stats_probe').replace('-', '_');
    const table = sql.identifier(name);
    await database.db.execute(sql`create table ${table} (n integer)`);
    try {
      await database.db.execute(sql`insert into ${table} select generate_series(1, 1300)`);
      const estimate = async () =>
        (
          await rows<{ reltuples: number }>(
            database.db,
            sql`select reltuples::int as reltuples from pg_class where oid = to_regclass(${name})`,
          )
        )[0]!.reltuples;
      expect(await estimate()).toBe(-1); // never analysed: the planner guesses from the file size
      await refreshPlannerStatistics(database.db);
      expect(await estimate()).toBe(1300);
    } finally {
      await database.db.execute(sql`drop table ${table}`);
    }
  });
});
