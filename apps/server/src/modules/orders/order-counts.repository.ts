import { sql, type SQL } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { rows, type Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';

export interface TCountGroup {
  type: TStatusType;
  deleted: boolean;
  count: number;
}

/** Deltas a shop may collect before a reader folds them into order_counts (docs/decisions/0015). */
export const FOLD_THRESHOLD = 500;

/** A row of the counts selects below: a (status type, deleted) group and the shop's pending deltas. */
export interface TCountRow {
  type: TStatusType;
  deleted: boolean;
  n: number;
  /** Only from the counters: how many deltas wait to be folded (the same on every row). */
  pending?: number;
}

export const toCountGroups = (found: readonly TCountRow[]): TCountGroup[] =>
  found.map((g) => ({ type: g.type, deleted: g.deleted, count: Number(g.n) }));

/**
 * Counts by (status type, deleted) of the orders matching `where` (alias o). One pass over the
 * matching rows; with the list's indexes this is an index-only scan for date ranges and agents.
 */
export function orderCountsSelect(where: SQL): SQL {
  return sql`select o.status_type as type, o.deleted_at is not null as deleted, count(*)::int as n
        from orders o where ${where} group by 1, 2`;
}

/**
 * The same counts from the maintained order_counts plus the pending deltas, for the filters they
 * are kept by: the agent (0: unassigned) and the status. Each row's `pending` says how many deltas wait.
 */
export function counterCountsSelect(tenantId: number, filter: { agentKey?: number; statusId?: number }): SQL {
  const conditions = [sql`true`];
  if (filter.agentKey !== undefined) conditions.push(sql`c.agent_key = ${filter.agentKey}`);
  if (filter.statusId !== undefined) conditions.push(sql`c.status_id = ${filter.statusId}`);
  return sql`with c as (
          select agent_key, status_id, deleted, n, false as pending from order_counts where tenant_id = ${tenantId}
          union all
          select agent_key, status_id, deleted, n, true from order_count_deltas where tenant_id = ${tenantId}
        )
        select s.type, c.deleted, sum(c.n)::int as n, sum(count(*) filter (where c.pending)) over ()::int as pending
        from c join statuses s on s.tenant_id = ${tenantId} and s.id = c.status_id
        where ${sql.join(conditions, sql` and `)}
        group by s.type, c.deleted`;
}

/**
 * Folds a shop's deltas into order_counts, unless another request is doing it right now (its
 * own short transaction; readers stay correct before, during and after).
 */
export async function foldOrderCounts(db: Db, tenantId: number): Promise<void> {
  await withTenant(db, tenantId, async (tx) => {
    const [lock] = await rows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('order_counts'), ${tenantId}) as locked`,
    );
    if (lock?.locked) await tx.execute(sql`select app_fold_order_counts(${tenantId})`);
  });
}
