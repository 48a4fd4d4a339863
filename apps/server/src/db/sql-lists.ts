import { sql, type SQL } from 'drizzle-orm';

/**
 * The values as one bound parameter each, comma-separated, for `x in (${inList(ids)})` or
 * `x not in (${inList(statuses)})`. The one IN-list builder of the server (docs/decisions/0044):
 * repositories use it rather than their own copy. An empty list makes `in ()`, which PostgreSQL
 * rejects: callers return early on an empty selection, as they did before.
 */
export function inList(values: readonly unknown[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** A term matched literally by LIKE / ILIKE: its `\\`, `%` and `_` escaped. */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, '\\$&');
