import { sql } from 'drizzle-orm';
import type { TCommissionOn, TCommissionType, TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';

type TWindow = { from: Date; to: Date };

/** The agent's rule of each order (orders with an agent whose commission is not 'none'). */
export interface TOrderRule {
  order_id: number;
  agent_id: number;
  total: string;
  commission_type: TCommissionType;
  commission_amount: string;
  commission_rate: string;
  commission_on: TCommissionOn;
}

export async function rulesOfOrders(tx: Tx, tenantId: number, orderIds: readonly number[]): Promise<TOrderRule[]> {
  if (!orderIds.length) return [];
  return rows<TOrderRule>(
    tx,
    sql`select o.id as order_id, o.agent_id, o.total::text as total, u.commission_type,
          u.commission_amount::text as commission_amount, u.commission_rate::text as commission_rate, u.commission_on
        from orders o join users u on u.tenant_id = o.tenant_id and u.id = o.agent_id
        where o.tenant_id = ${tenantId} and o.id in (${inList(orderIds)}) and u.commission_type <> 'none'`,
  );
}

/**
 * Earned lines of the orders that have no open earning (decision 0114): an order earns again only
 * after its last earning was reversed. Each earning is numbered per order and the unique key
 * (order, earning, kind) makes a replay or a concurrent twin insert nothing.
 */
export async function insertEarned(
  tx: Tx,
  tenantId: number,
  lines: ReadonlyArray<{ orderId: number; agentId: number; on: TCommissionOn; amount: number }>,
): Promise<number> {
  if (!lines.length) return 0;
  const values = lines.map((l) => sql`(${l.orderId}::int, ${l.agentId}::int, ${l.on}::text, ${l.amount}::bigint)`);
  const inserted = await rows<{ id: number }>(
    tx,
    sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, earning)
        select ${tenantId}, x.order_id, x.agent_id, 'earned', x.rule_on, x.amount,
          coalesce((select max(c.earning) from agent_commissions c
                    where c.tenant_id = ${tenantId} and c.order_id = x.order_id), 0) + 1
        from (values ${sql.join(values, sql`, `)}) as x(order_id, agent_id, rule_on, amount)
        where not exists (${openEarning(tenantId, sql`x.order_id`)})
        on conflict (tenant_id, order_id, earning, kind) do nothing returning id`,
  );
  return inserted.length;
}

/** An earned line of the order that no reversal answers yet. */
function openEarning(tenantId: number, orderId: ReturnType<typeof sql>) {
  return sql`select 1 from agent_commissions e
    where e.tenant_id = ${tenantId} and e.order_id = ${orderId} and e.kind = 'earned'
      and not exists (select 1 from agent_commissions r where r.tenant_id = e.tenant_id
                      and r.order_id = e.order_id and r.earning = e.earning and r.kind = 'reversed')`;
}

/** The reversal of the open earning of each of these orders, once (returned, cancelled, deleted). */
export async function insertReversals(tx: Tx, tenantId: number, orderIds: readonly number[]): Promise<number> {
  if (!orderIds.length) return 0;
  const inserted = await rows<{ id: number }>(
    tx,
    sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, earning)
        select e.tenant_id, e.order_id, e.agent_id, 'reversed', e.rule_on, -e.amount_centimes, e.earning
        from agent_commissions e
        where e.tenant_id = ${tenantId} and e.order_id in (${inList(orderIds)}) and e.kind = 'earned'
          and not exists (select 1 from agent_commissions r where r.tenant_id = e.tenant_id
                          and r.order_id = e.order_id and r.earning = e.earning and r.kind = 'reversed')
        on conflict (tenant_id, order_id, earning, kind) do nothing returning id`,
  );
  return inserted.length;
}

export interface TAgentMonthRow {
  agent_id: number;
  name: string;
  commission_type: TCommissionType;
  commission_on: TCommissionOn;
  orders: number;
  reversed_orders: number;
  earned: string;
  reversed: string;
  paid: string;
  due: string;
}

/**
 * Per agent: the window's earned and reversed lines and payouts, and what is due at its end (all
 * lines minus all payouts up to then). Agents are the users with a commission or any ledger line.
 */
export async function agentMonths(
  tx: Tx,
  tenantId: number,
  window: TWindow & { firstDay: string; lastDay: string },
  agentId: number | null,
): Promise<TAgentMonthRow[]> {
  const { firstDay, lastDay } = window;
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const one = agentId === null ? sql`` : sql`and u.id = ${agentId}`;
  return rows<TAgentMonthRow>(
    tx,
    sql`with l as (
          select agent_id,
            count(*) filter (where kind = 'earned' and occurred_at >= ${from} and occurred_at < ${to})::int as orders,
            count(*) filter (where kind = 'reversed' and occurred_at >= ${from} and occurred_at < ${to})::int as reversed_orders,
            coalesce(sum(amount_centimes) filter (where kind = 'earned' and occurred_at >= ${from} and occurred_at < ${to}), 0) as earned,
            coalesce(-sum(amount_centimes) filter (where kind = 'reversed' and occurred_at >= ${from} and occurred_at < ${to}), 0) as reversed,
            coalesce(sum(amount_centimes) filter (where occurred_at < ${to}), 0) as to_date
          from agent_commissions where tenant_id = ${tenantId} group by agent_id
        ), p as (
          select cp.agent_id,
            coalesce(sum(e.amount_centimes) filter (where e.spent_on between ${firstDay}::date and ${lastDay}::date), 0) as paid,
            coalesce(sum(e.amount_centimes) filter (where e.spent_on <= ${lastDay}::date), 0) as paid_to_date
          from commission_payouts cp join expenses e on e.tenant_id = cp.tenant_id and e.id = cp.expense_id
          where cp.tenant_id = ${tenantId} group by cp.agent_id
        )
        select u.id as agent_id, u.name, u.commission_type, u.commission_on,
          coalesce(l.orders, 0) as orders, coalesce(l.reversed_orders, 0) as reversed_orders,
          coalesce(l.earned, 0)::text as earned, coalesce(l.reversed, 0)::text as reversed,
          coalesce(p.paid, 0)::text as paid,
          (coalesce(l.to_date, 0) - coalesce(p.paid_to_date, 0))::text as due
        from users u left join l on l.agent_id = u.id left join p on p.agent_id = u.id
        where u.tenant_id = ${tenantId} ${one}
          and (u.commission_type <> 'none' or l.agent_id is not null or p.agent_id is not null)
        order by u.name, u.id`,
  );
}

export interface TLineRow {
  id: number;
  order_id: number;
  order_number: number;
  kind: 'earned' | 'reversed';
  rule_on: TCommissionOn;
  amount_centimes: string;
  occurred_at: Date | string;
}

export async function agentLines(tx: Tx, tenantId: number, agentId: number, window: TWindow): Promise<TLineRow[]> {
  return rows<TLineRow>(
    tx,
    sql`select c.id, c.order_id, o.order_number, c.kind, c.rule_on, c.amount_centimes::text as amount_centimes, c.occurred_at
        from agent_commissions c join orders o on o.tenant_id = c.tenant_id and o.id = c.order_id
        where c.tenant_id = ${tenantId} and c.agent_id = ${agentId}
          and c.occurred_at >= ${window.from.toISOString()} and c.occurred_at < ${window.to.toISOString()}
        order by c.occurred_at desc, c.id desc limit 500`,
  );
}

/** The agent's row, locked: payouts of one agent queue here, so two cannot both pay what is due. */
export async function lockAgent(
  tx: Tx,
  tenantId: number,
  agentId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await rows<{ id: number; name: string }>(
    tx,
    sql`select id, name from users where tenant_id = ${tenantId} and id = ${agentId} for update`,
  );
  return row;
}

/** Everything earned (net) minus everything paid, whatever the dates. */
export async function dueOf(tx: Tx, tenantId: number, agentId: number): Promise<number> {
  const [row] = await rows<{ due: string }>(
    tx,
    sql`select ((select coalesce(sum(amount_centimes), 0) from agent_commissions
                 where tenant_id = ${tenantId} and agent_id = ${agentId})
              - (select coalesce(sum(e.amount_centimes), 0) from commission_payouts cp
                 join expenses e on e.tenant_id = cp.tenant_id and e.id = cp.expense_id
                 where cp.tenant_id = ${tenantId} and cp.agent_id = ${agentId}))::text as due`,
  );
  return Number(row?.due ?? 0);
}

export async function insertPayout(tx: Tx, tenantId: number, expenseId: number, agentId: number): Promise<void> {
  await tx.execute(
    sql`insert into commission_payouts (tenant_id, expense_id, agent_id) values (${tenantId}, ${expenseId}, ${agentId})`,
  );
}

/** The window's net commission of one agent and the number of orders it counts (home page). */
export async function agentNet(
  tx: Tx,
  tenantId: number,
  agentId: number,
  window: TWindow,
): Promise<{ orders: number; net: number }> {
  const [row] = await rows<{ orders: number; net: string }>(
    tx,
    sql`select (count(*) filter (where kind = 'earned') - count(*) filter (where kind = 'reversed'))::int as orders,
          coalesce(sum(amount_centimes), 0)::text as net
        from agent_commissions where tenant_id = ${tenantId} and agent_id = ${agentId}
          and occurred_at >= ${window.from.toISOString()} and occurred_at < ${window.to.toISOString()}`,
  );
  return { orders: Number(row?.orders ?? 0), net: Number(row?.net ?? 0) };
}

/** An order's net commission (its profit reads it). */
export async function orderNet(tx: Tx, tenantId: number, orderId: number): Promise<number> {
  const [row] = await rows<{ net: string }>(
    tx,
    sql`select coalesce(sum(amount_centimes), 0)::text as net from agent_commissions
        where tenant_id = ${tenantId} and order_id = ${orderId}`,
  );
  return Number(row?.net ?? 0);
}

export const EARNING_TYPES: Record<TCommissionOn, readonly TStatusType[]> = {
  // "Confirmed" counts an order that reached confirmed or any later step (decision 0077's reading).
  confirmed: ['confirmed', 'inDispatch', 'follow-up', 'delivered'],
  delivered: ['delivered'],
};
