import { sql, type SQL } from 'drizzle-orm';
import { UNANSWERED_OUTCOMES, type TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { orderVisibility, type TOrderScope } from '../orders/order-access.js';

// Issue 15.2 (docs/decisions/0084): an agent's queue and its row-level claims.

/** Statuses still to confirm: the queue's orders. */
const TO_CALL = sql.raw(`('new', 'pending', 'reported')`);
/** Outcomes after which the order comes back once the retry wait has passed. */
const RETRY = sql.raw(`(${[...UNANSWERED_OUTCOMES, 'whatsapp'].map((o) => `'${o}'`).join(', ')})`);

/** The agent's orders: assigned to them, and (for who sees the whole shop) the unassigned pool. */
function agentOrders(scope: TOrderScope & { userId: number }): SQL {
  return scope.seesAll ? sql`(o.agent_id = ${scope.userId} or o.agent_id is null)` : sql`o.agent_id = ${scope.userId}`;
}

/** A call-back is due: asked for by the customer, or a reported order's schedule. */
const callbackDue = (now: Date) =>
  sql`((o.callback_at is not null and o.callback_at <= ${now}) or
       (o.callback_at is null and o.status_type = 'reported' and o.reported_at is not null and o.reported_at <= ${now}))`;

/**
 * Claims the next order to call for this agent and answers its id: call-backs now due first (the
 * earliest asked), then orders never attempted (oldest first), then unanswered ones whose retry
 * wait has passed (longest waiting first). An order claimed by another agent until later is
 * skipped; FOR UPDATE SKIP LOCKED passes over an order another agent is claiming at this moment,
 * and the claim is written on the order row itself, so an agent who waited for the row re-reads
 * the claim and moves on (PostgreSQL re-checks the row's conditions on its newest version).
 * The agent's earlier claims are let go first: one order at a time.
 */
export async function claimNextOrder(
  tx: Tx,
  scope: TOrderScope & { userId: number },
  options: { now: Date; retryMinutes: number; claimMinutes: number },
): Promise<number | undefined> {
  const { now } = options;
  await tx.execute(
    sql`update orders set claimed_by = null, claimed_until = null
        where tenant_id = ${scope.tenantId} and claimed_by = ${scope.userId}`,
  );
  const retryBefore = new Date(now.getTime() - options.retryMinutes * 60_000);
  const until = new Date(now.getTime() + options.claimMinutes * 60_000);
  const due = callbackDue(now);
  const [row] = await rows<{ id: number }>(
    tx,
    sql`with pick as (
          select o.id from orders o
          where o.tenant_id = ${scope.tenantId} and o.deleted_at is null and o.status_type in ${TO_CALL}
            and ${agentOrders(scope)} and ${orderVisibility(scope)}
            and (o.claimed_until is null or o.claimed_until <= ${now} or o.claimed_by = ${scope.userId})
            and (${due} or (o.attempts_count = 0 and o.callback_at is null and o.status_type <> 'reported')
              or (o.callback_at is null and o.status_type <> 'reported' and o.last_outcome in ${RETRY}
                  and o.last_attempt_at <= ${retryBefore}))
          order by case when ${due} then 0 when o.attempts_count = 0 then 1 else 2 end,
            case when ${due} then coalesce(o.callback_at, o.reported_at)
                 when o.attempts_count = 0 then o.created_at else o.last_attempt_at end,
            o.id
          limit 1
          for update of o skip locked
        )
        update orders o set claimed_by = ${scope.userId}, claimed_until = ${until}
        from pick where o.tenant_id = ${scope.tenantId} and o.id = pick.id
        returning o.id`,
  );
  return row?.id;
}

/**
 * Ends the caller's own claim on an order they may see (closing the dialog without an outcome);
 * an order with no claim left (an outcome already let it go) stays as it is. False when the order
 * is not theirs to release: not in the shop, outside their scope, or claimed by another agent
 * (a 404, like every id of someone else).
 */
export async function releaseClaim(tx: Tx, scope: TOrderScope & { userId: number }, orderId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    tx,
    sql`with target as (
          select o.id from orders o
          where o.tenant_id = ${scope.tenantId} and o.id = ${orderId} and o.deleted_at is null
            and (o.claimed_by is null or o.claimed_by = ${scope.userId}) and ${orderVisibility(scope)}
        ), released as (
          update orders o set claimed_by = null, claimed_until = null
          where o.tenant_id = ${scope.tenantId} and o.id in (select id from target) and o.claimed_by = ${scope.userId}
        )
        select id from target`,
  );
  return found.length > 0;
}

export interface TCallbackRecord {
  id: number;
  order_number: number;
  customer_full_name: string;
  customer_phone_1: string;
  agent_id: number | null;
  agent_name: string | null;
  status_name: string;
  status_color: string;
  status_type: TStatusType;
  due_at: Date | string;
  attempts_count: number;
  claimed_by_name: string | null;
}

/** The call-back queue view: orders to call back, earliest first (due ones and upcoming). */
export async function callbackQueue(
  tx: Tx,
  scope: TOrderScope & { userId: number },
  options: { mine: boolean; limit: number },
): Promise<TCallbackRecord[]> {
  return rows<TCallbackRecord>(
    tx,
    sql`select o.id, o.order_number, o.customer_full_name, o.customer_phone_1, o.agent_id, a.name as agent_name,
          s.display_name as status_name, s.color as status_color, o.status_type,
          coalesce(o.callback_at, o.reported_at) as due_at, o.attempts_count, cu.name as claimed_by_name
        from orders o
        join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
        left join users a on a.tenant_id = o.tenant_id and a.id = o.agent_id
        left join users cu on cu.tenant_id = o.tenant_id and cu.id = o.claimed_by and o.claimed_until > now()
        where o.tenant_id = ${scope.tenantId} and o.deleted_at is null and o.status_type in ${TO_CALL}
          and (o.callback_at is not null or (o.status_type = 'reported' and o.reported_at is not null))
          and ${orderVisibility(scope)} ${options.mine ? sql`and ${agentOrders(scope)}` : sql``}
        order by coalesce(o.callback_at, o.reported_at), o.id
        limit ${options.limit}`,
  );
}

// ---------------------------------------------------------------- the no-answer rule's job

/** Shops whose no-answer rule is on, with their rule (the job's system pass lists them). */
export async function shopsWithNoAnswerRule(tx: Tx) {
  return rows<{
    tenant_id: number;
    unanswered_limit: number;
    unanswered_hours: number;
    no_answer_status_id: number;
  }>(
    tx,
    sql`select c.tenant_id, c.unanswered_limit, c.unanswered_hours, c.no_answer_status_id
        from call_centre_settings c join tenants t on t.id = c.tenant_id
        where c.no_answer_status_id is not null`,
  );
}

/** Orders the rule moves: enough unanswered attempts spread over enough hours, not yet moved. */
export async function ordersPastNoAnswerRule(
  tx: Tx,
  tenantId: number,
  rule: { unanswered_limit: number; unanswered_hours: number; no_answer_status_id: number },
  limit: number,
): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select o.id from orders o
        where o.tenant_id = ${tenantId} and o.deleted_at is null and o.status_type in ${TO_CALL}
          and o.no_answer_moved_at is null and o.status_id <> ${rule.no_answer_status_id}
          and o.unanswered_count >= ${rule.unanswered_limit}
          and o.last_attempt_at - o.first_unanswered_at >= make_interval(hours => ${rule.unanswered_hours})
        order by o.id limit ${limit}
        for update of o skip locked`,
  );
  return found.map((r) => r.id);
}

export async function markNoAnswerMoved(tx: Tx, tenantId: number, orderIds: number[], at: Date): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(
    sql`update orders set no_answer_moved_at = ${at}, claimed_by = null, claimed_until = null
        where tenant_id = ${tenantId} and id = any(${`{${orderIds.join(',')}}`}::int[])`,
  );
}
