import { sql, type SQL } from 'drizzle-orm';
import type { TAnalyticsDimension, TAnalyticsFilter, TAnalyticsMetric, TDayRange, TMetricTable } from '@cod/shared';
import { rows, type Db, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';

/** Pending deltas a reader lets accumulate before folding them (docs/decisions/0078). */
export const ANALYTICS_FOLD_THRESHOLD = 20_000;

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

function collect(result: TSumRow[]): TKeyedSums[] {
  const byKey = new Map<string, TMetricTable>();
  for (const r of result) {
    const table = byKey.get(r.key) ?? {};
    table[r.metric] = { n: Number(r.n), amount: Number(r.amount), durationS: Number(r.duration_s) };
    byKey.set(r.key, table);
  }
  return [...byKey].map(([key, metrics]) => ({ key, metrics }));
}

/**
 * Sums of the rollups (folded plus pending deltas) for one rollup pair, grouped by `group`
 * ('day' or the free side of the pair). `where` is on alias r.
 */
async function sumRollups(tx: Tx, tenantId: number, range: TDayRange, where: SQL, group: SQL): Promise<TKeyedSums[]> {
  const result = await rows<TSumRow>(
    tx,
    sql`select r.metric, ${group} as key, sum(r.n) as n, sum(r.amount) as amount, sum(r.duration_s) as duration_s
        from (
          select fk, fv, bk, bv, day, metric, n, amount, duration_s from analytics_rollups
          where tenant_id = ${tenantId} and day >= ${range.from}::date and day <= ${range.to}::date
          union all
          select fk, fv, bk, bv, day, metric, n, amount, duration_s from analytics_rollup_deltas
          where tenant_id = ${tenantId} and day >= ${range.from}::date and day <= ${range.to}::date
        ) r
        where ${where}
        group by 1, 2
        having sum(r.n) <> 0 or sum(r.amount) <> 0`,
  );
  return collect(result);
}

export type TFilterPair = { kind: TAnalyticsFilter; value: string } | null;

/** Per-day sums under at most one filter. */
export function dailyFromRollups(tx: Tx, tenantId: number, range: TDayRange, filter: TFilterPair) {
  const where = filter
    ? sql`r.fk = '' and r.fv = '' and r.bk = ${filter.kind} and r.bv = ${filter.value}`
    : sql`r.fk = '' and r.fv = '' and r.bk = '' and r.bv = ''`;
  return sumRollups(tx, tenantId, range, where, sql`to_char(r.day, 'YYYY-MM-DD')`);
}

/** Sums by the values of one dimension under at most one filter. */
export function breakdownFromRollups(
  tx: Tx,
  tenantId: number,
  range: TDayRange,
  filter: TFilterPair,
  dimension: TAnalyticsDimension,
) {
  if (!filter) return sumRollups(tx, tenantId, range, sql`r.fk = '' and r.fv = '' and r.bk = ${dimension}`, sql`r.bv`);
  if (filter.kind === dimension)
    return sumRollups(
      tx,
      tenantId,
      range,
      sql`r.fk = '' and r.fv = '' and r.bk = ${dimension} and r.bv = ${filter.value}`,
      sql`r.bv`,
    );
  if (filter.kind < dimension)
    return sumRollups(
      tx,
      tenantId,
      range,
      sql`r.fk = ${filter.kind} and r.fv = ${filter.value} and r.bk = ${dimension}`,
      sql`r.bv`,
    );
  return sumRollups(
    tx,
    tenantId,
    range,
    sql`r.fk = ${dimension} and r.bk = ${filter.kind} and r.bv = ${filter.value}`,
    sql`r.fv`,
  );
}

const FACT_COLUMN: Record<TAnalyticsFilter, SQL> = {
  agent: sql`f.agent_key`,
  campaign: sql`f.campaign_key`,
  carrier: sql`f.carrier_key`,
  source: sql`f.source_key`,
  wilaya: sql`f.wilaya_key`,
  product: sql`f.product_keys`,
};

/**
 * The slow path (several filters at once): the same sums counted from the per-order facts, which
 * hold every dimension. Reads every fact with an event in the range (docs/decisions/0078).
 */
export async function sumFromFacts(
  tx: Tx,
  tenantId: number,
  range: TDayRange,
  filters: Array<{ kind: TAnalyticsFilter; value: string }>,
  group: 'day' | TAnalyticsDimension,
): Promise<TKeyedSums[]> {
  const conditions = filters.map((f) =>
    f.kind === 'product' ? sql`${f.value} = any(f.product_keys)` : sql`${FACT_COLUMN[f.kind]} = ${f.value}`,
  );
  const keyOf: SQL =
    group === 'day'
      ? sql`to_char(e.day, 'YYYY-MM-DD')`
      : group === 'hour'
        ? sql`extract(hour from e.at at time zone f.time_zone)::int::text`
        : group === 'product'
          ? sql`p.product`
          : FACT_COLUMN[group];
  const products = group === 'product' ? sql`cross join lateral unnest(f.product_keys) as p(product)` : sql``;
  // A product filter broken down by product shows that product only (as the rollups do).
  for (const f of filters)
    if (group === 'product' && f.kind === 'product') conditions.push(sql`p.product = ${f.value}`);
  const result = await rows<TSumRow>(
    tx,
    sql`select e.metric, ${keyOf} as key, count(*) as n, sum(e.amount) as amount, sum(e.duration_s) as duration_s
        from analytics_order_facts f
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
        where f.tenant_id = ${tenantId} and e.day >= ${range.from}::date and e.day <= ${range.to}::date
          and ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}
        group by 1, 2`,
  );
  return collect(result);
}

/** The first local day with an order (the start of date=all), null for an empty shop. */
export async function firstDay(tx: Tx, tenantId: number): Promise<string | null> {
  const [row] = await rows<{ day: string | null }>(
    tx,
    sql`select to_char(min(day), 'YYYY-MM-DD') as day from analytics_rollups
        where tenant_id = ${tenantId} and fk = '' and fv = '' and bk = '' and bv = '' and metric = 'created'`,
  );
  return row?.day ?? null;
}

export async function pendingDeltas(tx: Tx, tenantId: number): Promise<number> {
  // Bounded count: we only need to know whether the threshold is passed.
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from analytics_rollup_deltas where tenant_id = ${tenantId}
        limit ${ANALYTICS_FOLD_THRESHOLD + 1}) d`,
  );
  return Number(row?.n ?? 0);
}

/** Folds a shop's deltas unless another request is doing it (its own short transaction). */
export async function foldAnalytics(db: Db, tenantId: number): Promise<void> {
  await withTenant(db, tenantId, async (tx) => {
    const [lock] = await rows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('analytics_rollups'), ${tenantId}) as locked`,
    );
    if (lock?.locked) await tx.execute(sql`select app_analytics_fold(${tenantId})`);
  });
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
            : null;
  if (!query) return none;
  const result = await rows<{ key: string; label: string; label_ar: string | null }>(tx, query);
  return new Map(result.map((r) => [r.key, { label: r.label, label_ar: r.label_ar }]));
}
