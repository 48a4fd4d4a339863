import pg from 'pg';

export interface TSentStatement {
  text: string;
  values: unknown[];
}

/**
 * What the pg clients send while `fn` runs (every client of the process: run alone), counted at
 * the client, so only on PostgreSQL.
 */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<TSentStatement[]> {
  const sent: TSentStatement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] };
    const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : undefined) ?? [];
    sent.push({ text: typeof first === 'string' ? first : (first?.text ?? ''), values });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}
