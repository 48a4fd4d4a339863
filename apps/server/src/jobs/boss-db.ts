import type { Database } from '../db/client.js';

/** pg-boss 10's database contract (node_modules/pg-boss/types.d.ts `Db`, src/db.js `executeSql`). */
export interface TBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

interface TPgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}
interface TPglite {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  exec(text: string): Promise<Array<{ rows: Array<Record<string, unknown>> }>>;
}

/**
 * ARCHITECTURE 3.7: pg-boss runs on our own connection, whichever database we opened.
 * - PostgreSQL: the `pg` pool behind drizzle; `pool.query` is exactly what pg-boss's own Db calls.
 * - PGlite: statements with parameters go through `query` (one statement, extended protocol);
 *   pg-boss's parameterless scripts (schema creation, migrations, its locked maintenance blocks,
 *   which hold several statements between BEGIN and COMMIT) go through `exec`, which runs
 *   multi-statement text. pg-boss reads rows only from single-statement calls, so the rows of the
 *   last result are the answer. If a script fails inside its BEGIN, the session is rolled back so
 *   the single embedded connection is never left in an aborted transaction.
 * PGlite runs one statement or transaction at a time: a job query waits while a request's
 * transaction runs, so never call enqueue() from inside a transaction on PGlite (it would wait for
 * itself).
 */
export function bossDbFor(database: Database): TBossDb {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as TPgPool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const pglite = client as TPglite;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values);
      try {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        if (/\bBEGIN\b/i.test(text)) await pglite.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
