import { sql } from 'drizzle-orm';
import type { TAssignmentMode } from '@cod/shared';
import { rows, type Db, type Tx } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';

/** A shop's assignment_settings row (migration 0021; no row = off). */
export interface TAssignmentRow {
  mode: TAssignmentMode;
  max_open_orders: number | null;
  online_only: boolean;
  use_product_permissions: boolean;
  release_after_minutes: number | null;
  last_agent_id: number | null;
  updated_at: Date;
}

const COLUMNS = sql`mode, max_open_orders, online_only, use_product_permissions, release_after_minutes, last_agent_id, updated_at`;

/**
 * The settings; with `lock`, the row is held to commit. That row lock is the shop's assignment
 * lock: every transaction that hands out orders automatically takes it first, so agents' loads are
 * counted one transaction after the other and the cap is never passed (docs/decisions/0086).
 */
export async function findAssignmentSettings(
  tx: Tx,
  tenantId: number,
  options: { lock?: boolean } = {},
): Promise<TAssignmentRow | undefined> {
  const [row] = await rows<TAssignmentRow>(
    tx,
    sql`select ${COLUMNS} from assignment_settings where tenant_id = ${tenantId}
        ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function saveAssignmentSettings(
  tx: Tx,
  tenantId: number,
  values: Omit<TAssignmentRow, 'last_agent_id' | 'updated_at'>,
): Promise<void> {
  await tx.execute(
    sql`insert into assignment_settings (tenant_id, mode, max_open_orders, online_only, use_product_permissions,
          release_after_minutes)
        values (${tenantId}, ${values.mode}, ${values.max_open_orders}, ${values.online_only},
          ${values.use_product_permissions}, ${values.release_after_minutes})
        on conflict (tenant_id) do update set mode = excluded.mode, max_open_orders = excluded.max_open_orders,
          online_only = excluded.online_only, use_product_permissions = excluded.use_product_permissions,
          release_after_minutes = excluded.release_after_minutes, updated_at = now()`,
  );
}

export async function setLastAgent(tx: Tx, tenantId: number, agentId: number | null): Promise<void> {
  await tx.execute(sql`update assignment_settings set last_agent_id = ${agentId} where tenant_id = ${tenantId}`);
}

/** A user the automation may give orders to, with what it needs to choose. */
export interface TCandidateRow {
  id: number;
  load: number;
  online: boolean;
  restricted: boolean;
  product_ids: number[] | null;
}

/**
 * The shop's agents: active users who work on orders ('view orders') but only on their own (no
 * 'view all orders': owners and managers are never handed orders by the automation). With each,
 * its open orders (new, pending, reported), presence and product scope. One statement.
 */
export async function listCandidates(tx: Tx, tenantId: number): Promise<TCandidateRow[]> {
  return rows<TCandidateRow>(
    tx,
    sql`with perms as (
          select rp.role_id, bool_or(p.name = 'view orders') as works, bool_or(p.name = 'view all orders') as sees_all
          from role_permissions rp join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
          where rp.tenant_id = ${tenantId} and p.name in ('view orders', 'view all orders')
          group by rp.role_id
        ), agents as (
          select u.id from users u join perms on perms.role_id = u.role_id
          where u.tenant_id = ${tenantId} and u.active and perms.works and not perms.sees_all
        ), loads as (
          select o.agent_id, count(*)::int as load from orders o
          where o.tenant_id = ${tenantId} and o.agent_id in (select id from agents) and o.deleted_at is null
            and o.agent_id is not null and o.status_type in ('new', 'pending', 'reported')
          group by o.agent_id
        )
        select a.id, coalesce(l.load, 0) as load, coalesce(p.online, false) as online,
          (s.user_id is not null) as restricted,
          case when s.user_id is null then null else array(
            select pp.product_id from user_product_permissions pp
            where pp.tenant_id = ${tenantId} and pp.user_id = a.id) end as product_ids
        from agents a
        left join loads l on l.agent_id = a.id
        left join presence p on p.tenant_id = ${tenantId} and p.user_id = a.id
        left join user_product_scopes s on s.tenant_id = ${tenantId} and s.user_id = a.id
        order by a.id`,
  );
}

/**
 * Gives the orders to their agents as the automation: agent_source 'auto' (the trigger of
 * migration 0021 marks every other agent change manual). Only orders still without an agent.
 */
export async function setAutoAgents(
  tx: Tx,
  tenantId: number,
  assignments: ReadonlyArray<{ orderId: number; agentId: number }>,
): Promise<Array<{ id: number; order_number: number; agent_id: number }>> {
  if (!assignments.length) return [];
  const json = JSON.stringify(assignments.map((a) => ({ id: a.orderId, agent_id: a.agentId })));
  return rows(
    tx,
    sql`update orders o set agent_id = x.agent_id, agent_source = 'auto', agent_assigned_at = now()
        from jsonb_to_recordset(${json}::jsonb) as x(id int, agent_id int)
        where o.tenant_id = ${tenantId} and o.id = x.id and o.agent_id is null
        returning o.id, o.order_number, o.agent_id`,
  );
}

/** Shops whose automation may take orders back (system context: the job walks every shop). */
export async function shopsReleasing(db: Db): Promise<Array<{ tenant_id: number; release_after_minutes: number }>> {
  return rows(
    db,
    sql`select tenant_id, release_after_minutes from assignment_settings
        where mode <> 'off' and release_after_minutes is not null order by tenant_id`,
  );
}

/**
 * Untouched automatic orders of agents offline since before `offlineSince` (or never seen), locked:
 * still 'new', given by the automation, not written since (updated_at is not after the assignment)
 * and never called or messaged (no attempt, issue 15.1). A manual assignment is never among them.
 */
export async function lockStaleAutoOrders(
  tx: Tx,
  tenantId: number,
  offlineSince: Date,
): Promise<Array<{ id: number; order_number: number; agent_id: number; status_type: string; product_ids: number[] }>> {
  return rows(
    tx,
    sql`select o.id, o.order_number, o.agent_id, o.status_type,
          array(select distinct l.product_id from order_lines l
                where l.tenant_id = ${tenantId} and l.order_id = o.id) as product_ids
        from orders o
        where o.tenant_id = ${tenantId} and o.agent_source = 'auto' and o.agent_id is not null
          and o.deleted_at is null and o.status_type = 'new'
          and o.updated_at <= o.agent_assigned_at and o.attempts_count = 0
          and not exists (
            select 1 from presence p where p.tenant_id = ${tenantId} and p.user_id = o.agent_id
              and (p.online or p.last_changed > ${offlineSince.toISOString()}::timestamptz))
        order by o.id
        for update of o skip locked`,
  );
}

/** Back to the pool: no agent, no source. */
export async function releaseOrders(tx: Tx, tenantId: number, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(
    sql`update orders set agent_id = null, agent_source = null, agent_assigned_at = null
        where tenant_id = ${tenantId} and id in (${inList(orderIds)}) and agent_source = 'auto'`,
  );
}
