import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  type TAnalyticsDimension,
  type TAnalyticsFilter,
  type TAnalyticsMetric,
  type TDayRange,
  type TMetricTable,
} from '@cod/shared';
import { rows, type Db, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { keyColumn, keyFilters } from '../../db/analytics-keys.js';

/**
 * Notes of changed orders (analytics_dirty, about two per status change) a reader lets accumulate
 * before folding them itself; the background fold (analytics-fold-job.ts) normally keeps them far
 * below (decision 0118).
 */
export const ANALYTICS_FOLD_THRESHOLD = 1_000;

interface TSumRow {
  metric: TAnalyticsMetric;
  key: string;
  n: string | number;
  amount: string | number;
  duration_s: string | number;
}

export interface TKeyedSums {
  key: string;
  metrics: TMetricTable;
}

function collect(...results: TSumRow[][]): TKeyedSums[] {
  const byKey = new Map<string, TMetricTable>();
  for (const r of results.flat()) {
    const table = byKey.get(r.key) ?? {};
    const into = (table[r.metric] ??= { n: 0, amount: 0, durationS: 0 });
    into.n += Number(r.n);
    into.amount += Number(r.amount);
    into.durationS += Number(r.duration_s);
    byKey.set(r.key, table);
  }
  // Pending deltas may bring a folded sum back to zero: such a metric (and key) reads as nothing.
  const out: TKeyedSums[] = [];
  for (const [key, metrics] of byKey) {
    for (const [metric, sums] of Object.entries(metrics) as Array<[TAnalyticsMetric, { n: number; amount: number }]>)
      if (sums.n === 0 && sums.amount === 0) delete metrics[metric];
    if (Object.keys(metrics).length) out.push({ key, metrics });
  }
  return out;
}

/** The metric columns of a wide rollup row (migration 0030), unpivoted after the sums. */
const UNPIVOT = sql`(values
  ('created', x.created_n, x.created_amount, 0),
  ('called', x.called_n, 0, 0),
  ('decided', x.decided_n, 0, 0),
  ('confirmed', x.confirmed_n, 0, x.confirmed_s),
  ('cancelled', x.cancelled_n, x.cancelled_amount, 0),
  ('dispatched', x.dispatched_n, x.dispatched_amount, 0),
  ('delivered', x.delivered_n, x.delivered_amount, x.delivered_s),
  ('delivered_timed', x.delivered_timed_n, 0, 0),
  ('returned', x.returned_n, x.returned_amount, 0)
) as m(metric, n, amount, duration_s)`;

/** Day of the week of a 'YYYY-MM-DD' day, 0 for Sunday. */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * A range as whole Monday-to-Sunday weeks (the Mondays `weeks.from`..`weeks.to`, read from the
 * weekly rollups) and the days before and after them (read from the daily rollups); decision 0119.
 */
export function splitIntoWeeks(range: TDayRange): { weeks: TDayRange | null; days: TDayRange[] } {
  const firstMonday = addDays(range.from, (8 - weekday(range.from)) % 7);
  const lastSunday = addDays(range.to, -(weekday(range.to) % 7));
  const lastMonday = addDays(lastSunday, -6);
  if (firstMonday > lastMonday) return { weeks: null, days: [range] };
  const days: TDayRange[] = [];
  if (range.from < firstMonday) days.push({ from: range.from, to: addDays(firstMonday, -1) });
  if (lastSunday < range.to) days.push({ from: addDays(lastSunday, 1), to: range.to });
  return { weeks: { from: firstMonday, to: lastMonday }, days };
}

/**
 * The rollup rows of a range matching `where` (on alias r): by day, or (`weekly`, for a breakdown)
 * the whole weeks from the weekly rows and the edge days from the daily rows.
 */
function rollupRows(tenantId: number, range: TDayRange, where: SQL, weekly: boolean): SQL {
  const daily = (days: TDayRange) =>
    sql`select r.* from analytics_rollups r
        where r.tenant_id = ${tenantId} and r.day >= ${days.from}::date and r.day <= ${days.to}::date and ${where}`;
  const split = weekly ? splitIntoWeeks(range) : { weeks: null, days: [range] };
  const parts = split.days.map(daily);
  if (split.weeks)
    parts.push(sql`select r.* from analytics_rollups_weekly r
        where r.tenant_id = ${tenantId} and r.day >= ${split.weeks.from}::date and r.day <= ${split.weeks.to}::date
          and ${where}`);
  return sql.join(parts, sql` union all `);
}

/**
 * Sums of the folded rollups for one rollup pair, grouped by `group` ('day' or the free side of
 * the pair). `where` and `group` are on alias r; a breakdown (not grouped by day) reads whole weeks
 * from the weekly rows.
 */
function sumRollups(tenantId: number, range: TDayRange, where: SQL, group: SQL, weekly = true): SQL {
  return sql`select m.metric, x.key, m.n, m.amount, m.duration_s
        from (
          select ${group} as key, sum(created_n) as created_n, sum(created_amount) as created_amount,
            sum(called_n) as called_n, sum(decided_n) as decided_n, sum(confirmed_n) as confirmed_n,
            sum(confirmed_s) as confirmed_s, sum(cancelled_n) as cancelled_n, sum(cancelled_amount) as cancelled_amount,
            sum(dispatched_n) as dispatched_n, sum(dispatched_amount) as dispatched_amount,
            sum(delivered_n) as delivered_n, sum(delivered_amount) as delivered_amount, sum(delivered_s) as delivered_s,
            sum(delivered_timed_n) as delivered_timed_n, sum(returned_n) as returned_n,
            sum(returned_amount) as returned_amount
          from (${rollupRows(tenantId, range, where, weekly)}) r
          group by 1
        ) x
        cross join lateral ${UNPIVOT}
        where m.n <> 0 or m.amount <> 0`;
}

/**
 * The folded sums and the pending fact deltas in one statement: one snapshot, so a fold that
 * commits meanwhile is seen entirely or not at all.
 */
async function foldedAndPending(tx: Tx, folded: SQL, pending: SQL): Promise<TKeyedSums[]> {
  return collect(await rows<TSumRow>(tx, sql`(${folded}) union all (${pending})`));
}

export type TFilterPair = { kind: TAnalyticsFilter; value: string } | null;

/** Per-day sums under at most one filter: folded rollups plus the pending fact deltas. */
export async function dailyFromRollups(tx: Tx, tenantId: number, range: TDayRange, filter: TFilterPair) {
  const where = filter
    ? sql`r.fk = '' and r.fv = '' and r.bk = ${filter.kind} and r.bv = ${filter.value}`
    : sql`r.fk = '' and r.fv = '' and r.bk = '' and r.bv = ''`;
  return foldedAndPending(
    tx,
    sumRollups(tenantId, range, where, sql`to_char(r.day, 'YYYY-MM-DD')`, false),
    factSums(tenantId, range, filter ? [filter] : [], 'day', 'deltas'),
  );
}

/** Breakdowns the rollups keep no pair for (decision 0110): counted from the facts. */
const fromFacts = (filter: TFilterPair, dimension: TAnalyticsDimension) =>
  filter !== null &&
  (dimension === 'commune' || dimension === 'reason' || (filter.kind === 'product' && dimension === 'hour'));

/** Sums by the values of one dimension under at most one filter. */
export async function breakdownFromRollups(
  tx: Tx,
  tenantId: number,
  range: TDayRange,
  filter: TFilterPair,
  dimension: TAnalyticsDimension,
): Promise<TKeyedSums[]> {
  if (filter && fromFacts(filter, dimension)) return sumFromFacts(tx, tenantId, range, [filter], dimension);
  const folded = !filter
    ? sumRollups(tenantId, range, sql`r.fk = '' and r.fv = '' and r.bk = ${dimension}`, sql`r.bv`)
    : filter.kind === dimension
      ? sumRollups(
          tenantId,
          range,
          sql`r.fk = '' and r.fv = '' and r.bk = ${dimension} and r.bv = ${filter.value}`,
          sql`r.bv`,
        )
      : filter.kind < dimension
        ? sumRollups(
            tenantId,
            range,
            sql`r.fk = ${filter.kind} and r.fv = ${filter.value} and r.bk = ${dimension}`,
            sql`r.bv`,
          )
        : sumRollups(
            tenantId,
            range,
            sql`r.fk = ${dimension} and r.bk = ${filter.kind} and r.bv = ${filter.value}`,
            sql`r.fv`,
          );
  return foldedAndPending(tx, folded, factSums(tenantId, range, filter ? [filter] : [], dimension, 'deltas'));
}

/** The events a breakdown-only dimension is kept for (as app_analytics_keys does). */
const EVENTS_OF: Partial<Record<TAnalyticsDimension, SQL>> = {
  commune: sql`e.metric in ('dispatched', 'delivered', 'delivered_timed', 'returned')`,
  reason: sql`e.metric = 'cancelled'`,
};

/**
 * The slow path (several filters at once, or a pair the rollups do not keep): the same sums
 * counted from the per-order facts, which hold every dimension. Reads the facts of the orders the
 * filters' keys match near the range (decision 0127), or, past `keyedLimit` of them, every fact
 * near the range (decision 0125).
 */
export async function sumFromFacts(
  tx: Tx,
  tenantId: number,
  range: TDayRange,
  filters: Array<{ kind: TAnalyticsFilter; value: string }>,
  group: 'day' | TAnalyticsDimension,
  keyedLimit = KEYED_FACTS_LIMIT,
): Promise<TKeyedSums[]> {
  return collect(await rows<TSumRow>(tx, factSums(tenantId, range, filters, group, 'facts', keyedLimit)));
}

/**
 * Bounds on the span of an order's events (its first and last event instant) that an order with an
 * event on a local day of `range` meets: a local day starts at most 14 hours before and ends at
 * most 12 hours after the same day in UTC, so a day of margin on each side holds every shop's time
 * zone (decision 0125). The per-event day check of the read decides.
 */
function spanBounds(range: TDayRange): { lastFrom: string; firstBefore: string } {
  return { lastFrom: `${addDays(range.from, -1)}T00:00:00Z`, firstBefore: `${addDays(range.to, 2)}T00:00:00Z` };
}

/** The stored facts with an event that may fall in `range`, through the index of migration 0037. */
function eventSpanNear(range: TDayRange): SQL {
  const { lastFrom, firstBefore } = spanBounds(range);
  const lastEvent = sql`greatest(f.created_at, f.called_at, f.decided_at, f.confirmed_at, f.cancelled_at,
    f.dispatched_at, f.delivered_at, f.returned_at)`;
  const firstEvent = sql`least(f.created_at, f.called_at, f.decided_at, f.confirmed_at, f.cancelled_at,
    f.dispatched_at, f.delivered_at, f.returned_at)`;
  return sql`${lastEvent} >= ${lastFrom}::timestamptz and ${firstEvent} < ${firstBefore}::timestamptz`;
}

/**
 * The orders matching every filter whose events' span comes near `range` (decision 0127, migration
 * 0039): one range read of analytics_fact_keys per filter (kind, value, last event from the range's
 * start), joined on the order; an order's rows all carry the same span, so the join is on
 * (last_at, order_id), a primary-key probe. Text and time comparisons only: leak-proof, so index
 * conditions under row-level security (the product filter's `@>` on the facts is not).
 */
function ordersMatching(
  tenantId: number,
  range: TDayRange,
  filters: Array<{ kind: TAnalyticsFilter; value: string }>,
): SQL {
  const { lastFrom, firstBefore } = spanBounds(range);
  const keyOf = (i: number, f: { kind: TAnalyticsFilter; value: string }) => {
    const k = sql.raw(`k${i}`);
    return sql`${k}.tenant_id = ${tenantId} and ${k}.kind = ${f.kind} and ${k}.value = ${f.value}
      and ${k}.last_at >= ${lastFrom}::timestamptz and ${k}.first_at < ${firstBefore}::timestamptz`;
  };
  const joins = filters.slice(1).map(
    (f, i) => sql`join analytics_fact_keys ${sql.raw(`k${i + 1}`)}
        on ${sql.raw(`k${i + 1}`)}.last_at = k0.last_at and ${sql.raw(`k${i + 1}`)}.order_id = k0.order_id
          and ${keyOf(i + 1, f)}`,
  );
  return sql`select k0.order_id from analytics_fact_keys k0 ${sql.join(joins, sql` `)} where ${keyOf(0, filters[0]!)}`;
}

/**
 * Past this many matching orders a read under filters takes the range's facts through the span
 * index instead (decision 0127): fetching each matching order by primary key costs more than
 * scanning the range once when the filters keep a large part of it (two near-universal values).
 */
export const KEYED_FACTS_LIMIT = 2_000;

/**
 * The stored facts a read under `filters` needs, as rows of a subquery with alias f: the orders
 * matching the filters by their keys (at most `keyedLimit + 1` looked up), or, past `keyedLimit`
 * or without a filter, the orders near the range by their span. One statement; the branch not
 * taken is cut by a one-time filter on the looked-up count.
 */
function storedFacts(
  tenantId: number,
  range: TDayRange,
  filters: Array<{ kind: TAnalyticsFilter; value: string }>,
  keyedLimit: number,
): SQL {
  const bySpan = sql`select f.*, 1 as sign from analytics_order_facts f where f.tenant_id = ${tenantId} and ${eventSpanNear(range)}`;
  if (!filters.length)
    return sql`${bySpan} union all select (d.facts).*, d.sign from app_analytics_pending(${tenantId}) d`;
  return sql`with matching as materialized (
      select array(${ordersMatching(tenantId, range, filters)} limit ${keyedLimit + 1}) as ids
    )
    select f.*, 1 as sign from analytics_order_facts f
      where (select cardinality(ids) from matching) <= ${keyedLimit}
        and f.tenant_id = ${tenantId} and f.order_id = any((select ids from matching)::integer[])
    union all
    ${bySpan} and (select cardinality(ids) from matching) > ${keyedLimit}
    union all select (d.facts).*, d.sign from app_analytics_pending(${tenantId}) d`;
}

/**
 * Sums over the facts, or over the pending changes only (migration 0034): the noted orders' facts
 * computed now (+1) minus their stored facts (-1), app_analytics_pending. The stored facts lag
 * until the next fold, so the facts source is the stored facts plus the pending changes.
 */
function factSums(
  tenantId: number,
  range: TDayRange,
  filters: Array<{ kind: TAnalyticsFilter; value: string }>,
  group: 'day' | TAnalyticsDimension,
  source: 'facts' | 'deltas',
  keyedLimit = KEYED_FACTS_LIMIT,
): SQL {
  const conditions = keyFilters('f', filters);
  const keyOf: SQL =
    group === 'day'
      ? sql`to_char(e.day, 'YYYY-MM-DD')`
      : group === 'hour'
        ? sql`extract(hour from e.at at time zone f.time_zone)::int::text`
        : group === 'product'
          ? sql`p.product`
          : keyColumn('f', group);
  const products = group === 'product' ? sql`cross join lateral unnest(f.product_keys) as p(product)` : sql``;
  // A product filter broken down by product shows that product only (as the rollups do).
  for (const f of filters)
    if (group === 'product' && f.kind === 'product') conditions.push(sql`p.product = ${f.value}`);
  const only = group === 'day' ? undefined : EVENTS_OF[group];
  if (only) conditions.push(only);
  const from =
    source === 'facts'
      ? sql`(${storedFacts(tenantId, range, filters, keyedLimit)}) f`
      : sql`(select (d.facts).*, d.sign from app_analytics_pending(${tenantId}) d) f`;
  return sql`select e.metric, ${keyOf} as key, sum(f.sign) as n, sum(f.sign * e.amount) as amount,
          sum(f.sign * e.duration_s) as duration_s
        from ${from}
        cross join lateral (
          select v.metric, v.at, (v.at at time zone f.time_zone)::date as day, v.amount, v.duration_s
          from (values
            ('created', f.created_at, f.total_centimes, 0::bigint),
            ('called', f.called_at, 0::bigint, 0::bigint),
            ('decided', f.decided_at, 0::bigint, 0::bigint),
            ('confirmed', f.confirmed_at, 0::bigint, greatest(0, floor(extract(epoch from f.confirmed_at - f.created_at)))::bigint),
            ('cancelled', f.cancelled_at, f.total_centimes, 0::bigint),
            ('dispatched', f.dispatched_at, f.total_centimes, 0::bigint),
            ('delivered', f.delivered_at, f.total_centimes, case when f.dispatched_at is not null
              then greatest(0, floor(extract(epoch from f.delivered_at - f.dispatched_at)))::bigint else 0 end),
            ('delivered_timed', case when f.dispatched_at is not null then f.delivered_at end, 0::bigint, 0::bigint),
            ('returned', f.returned_at, f.total_centimes, 0::bigint)
          ) as v(metric, at, amount, duration_s)
          where v.at is not null
        ) e
        ${products}
        where e.day >= ${range.from}::date and e.day <= ${range.to}::date
          and ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}
        group by 1, 2`;
}

/** The first local day with an order (the start of date=all), null for an empty shop. */
export async function firstDay(tx: Tx, tenantId: number): Promise<string | null> {
  const [row] = await rows<{ day: string | null }>(
    tx,
    sql`select to_char(min(day), 'YYYY-MM-DD') as day from analytics_rollups
        where tenant_id = ${tenantId} and fk = '' and fv = '' and bk = '' and bv = '' and created_n > 0`,
  );
  return row?.day ?? null;
}

export async function pendingDeltas(tx: Tx, tenantId: number): Promise<number> {
  // Bounded count: we only need to know whether the threshold is passed.
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from analytics_dirty where tenant_id = ${tenantId}
        limit ${ANALYTICS_FOLD_THRESHOLD + 1}) d`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Folds a shop's noted orders unless another request or job is doing it (its own short
 * transaction). Answers the number of orders whose facts changed, null when the shop was busy.
 */
export async function foldAnalytics(db: Db, tenantId: number): Promise<number | null> {
  return withTenant(db, tenantId, async (tx) => {
    const [lock] = await rows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('analytics_rollups'), ${tenantId}) as locked`,
    );
    if (!lock?.locked) return null;
    const [row] = await rows<{ n: number }>(tx, sql`select app_analytics_fold(${tenantId}) as n`);
    return Number(row?.n ?? 0);
  });
}

/** Shops with noted orders not yet folded (the background fold's work list; across shops). */
export async function shopsWithPendingAnalytics(tx: Tx): Promise<number[]> {
  const result = await rows<{ tenant_id: number }>(
    tx,
    sql`select tenant_id from analytics_dirty group by tenant_id order by tenant_id`,
  );
  return result.map((r) => Number(r.tenant_id));
}

export async function rebuildAnalytics(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(sql`select app_analytics_rebuild(${tenantId})`);
}

export async function countMismatches(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from app_analytics_mismatches(${tenantId})`,
  );
  return Number(row?.n ?? 0);
}

/** Display names of dimension keys (agents, products, carriers, wilayas). */
export async function labelsOf(tx: Tx, tenantId: number, dimension: TAnalyticsDimension, keys: string[]) {
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const none = new Map<string, { label: string; label_ar: string | null }>();
  if (!ids.length) return none;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const query: SQL | null =
    dimension === 'agent'
      ? sql`select id::text as key, name as label, null as label_ar from users where tenant_id = ${tenantId} and id in (${list})`
      : dimension === 'product'
        ? sql`select id::text as key, name as label, null as label_ar from products where tenant_id = ${tenantId} and id in (${list})`
        : dimension === 'carrier'
          ? sql`select id::text as key, name as label, null as label_ar from shipping_companies where tenant_id = ${tenantId} and id in (${list})`
          : dimension === 'wilaya'
            ? sql`select id::text as key, name as label, name_ar as label_ar from states where id in (${list})`
            : dimension === 'commune'
              ? sql`select id::text as key, name as label, name_ar as label_ar from cities where id in (${list})`
              : dimension === 'reason'
                ? sql`select id::text as key, display_name as label, names->>'ar' as label_ar from statuses where tenant_id = ${tenantId} and id in (${list})`
                : null;
  if (!query) return none;
  const result = await rows<{ key: string; label: string; label_ar: string | null }>(tx, query);
  return new Map(result.map((r) => [r.key, { label: r.label, label_ar: r.label_ar }]));
}
