import { sql } from 'drizzle-orm';
import type { TSubscriptionRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type { TSubscriptionRow };

const COLUMNS = sql`s.id, s.tenant_id, s.plan_id, p.name as plan, p.is_trial, s.status, ${iso('s.valid_from')} as valid_from,
  ${iso('s.valid_to')} as valid_to, ${iso('s.suspended_at')} as suspended_at, s.suspend_reason, s.current,
  ${iso('s.created_at')} as created_at`;

/** The tenant's current subscription, locked when it is about to change. */
export async function currentSubscription(tx: Tx, tenantId: number, options: { lock?: boolean } = {}) {
  const [row] = await rows<TSubscriptionRow>(
    tx,
    sql`select ${COLUMNS} from subscriptions s join plans p on p.id = s.plan_id
        where s.tenant_id = ${tenantId} and s.current ${options.lock ? sql`for update of s` : sql``}`,
  );
  return row;
}

export function subscriptionHistory(tx: Tx, tenantId: number) {
  return rows<TSubscriptionRow>(
    tx,
    sql`select ${COLUMNS} from subscriptions s join plans p on p.id = s.plan_id
        where s.tenant_id = ${tenantId} order by s.id desc limit 50`,
  );
}

/** One status read per signed-in request (the access guard): the current row by its unique index. */
export async function currentStatus(tx: Tx, tenantId: number): Promise<string | null> {
  const [row] = await rows<{ status: string }>(
    tx,
    sql`select status from subscriptions where tenant_id = ${tenantId} and current`,
  );
  return row?.status ?? null;
}

/** Ends the current subscription (kept as history) and starts the new one as current. */
export async function startSubscription(
  tx: Tx,
  values: { tenantId: number; planId: number; status: string; validFrom: Date; validTo: Date },
): Promise<number> {
  await tx.execute(sql`
    update subscriptions set current = false, ended_at = now(),
      status = case when status in ('active', 'trialing', 'past_due') then 'cancelled' else status end
    where tenant_id = ${values.tenantId} and current`);
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into subscriptions (tenant_id, plan_id, status, valid_from, valid_to, current, status_changed_at)
        values (${values.tenantId}, ${values.planId}, ${values.status}, ${values.validFrom.toISOString()},
                ${values.validTo.toISOString()}, true, now())
        returning id`,
  );
  return row!.id;
}

export async function updateSubscription(
  tx: Tx,
  id: number,
  values: { status?: string; validTo?: Date; suspendedAt?: Date | null; suspendReason?: string | null },
): Promise<void> {
  await tx.execute(sql`
    update subscriptions set
      status = coalesce(${values.status ?? null}, status),
      status_changed_at = case when ${values.status ?? null}::text is distinct from null
                                and ${values.status ?? null} <> status then now() else status_changed_at end,
      valid_to = coalesce(${values.validTo?.toISOString() ?? null}::timestamptz, valid_to),
      suspended_at = ${values.suspendedAt === undefined ? sql`suspended_at` : values.suspendedAt === null ? sql`null` : sql`${values.suspendedAt.toISOString()}::timestamptz`},
      suspend_reason = ${values.suspendReason === undefined ? sql`suspend_reason` : values.suspendReason}
    where id = ${id}`);
}

/** The current subscriptions the daily job looks at (not suspended ones: they move only by hand). */
export function runningSubscriptions(tx: Tx) {
  return rows<TSubscriptionRow & { time_zone: string }>(
    tx,
    sql`select ${COLUMNS}, t.time_zone from subscriptions s join plans p on p.id = s.plan_id
        join tenants t on t.id = s.tenant_id
        where s.current and s.status <> 'suspended'
        for update of s`,
  );
}

export async function claimJobDay(tx: Tx, day: string): Promise<boolean> {
  const claimed = await rows(
    tx,
    sql`insert into subscription_job_days (day) values (${day}::date) on conflict (day) do nothing returning day`,
  );
  return claimed.length > 0;
}

export async function recordJobDay(tx: Tx, day: string, moved: number, reminders: number): Promise<void> {
  await tx.execute(
    sql`update subscription_job_days set moved = ${moved}, reminders = ${reminders} where day = ${day}::date`,
  );
}

export async function claimReminder(tx: Tx, subscriptionId: number, validTo: string, days: number): Promise<boolean> {
  const claimed = await rows(
    tx,
    sql`insert into subscription_reminders (subscription_id, valid_to, days_before)
        values (${subscriptionId}, ${validTo}::timestamptz, ${days})
        on conflict do nothing returning subscription_id`,
  );
  return claimed.length > 0;
}

/** The shop's owners (administrators) who receive the reminders. */
export function ownersOf(tx: Tx, tenantId: number) {
  return rows<{ name: string; email: string; locale: string }>(
    tx,
    sql`select name, email, locale from users where tenant_id = ${tenantId} and is_admin and active order by id`,
  );
}

/** In the job's transaction, so a rolled-back day writes no mail either. */
export async function insertOutboxMail(
  tx: Tx,
  mail: { tenantId: number; to: string; subject: string; body: string },
): Promise<void> {
  await tx.execute(sql`insert into mail_outbox (tenant_id, to_email, subject, body)
                      values (${mail.tenantId}, ${mail.to}, ${mail.subject}, ${mail.body})`);
}

export function listCurrentSubscriptions(tx: Tx, filter: { status: string | null }) {
  return rows<TSubscriptionRow & { cq_name: string; tenant_name: string }>(
    tx,
    sql`select ${COLUMNS}, t.cq_name, t.name as tenant_name
        from subscriptions s join plans p on p.id = s.plan_id join tenants t on t.id = s.tenant_id
        where s.current and (${filter.status}::text is null or s.status = ${filter.status})
        order by s.valid_to asc limit 500`,
  );
}

/** The current plan's name and feature switches (absent = included), for the feature check. */
export async function currentPlanFeatures(tx: Tx, tenantId: number) {
  const [row] = await rows<{ plan: string; features: string }>(
    tx,
    sql`select p.name as plan, p.features::text as features from subscriptions s join plans p on p.id = s.plan_id
        where s.tenant_id = ${tenantId} and s.current`,
  );
  return row ? { plan: row.plan, features: JSON.parse(row.features) as Record<string, boolean> } : undefined;
}
