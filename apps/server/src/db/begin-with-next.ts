import type pg from 'pg';

type TQueryConfig = { text?: string; name?: string; rowMode?: string; values?: unknown[]; submit?: unknown };

/** The text of a query that can share a simple-protocol message: no parameters, no name, no row mode. */
function plainText(config: unknown, values: unknown): string | undefined {
  if (values !== undefined && (!Array.isArray(values) || values.length)) return undefined;
  if (typeof config === 'string') return config;
  const c = config as TQueryConfig | null;
  if (!c || typeof c.text !== 'string' || c.name || c.rowMode || c.values?.length || c.submit) return undefined;
  return c.text;
}

const EMPTY = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };

/**
 * A pg client that holds a transaction's bare `begin` back and sends it in front of the next
 * statement, in one simple-protocol message, when that statement has no parameters (withTenant's
 * set_config, whose literals are checked): one socket write and one PostgreSQL wake-up less per
 * transaction (docs/decisions/0128). A statement with parameters waits for its own `begin`, as
 * before. If the `begin` fails, so does the statement sent with it: nothing runs outside it.
 */
export function beginWithNext(Base: typeof pg.Client): typeof pg.Client {
  return class BeginWithNextClient extends Base {
    private heldBegin = false;

    // pg's query has many overloads; drizzle calls query(config, values) and awaits the promise.
    override query(...args: unknown[]): never {
      const [config, values, callback] = args;
      const text =
        typeof callback === 'function' || typeof values === 'function' ? undefined : plainText(config, values);
      const call = (...a: unknown[]) => (super.query as (...x: unknown[]) => unknown).apply(this, a) as never;
      if (text !== undefined && text.trim().toLowerCase() === 'begin' && !this.heldBegin) {
        this.heldBegin = true;
        return Promise.resolve(EMPTY) as never;
      }
      if (!this.heldBegin) return call(...args);
      this.heldBegin = false;
      if (text !== undefined) {
        const merged =
          typeof config === 'string' ? `begin; ${text}` : { ...(config as object), text: `begin; ${text}` };
        // The begin's result comes first; the caller gets what its own text answers (one or several).
        return (call(merged) as Promise<unknown>).then((results) =>
          Array.isArray(results) ? (results.length === 2 ? results[1] : results.slice(1)) : results,
        ) as never;
      }
      return (call('begin') as Promise<unknown>).then(() => call(...args)) as never;
    }
  } as unknown as typeof pg.Client;
}
