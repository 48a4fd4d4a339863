import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/** The central dashboard's figures (issue 19.6, docs/decisions/0097), each one query. */
export function tenantsByStatus(tx: Tx) {
  return rows<{ status: string; n: number }>(
    tx,
    sql`select status, count(*)::int as n from subscriptions where current group by status`,
  );
}

/**
 * Monthly recurring revenue in whole dinars: every running paid subscription (active or in its
 * grace days) at its plan's monthly price.
 */
export async function monthlyRecurringRevenue(tx: Tx): Promise<number> {
  const [row] = await rows<{ mrr: number }>(
    tx,
    sql`select coalesce(sum(p.price_month), 0)::int as mrr from subscriptions s join plans p on p.id = s.plan_id
        where s.current and not p.is_trial and s.status in ('active', 'past_due')`,
  );
  return row?.mrr ?? 0;
}

export async function paymentsOfMonth(tx: Tx, month: string) {
  const [row] = await rows<{ count: number; amount: number }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(amount), 0)::int as amount from payments
        where voided_at is null and to_char(paid_on, 'YYYY-MM') = ${month}`,
  );
  return row ?? { count: 0, amount: 0 };
}

export function trialsEnding(tx: Tx, days: number) {
  return rows<{ tenant_id: number; cq_name: string; name: string; valid_to: string }>(
    tx,
    sql`select t.id as tenant_id, t.cq_name, t.name,
               to_char(s.valid_to at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as valid_to
        from subscriptions s join plans p on p.id = s.plan_id join tenants t on t.id = s.tenant_id
        where s.current and p.is_trial and s.status = 'trialing'
          and s.valid_to < now() + make_interval(days => ${days})
        order by s.valid_to limit 50`,
  );
}

/** Shops created per ISO week (Africa/Algiers), the last `weeks` weeks. */
export function signupsPerWeek(tx: Tx, weeks: number) {
  return rows<{ week: string; count: number }>(
    tx,
    sql`select to_char(date_trunc('week', created_at at time zone 'Africa/Algiers'), 'YYYY-MM-DD') as week,
               count(*)::int as count
        from tenants where created_at > now() - make_interval(weeks => ${weeks})
        group by 1 order by 1`,
  );
}

/** Orders created per day across every shop (Africa/Algiers days), the last `days` days. */
export function ordersPerDay(tx: Tx, days: number) {
  return rows<{ day: string; count: number }>(
    tx,
    sql`select to_char(created_at at time zone 'Africa/Algiers', 'YYYY-MM-DD') as day, count(*)::int as count
        from orders where created_at > now() - make_interval(days => ${days})
        group by 1 order by 1`,
  );
}
