import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/**
 * Attempt counters for the sign-in and reset-mail limits (docs/decisions/0038). Stored in the
 * database so every instance behind a load balancer counts the same attempts; each row is changed
 * under its row lock, so parallel attempts are counted one after the other.
 */
export interface TCounterRow {
  key: string;
  hits: number;
  window_started_at: Date;
  now: Date;
}

// Longer than any window: a counter untouched this long counts nothing and can go.
const STALE_AFTER = sql`interval '1 day'`;
const SWEEP_BATCH = 50;

/**
 * Forgets a few counters nobody touched for a day. Its own statement, before the attempt's
 * transaction: it skips rows another attempt holds and keeps no lock while that one waits.
 */
export async function sweepStaleCounters(db: Db): Promise<void> {
  await db.execute(
    sql`delete from auth_rate_counters where key in (
          select key from auth_rate_counters where window_started_at < now() - ${STALE_AFTER}
          order by window_started_at limit ${SWEEP_BATCH} for update skip locked)`,
  );
}

/**
 * Locks the counters of `keys` until the transaction ends (creating missing ones at zero) and
 * answers them with the database clock. Callers pass the keys sorted, so two transactions always
 * lock them in the same order and never deadlock.
 */
export async function lockCounters(tx: Tx, keys: readonly string[]): Promise<TCounterRow[]> {
  const found = await rows<TCounterRow>(
    tx,
    sql`insert into auth_rate_counters as c (key)
        values ${sql.join(
          keys.map((key) => sql`(${key})`),
          sql`, `,
        )}
        on conflict (key) do update set hits = c.hits
        returning c.key, c.hits, c.window_started_at, now() as now`,
  );
  return found.map((row) => ({ ...row, window_started_at: new Date(row.window_started_at), now: new Date(row.now) }));
}

/** Stores a locked counter: its new hits, and a window restarted now when `restart`. */
export async function saveCounter(tx: Tx, key: string, hits: number, restart: boolean): Promise<void> {
  await tx.execute(
    sql`update auth_rate_counters
        set hits = ${hits}, window_started_at = case when ${restart} then now() else window_started_at end
        where key = ${key}`,
  );
}

/** Gives back one counted attempt (a sign-in that succeeded was no failure). */
export async function refundCounter(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`update auth_rate_counters set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function deleteCounter(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`delete from auth_rate_counters where key = ${key}`);
}

export async function isKnownAddress(tx: Tx, accountKey: string, address: string, days: number): Promise<boolean> {
  const found = await rows<{ known: boolean }>(
    tx,
    sql`select true as known from auth_known_addresses
        where account_key = ${accountKey} and address = ${address}
          and last_success_at > now() - make_interval(days => ${days})`,
  );
  return found.length > 0;
}

export async function rememberAddress(tx: Tx, accountKey: string, address: string, days: number): Promise<void> {
  await tx.execute(
    sql`insert into auth_known_addresses (account_key, address) values (${accountKey}, ${address})
        on conflict (account_key, address) do update set last_success_at = now()`,
  );
  // The account's addresses not used for a while are forgotten, so the table stays small.
  await tx.execute(
    sql`delete from auth_known_addresses
        where account_key = ${accountKey} and last_success_at <= now() - make_interval(days => ${days})`,
  );
}
