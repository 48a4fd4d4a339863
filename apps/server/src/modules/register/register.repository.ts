import type { TPlan } from '@cod/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/** What the public landing page shows (issue 19.5): the plans not archived, cheapest first. */
export function publicPlans(tx: Tx) {
  return rows<Omit<TPlan, 'features' | 'archived' | 'subscribers'> & { features: string }>(
    tx,
    sql`select id, name, is_trial, price_month, price_year, duration_days, max_orders_per_month, max_users,
               max_shipping_companies, max_sales_channels, features::text as features
        from plans where archived_at is null order by is_trial desc, price_month, id`,
  );
}

export function publicStates(tx: Tx) {
  return rows<{ id: number; name: string; name_ar: string }>(
    tx,
    sql`select id, name, name_ar from states where id between 1 and 58 order by id`,
  );
}

/**
 * One hit on a fixed-window counter (the sign-in limits' table, decision 0038), atomically: the
 * row lock of the upsert makes parallel sign-ups count one after the other.
 */
export async function hitCounter(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; secondsLeft: number }> {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const [row] = await rows<{ hits: number; seconds_left: number }>(
    db,
    sql`insert into auth_rate_counters as c (key, hits, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          hits = case when c.window_started_at <= now() - ${window} then 1 else c.hits + 1 end,
          window_started_at = case when c.window_started_at <= now() - ${window} then now() else c.window_started_at end
        returning c.hits, ceil(extract(epoch from (c.window_started_at + ${window} - now())))::int as seconds_left`,
  );
  return { hits: row!.hits, secondsLeft: Math.max(1, row!.seconds_left) };
}
