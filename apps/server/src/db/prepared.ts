import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Tx } from './client.js';

interface TCompiled {
  sql: string;
  params: unknown[];
  name: string;
}

interface TSessionInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

const compiled = new Map<string, TCompiled>();

/**
 * Runs a hot statement (creating an order or its customer, building list rows) as a named
 * prepared statement (docs/decisions/0015). The text is built once per process, with
 * `sql.placeholder(...)` for every value, so neither drizzle nor PostgreSQL redoes the work on each
 * request: drizzle compiles it once, and on PostgreSQL each connection plans it once. PGlite runs it
 * as a plain query. `key` names the text's variant (the builder must give the same text for a key).
 */
export async function preparedRows<T>(
  tx: Tx,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  const session = tx._.session as unknown as TSessionInternals;
  let query = compiled.get(key);
  if (!query) {
    const text = session.dialect.sqlToQuery(build());
    const name = `q_${crypto.createHash('sha1').update(text.sql).digest('hex').slice(0, 20)}`;
    query = { ...text, name };
    compiled.set(key, query);
  }
  const result = (await session.prepareQuery(query, undefined, query.name, false).execute(values)) as { rows: T[] };
  return result.rows;
}
