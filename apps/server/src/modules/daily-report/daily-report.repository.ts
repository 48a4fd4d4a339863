import { sql, type SQL } from 'drizzle-orm';
import {
  CONFIRMED_OR_LATER_STATUS_TYPES,
  OWNER_ROLE,
  UNDECIDED_STATUS_TYPES,
  type TCommissionOn,
  type TCommissionType,
  type TDateRange,
  type TDaySummary,
} from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';

/**
 * The SQL of the home page's numbers and the daily report (docs/decisions/0081). One shop's day is
 * a range of the orders' creation index and of fulfillment_statuses_day_idx (migration 0019): the
 * day's orders, counted directly by the definitions of decision 0077; nothing here reads the
 * analytics rollups.
 */

const UNDECIDED = inList(UNDECIDED_STATUS_TYPES);
// A parcel handed over: its first entry into any of these (decision 0077).
const DISPATCHED_TYPES = ['inDispatch', 'follow-up', 'delivered', 'returned'] as const;
const CONFIRMED_OR_LATER = inList(CONFIRMED_OR_LATER_STATUS_TYPES);

/** The day's counts as TDaySummary names them; the revenue is still the plain summed number. */
export type TDayCounts = Pick<
  TDaySummary,
  'created' | 'decided' | 'confirmed' | 'cancelled' | 'dispatched' | 'delivered' | 'returned'
> & { revenue_centimes: number };

export interface TAgentDay {
  id: number;
  name: string;
  decided: number;
  confirmed: number;
  delivered: number;
}

const iso = (d: Date) => d.toISOString();

/**
 * The facts (docs/decisions/0077) of the live orders with a status change in the window (alias
 * facts): only those can have an event there. Each order's facts read its whole history through
 * the order index, as packages/shared/src/analytics/facts.ts and migration 0018's
 * app_analytics_compute_facts define them; `agentId` keeps the orders now assigned to that agent.
 */
function factsOfWindow(tenantId: number, window: TDateRange, agentId?: number): SQL {
  const agent = agentId === undefined ? sql`` : sql`and o.agent_id = ${agentId}`;
  return sql`cand as (
      select distinct f.order_id from fulfillment_statuses f
      where f.tenant_id = ${tenantId} and f.created_at >= ${iso(window.from)} and f.created_at < ${iso(window.to)}
    ),
    h as (
      select o.id, o.agent_id, o.total, o.status_type, o.cancelled_at, o.updated_at,
        min(f.created_at) filter (where s.type in (${CONFIRMED_OR_LATER})) as confirmed_at,
        min(f.created_at) filter (where s.type in (${inList(DISPATCHED_TYPES)})) as dispatched_at,
        max(f.created_at) filter (where s.type = 'cancelled') as last_cancelled,
        max(f.created_at) filter (where s.type = 'delivered') as last_delivered,
        max(f.created_at) filter (where s.type = 'returned') as last_returned
      from cand
      join orders o on o.tenant_id = ${tenantId} and o.id = cand.order_id and o.deleted_at is null ${agent}
      join fulfillment_statuses f on f.tenant_id = ${tenantId} and f.order_id = o.id
      join statuses s on s.tenant_id = f.tenant_id and s.id = f.status_id
      group by o.tenant_id, o.id
    ),
    facts as (
      select id, agent_id, total, confirmed_at, dispatched_at,
        case when status_type = 'cancelled' then coalesce(last_cancelled, cancelled_at, updated_at) end as cancelled_at,
        case when status_type = 'delivered' then coalesce(last_delivered, updated_at) end as delivered_at,
        case when status_type = 'returned' then coalesce(last_returned, updated_at) end as returned_at
      from h
    ),
    w as (
      select id, agent_id, total,
        confirmed_at >= ${iso(window.from)} and confirmed_at < ${iso(window.to)} as confirmed,
        coalesce(confirmed_at, cancelled_at) >= ${iso(window.from)}
          and coalesce(confirmed_at, cancelled_at) < ${iso(window.to)} as decided,
        cancelled_at >= ${iso(window.from)} and cancelled_at < ${iso(window.to)} as cancelled,
        dispatched_at >= ${iso(window.from)} and dispatched_at < ${iso(window.to)} as dispatched,
        delivered_at >= ${iso(window.from)} and delivered_at < ${iso(window.to)} as delivered,
        returned_at >= ${iso(window.from)} and returned_at < ${iso(window.to)} as returned
      from facts
    )`;
}

/** The shop's (or one agent's) counts of a day window. */
export async function dayCounts(tx: Tx, tenantId: number, window: TDateRange, agentId?: number): Promise<TDayCounts> {
  const agent = agentId === undefined ? sql`` : sql`and o.agent_id = ${agentId}`;
  const [row] = await rows<Record<keyof TDayCounts, number | string | null>>(
    tx,
    sql`with ${factsOfWindow(tenantId, window, agentId)}
        select
          (select count(*) from orders o where o.tenant_id = ${tenantId} and o.deleted_at is null
             and o.created_at >= ${iso(window.from)} and o.created_at < ${iso(window.to)} ${agent})::int as created,
          count(*) filter (where decided)::int as decided,
          count(*) filter (where confirmed)::int as confirmed,
          count(*) filter (where cancelled)::int as cancelled,
          count(*) filter (where dispatched)::int as dispatched,
          count(*) filter (where delivered)::int as delivered,
          count(*) filter (where returned)::int as returned,
          (coalesce(sum(total) filter (where delivered), 0) * 100)::bigint as revenue_centimes
        from w`,
  );
  return {
    created: Number(row?.created ?? 0),
    decided: Number(row?.decided ?? 0),
    confirmed: Number(row?.confirmed ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    dispatched: Number(row?.dispatched ?? 0),
    delivered: Number(row?.delivered ?? 0),
    returned: Number(row?.returned ?? 0),
    revenue_centimes: Number(row?.revenue_centimes ?? 0),
  };
}

/** Per agent (the order's agent now): decisions, confirmations and deliveries of the window. */
export async function agentsOfDay(tx: Tx, tenantId: number, window: TDateRange): Promise<TAgentDay[]> {
  const result = await rows<{ id: number; name: string; decided: number; confirmed: number; delivered: number }>(
    tx,
    sql`with ${factsOfWindow(tenantId, window)}
        select u.id, u.name,
          count(*) filter (where w.decided)::int as decided,
          count(*) filter (where w.confirmed)::int as confirmed,
          count(*) filter (where w.delivered)::int as delivered
        from w join users u on u.tenant_id = ${tenantId} and u.id = w.agent_id
        group by u.id, u.name
        having count(*) filter (where w.decided or w.confirmed or w.delivered) > 0
        order by 4 desc, 3 desc, u.name`,
  );
  return result.map((r) => ({
    ...r,
    decided: Number(r.decided),
    confirmed: Number(r.confirmed),
    delivered: Number(r.delivered),
  }));
}

/** Orders still undecided now (new, pending, reported), live. */
export async function openUndecided(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from orders
        where tenant_id = ${tenantId} and status_type in (${UNDECIDED}) and deleted_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** An agent's open work: new or pending to call, reported with a report date before `dueBefore`. */
export async function agentQueue(
  tx: Tx,
  tenantId: number,
  agentId: number,
  dueBefore: Date,
): Promise<{ to_call: number; callbacks_due: number }> {
  const [row] = await rows<{ to_call: number; callbacks_due: number }>(
    tx,
    sql`select
          count(*) filter (where status_type in ('new', 'pending'))::int as to_call,
          count(*) filter (where status_type = 'reported'
            and (reported_at is null or reported_at < ${iso(dueBefore)}))::int as callbacks_due
        from orders
        where tenant_id = ${tenantId} and agent_id = ${agentId} and deleted_at is null
          and status_type in (${UNDECIDED})`,
  );
  return { to_call: Number(row?.to_call ?? 0), callbacks_due: Number(row?.callbacks_due ?? 0) };
}

export interface TCommissionRow {
  commission_type: TCommissionType;
  commission_amount: string;
  commission_rate: string;
  commission_on: TCommissionOn;
}

export async function commissionSetting(tx: Tx, tenantId: number, userId: number): Promise<TCommissionRow | undefined> {
  const [row] = await rows<TCommissionRow>(
    tx,
    sql`select commission_type, commission_amount::text as commission_amount,
          commission_rate::text as commission_rate, commission_on
        from users where tenant_id = ${tenantId} and id = ${userId}`,
  );
  return row;
}

// ---------------------------------------------------------------- settings and the mail

export async function shopOf(
  tx: Tx,
  tenantId: number,
): Promise<{ shop_name: string; time_zone: string; daily_report_hour: number | null }> {
  const [row] = await rows<{ shop_name: string; time_zone: string; daily_report_hour: number | null }>(
    tx,
    sql`select shop_name, time_zone, daily_report_hour from tenant_settings where tenant_id = ${tenantId}`,
  );
  if (!row) throw new Error(`No settings row for tenant ${tenantId}`);
  return row;
}

export async function setReportHour(tx: Tx, tenantId: number, hour: number | null): Promise<void> {
  await tx.execute(
    sql`update tenant_settings set daily_report_hour = ${hour}, updated_at = now() where tenant_id = ${tenantId}`,
  );
}

/** The time zones of the shops that mail their report (a handful: the job works zone by zone). */
export async function reportZones(tx: Tx): Promise<string[]> {
  const result = await rows<{ time_zone: string }>(
    tx,
    sql`select distinct time_zone from tenant_settings where daily_report_hour is not null order by 1`,
  );
  return result.map((r) => r.time_zone);
}

/**
 * The shops of a zone whose hour has come (`localHour` is the zone's hour now) and whose report of
 * `day` is not sent yet; a shop created after that day ended (`dayStart`: the next one began) has
 * nothing to report.
 */
export async function shopsDue(
  tx: Tx,
  due: { timeZone: string; localHour: number; day: string; dayStart: Date },
): Promise<number[]> {
  const result = await rows<{ tenant_id: number }>(
    tx,
    sql`select ts.tenant_id from tenant_settings ts join tenants t on t.id = ts.tenant_id
        where ts.time_zone = ${due.timeZone} and ts.daily_report_hour <= ${due.localHour}
          and t.created_at < ${iso(due.dayStart)}
          and not exists (select 1 from daily_report_sends s where s.tenant_id = ts.tenant_id and s.day = ${due.day})
        order by ts.tenant_id`,
  );
  return result.map((r) => r.tenant_id);
}

/**
 * Claims the shop's report of `day`: true for exactly one transaction however many try at once
 * (the primary key; a concurrent inserter waits for the first and then finds the row).
 */
export async function claimSend(tx: Tx, tenantId: number, day: string): Promise<boolean> {
  const claimed = await rows<{ day: string }>(
    tx,
    sql`insert into daily_report_sends (tenant_id, day) values (${tenantId}, ${day})
        on conflict (tenant_id, day) do nothing returning day`,
  );
  return claimed.length === 1;
}

export async function recordRecipients(tx: Tx, tenantId: number, day: string, recipients: number): Promise<void> {
  await tx.execute(
    sql`update daily_report_sends set recipients = ${recipients} where tenant_id = ${tenantId} and day = ${day}`,
  );
}

/** The shop's active owners with an address, and the language each reads. */
export async function ownersOf(
  tx: Tx,
  tenantId: number,
): Promise<Array<{ email: string; name: string; locale: string }>> {
  return rows<{ email: string; name: string; locale: string }>(
    tx,
    sql`select u.email, u.name, coalesce(u.locale, 'fr') as locale
        from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
        where u.tenant_id = ${tenantId} and u.active and r.name = ${OWNER_ROLE} and u.email <> ''
        order by u.id`,
  );
}
