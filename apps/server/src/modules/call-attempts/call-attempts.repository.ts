import { sql } from 'drizzle-orm';
import {
  DEFAULT_CALL_CENTRE_SETTINGS,
  UNANSWERED_OUTCOMES,
  type TCallAttempt,
  type TCallCentreSettings,
  type TCallOutcome,
  type TRiskCounts,
  type TStatusType,
} from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { orderVisibility, type TOrderScope } from '../orders/order-access.js';

// Issue 15 items 1 and 5 (docs/decisions/0083, 0085): attempts, the order's call summary, the
// shop's call rules and the customer risk counts. Tables: migrations/0020_call_centre.sql.

export interface TAttemptValues {
  tenantId: number;
  orderId: number;
  userId: number | null;
  outcome: TCallOutcome;
  note: string | null;
  callbackAt: Date | null;
  at: Date;
}

export async function insertAttempt(tx: Tx, v: TAttemptValues): Promise<{ id: number; created_at: Date }> {
  const [row] = await rows<{ id: string | number; created_at: Date | string }>(
    tx,
    sql`insert into order_attempts (tenant_id, order_id, user_id, outcome, note, callback_at, created_at)
        values (${v.tenantId}, ${v.orderId}, ${v.userId}, ${v.outcome}, ${v.note}, ${v.callbackAt}, ${v.at})
        returning id, created_at`,
  );
  return { id: Number(row!.id), created_at: new Date(row!.created_at) };
}

/**
 * The order's summary after an attempt: the count, the unanswered run (reset by an answered call,
 * kept by a WhatsApp message), the pending call-back, and the claim let go (the agent is done with
 * it; a WhatsApp message keeps the agent on the order).
 */
export async function applyAttemptToOrder(tx: Tx, v: TAttemptValues): Promise<boolean> {
  const unanswered = UNANSWERED_OUTCOMES.includes(v.outcome);
  const neutral = v.outcome === 'whatsapp';
  const result = await rows<{ id: number }>(
    tx,
    sql`update orders set
          attempts_count = attempts_count + 1,
          last_attempt_at = ${v.at},
          last_outcome = ${v.outcome},
          unanswered_count = ${unanswered ? sql`unanswered_count + 1` : neutral ? sql`unanswered_count` : sql`0`},
          first_unanswered_at = ${
            unanswered
              ? sql`case when unanswered_count = 0 then ${v.at}::timestamptz else coalesce(first_unanswered_at, ${v.at}::timestamptz) end`
              : neutral
                ? sql`first_unanswered_at`
                : sql`null`
          },
          callback_at = ${v.outcome === 'callback' ? sql`${v.callbackAt}::timestamptz` : neutral ? sql`callback_at` : sql`null`},
          claimed_by = ${neutral ? sql`claimed_by` : sql`null`},
          claimed_until = ${neutral ? sql`claimed_until` : sql`null`},
          updated_at = now()
        where tenant_id = ${v.tenantId} and id = ${v.orderId}
        returning id`,
  );
  return result.length === 1;
}

/** The order an attempt is about, locked, if the scope sees it and it is not deleted. */
export async function lockCallOrder(tx: Tx, scope: TOrderScope, orderId: number) {
  const [row] = await rows<{
    id: number;
    status_type: TStatusType;
    agent_id: number | null;
    claimed_by: number | null;
    claimed_until: Date | null;
  }>(
    tx,
    sql`select o.id, o.status_type, o.agent_id, o.claimed_by, o.claimed_until from orders o
        where o.tenant_id = ${scope.tenantId} and o.id = ${orderId} and o.deleted_at is null
          and ${orderVisibility(scope)}
        for update of o`,
  );
  return row;
}

/** The first phone of an order the scope sees (deleted ones too: their history stays readable). */
export async function visiblePhoneOf(tx: Tx, scope: TOrderScope, orderId: number): Promise<string | undefined> {
  const [found] = await rows<{ phone: string }>(
    tx,
    sql`select o.customer_phone_1 as phone from orders o where o.tenant_id = ${scope.tenantId} and o.id = ${orderId}
          and ${orderVisibility(scope)}`,
  );
  return found?.phone;
}

/** The status types of orders, by id. */
export async function statusTypesOf(tx: Tx, tenantId: number, orderIds: readonly number[]) {
  if (!orderIds.length) return new Map<number, TStatusType>();
  const found = await rows<{ id: number; status_type: TStatusType }>(
    tx,
    sql`select id, status_type from orders where tenant_id = ${tenantId} and id = any(${`{${orderIds.join(',')}}`}::int[])`,
  );
  return new Map(found.map((r) => [r.id, r.status_type]));
}

export async function attemptsOf(tx: Tx, tenantId: number, orderId: number): Promise<TCallAttempt[]> {
  const found = await rows<{
    id: string | number;
    order_id: number;
    outcome: TCallOutcome;
    note: string | null;
    callback_at: Date | string | null;
    created_at: Date | string;
    user_id: number | null;
    user_name: string | null;
  }>(
    tx,
    sql`select a.id, a.order_id, a.outcome, a.note, a.callback_at, a.created_at, a.user_id, u.name as user_name
        from order_attempts a left join users u on u.tenant_id = a.tenant_id and u.id = a.user_id
        where a.tenant_id = ${tenantId} and a.order_id = ${orderId}
        order by a.id desc`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    order_id: r.order_id,
    outcome: r.outcome,
    note: r.note,
    callback_at: r.callback_at === null ? null : new Date(r.callback_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
    user: r.user_id === null ? null : { id: r.user_id, name: r.user_name ?? '' },
  }));
}

/** The first active status of a type (the default target of confirmed, cancelled, callback). */
export async function firstActiveStatusOfType(tx: Tx, tenantId: number, type: TStatusType) {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select id from statuses
        where tenant_id = ${tenantId} and type = ${type} and active and archived_at is null
        order by position, id limit 1`,
  );
  return row?.id;
}

export async function statusTypeOf(tx: Tx, tenantId: number, statusId: number): Promise<TStatusType | undefined> {
  const [row] = await rows<{ type: TStatusType }>(
    tx,
    sql`select type from statuses where tenant_id = ${tenantId} and id = ${statusId}`,
  );
  return row?.type;
}

// ---------------------------------------------------------------- settings

export async function findCallSettings(tx: Tx, tenantId: number): Promise<TCallCentreSettings> {
  const [row] = await rows<TCallCentreSettings>(
    tx,
    sql`select unanswered_limit, unanswered_hours, no_answer_status_id, retry_minutes
        from call_centre_settings where tenant_id = ${tenantId}`,
  );
  return row ?? { ...DEFAULT_CALL_CENTRE_SETTINGS };
}

export async function saveCallSettings(tx: Tx, tenantId: number, v: TCallCentreSettings): Promise<void> {
  await tx.execute(
    sql`insert into call_centre_settings (tenant_id, unanswered_limit, unanswered_hours, no_answer_status_id, retry_minutes)
        values (${tenantId}, ${v.unanswered_limit}, ${v.unanswered_hours}, ${v.no_answer_status_id}, ${v.retry_minutes})
        on conflict (tenant_id) do update set unanswered_limit = excluded.unanswered_limit,
          unanswered_hours = excluded.unanswered_hours, no_answer_status_id = excluded.no_answer_status_id,
          retry_minutes = excluded.retry_minutes, updated_at = now()`,
  );
}

// ---------------------------------------------------------------- customer risk

/** Delivered, returned and cancelled-after-confirmation orders of a phone in the shop. */
export async function riskCountsOf(tx: Tx, tenantId: number, phone: string): Promise<TRiskCounts> {
  const [row] = await rows<TRiskCounts>(
    tx,
    sql`select count(*) filter (where status_type = 'delivered')::int as delivered,
               count(*) filter (where status_type = 'returned')::int as returned,
               count(*) filter (where status_type = 'cancelled' and was_confirmed)::int as cancelled_after_confirmation
        from orders where tenant_id = ${tenantId} and customer_phone_1 = ${phone} and deleted_at is null`,
  );
  return row ?? { delivered: 0, returned: 0, cancelled_after_confirmation: 0 };
}

/** The customer summary (SPEC 3) of a phone as the scope sees it, without this order. */
export async function previousOrdersOf(tx: Tx, scope: TOrderScope, phone: string, exceptId: number) {
  return rows<{
    id: number;
    order_number: number;
    total: string | number;
    status_type: TStatusType;
    status_name: string;
    status_color: string;
    created_at: Date | string;
  }>(
    tx,
    sql`select o.id, o.order_number, o.total, o.status_type, s.display_name as status_name, s.color as status_color,
          o.created_at
        from orders o join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
        where o.tenant_id = ${scope.tenantId} and o.customer_phone_1 = ${phone} and o.id <> ${exceptId}
          and o.deleted_at is null and ${orderVisibility(scope)}
        order by o.created_at desc limit 20`,
  );
}
