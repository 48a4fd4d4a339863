import { sql, type SQL } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { rows, type Db, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';

export interface TCountGroup {
  type: TStatusType;
  deleted: boolean;
  count: number;
}

/** Deltas a shop may collect before a reader folds them into order_counts (docs/decisions/0015). */
export const FOLD_THRESHOLD = 500;

/**
 * Counts by (status type, deleted) of the orders matching `where` (alias o). One pass over the
 * matching rows; with the list's indexes this is an index-only scan for date ranges and agents.
 */
export async function countOrders(tx: Tx, where: SQL): Promise<TCountGroup[]> {
  const groups = await rows<{ type: TStatusType; deleted: boolean; n: number }>(
    tx,
    sql`select o.status_type as type, o.deleted_at is not null as deleted, count(*)::int as n
        from orders o where ${where} group by 1, 2`,
  );
  return groups.map((g) => ({ type: g.type, deleted: g.deleted, count: Number(g.n) }));
}

/**
 * The same counts from the maintained order_counts plus the pending deltas, for the filters they
 * are kept by: the agent (0: unassigned) and the status. `pending` says how many deltas wait.
 */
export async function countOrdersFromCounters(
  tx: Tx,
  tenantId: number,
  filter: { agentKey?: number; statusId?: number },
): Promise<{ groups: TCountGroup[]; pending: number }> {
  const conditions = [sql`true`];
  if (filter.agentKey !== undefined) conditions.push(sql`c.agent_key = ${filter.agentKey}`);
  if (filter.statusId !== undefined) conditions.push(sql`c.status_id = ${filter.statusId}`);
  const result = await rows<{ type: TStatusType | null; deleted: boolean | null; n: number; pending: number }>(
    tx,
    sql`with c as (
          select agent_key, status_id, deleted, n, false as pending from order_counts where tenant_id = ${tenantId}
          union all
          select agent_key, status_id, deleted, n, true from order_count_deltas where tenant_id = ${tenantId}
        )
        select s.type, c.deleted, sum(c.n)::int as n, sum(count(*) filter (where c.pending)) over ()::int as pending
        from c join statuses s on s.tenant_id = ${tenantId} and s.id = c.status_id
        where ${sql.join(conditions, sql` and `)}
        group by s.type, c.deleted`,
  );
  return {
    groups: result.map((g) => ({ type: g.type!, deleted: g.deleted!, count: Number(g.n) })),
    pending: Number(result[0]?.pending ?? 0),
  };
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
