import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/**
 * Failed sign-ins per key in a sliding window. Stored in the database so that every instance
 * behind a load balancer counts the same attempts.
 */
export async function failuresSince(tx: Tx, key: string, windowSeconds: number) {
  const [row] = await rows<{ count: number; oldest: Date | null }>(
    tx,
    sql`select count(*)::int as count, min(attempted_at) as oldest from login_attempts
        where key = ${key} and attempted_at > now() - make_interval(secs => ${windowSeconds})`,
  );
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordFailure(tx: Tx, keys: string[], windowSeconds: number) {
  for (const key of keys) {
    await tx.execute(sql`insert into login_attempts (key) values (${key})`);
    // Forget what fell out of the window, so the table stays as small as the live attempts.
    await tx.execute(
      sql`delete from login_attempts where key = ${key} and attempted_at <= now() - make_interval(secs => ${windowSeconds})`,
    );
  }
}

export async function clearFailures(tx: Tx, key: string) {
  await tx.execute(sql`delete from login_attempts where key = ${key}`);
}
