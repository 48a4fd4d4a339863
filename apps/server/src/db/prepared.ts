import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { firstRow, type Tx } from './client.js';

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

/** The name PostgreSQL knows a compiled statement by (pg_prepared_statements), once it has run. */
export const preparedStatementName = (key: string): string | undefined => compiled.get(key)?.name;

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
  options: { genericPlan?: boolean } = {},
): Promise<T[]> {
  const session = tx._.session as unknown as TSessionInternals;
  let query = compiled.get(key);
  if (!query) {
    const text = session.dialect.sqlToQuery(build());
    const name = `q_${crypto.createHash('sha1').update(text.sql).digest('hex').slice(0, 20)}`;
    query = { ...text, name };
    compiled.set(key, query);
  }
  const run = async () =>
    ((await session.prepareQuery(query, undefined, query.name, false).execute(values)) as { rows: T[] }).rows;
  if (!options.genericPlan) return run();
  // PostgreSQL plans a prepared statement again at every execution for as long as its custom plans
  // look cheaper than a generic one (plancache.c), which a statement over a varying number of ids
  // always does: the order rows' select cost 3.7 ms of planning per intake batch for 0.6 ms of
  // execution (decision 0138). Forced generic, it is planned once per connection; the setting is
  // put back after it, so the transaction's other statements plan as before.
  const before = await firstRow<{ mode: string }>(
    tx,
    sql`select current_setting('plan_cache_mode') as mode, set_config('plan_cache_mode', 'force_generic_plan', true)`,
  );
  const found = await run();
  await tx.execute(sql`select set_config('plan_cache_mode', ${before!.mode}, true)`);
  return found;
}
