import { sql, type SQL } from 'drizzle-orm';
import type { TDayRange } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { keyFilters } from '../../db/analytics-keys.js';
import { accountingDirect } from './accounting-direct.repository.js';
import {
  AD_SCALE,
  outputsSql,
  poolsSql,
  UNMATCHED_POOL_KEYS,
  unmatchedPoolFilter,
  type TAccountingFilter,
  type TAccountingOutput,
  type TAccountingShape,
} from './accounting-outputs.repository.js';

export type { TAccountingFilter, TAccountingOutput, TAccountingShape } from './accounting-outputs.repository.js';

/**
 * The accounting view's money (issue 14.2, docs/decisions/0116 and 0134): revenue, costs, fees,
 * commissions and ad spend of a period, as its total, days, campaigns and products.
 *
 * 'stored' reads what the fold keeps (migration 0042): under no filter or one, the pre-summed
 * rollups of the period's days for that filter (a few thousand rows whatever the shop's size);
 * under several, the orders' money parts of the period, filtered. Both add the orders noted since
 * the last fold (their parts now, minus their stored parts). Ad spend: the rollups hold it spread at
 * each pool's stored weight (migration 0043); the pools whose weight now differs add their stored
 * members times the difference (under several filters, the members are counted from the parts).
 * 'computed' is the direct computation it is checked against.
 */
export type TFactsSource = 'stored' | 'computed';

export async function accountingOutputs(
  tx: Tx,
  tenantId: number,
  range: TDayRange,
  window: { from: Date; to: Date },
  timeZone: string,
  filters: TAccountingFilter[],
  source: TFactsSource = 'stored',
  shape: TAccountingShape = 'groups',
): Promise<TAccountingOutput[]> {
  if (source === 'computed') return accountingDirect(tx, tenantId, range, window, timeZone, filters, shape);
  // The planner cannot estimate the pending function's rows (as app_analytics_pending, migration 0034)
  // nor the CTEs' (it guesses one row): it joined the pools' weights to the member counts by nested
  // loop (540 × 110,000 comparisons at 1,000,000 orders) and grouped 90,000 rows by sorting their
  // text keys. Every join and grouping here is better hashed (a lateral function stays a loop).
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`set local enable_sort = off`);
  const inRange = (alias: string) => sql`${sql.raw(alias)}.day between ${range.from}::date and ${range.to}::date`;
  // The outputs read: under the 'totals' shape only the days'. Named, so that each is one range of
  // the rollups' keys (tenant, filter, output, day): without them the range is the filter's every day.
  const outputs = (alias: string) =>
    shape === 'totals'
      ? sql`and ${sql.raw(alias)}.ok = 'day'`
      : sql`and ${sql.raw(alias)}.ok in ('day', 'campaign', 'product')`;
  const keysOf = (alias: string) =>
    sql.raw(`app_analytics_money_keys(${alias}.agent_key, ${alias}.source_key, ${alias}.campaign_key, ${alias}.wilaya_key,
      ${alias}.carrier_key, ${alias}.product_keys)`);
  const single = filters.length <= 1;
  const fk = filters[0]?.kind ?? '';
  const fv = filters[0]?.value ?? '';
  const conditions = keyFilters('r', filters);
  const partFilters = conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
  // Under one filter the rollups' keys (fk, fv) select the rows; under several, every filter is
  // checked on the parts (alias r) and the keys without a filter (fk '') give the outputs.
  const keyed = (kinds: SQL, rollup: SQL, columns: SQL) =>
    single
      ? sql`${rollup}
        union all
        select r.day, ${columns} from pending r cross join lateral ${keysOf('r')} k
        where ${kinds} and k.fk = ${fk} and k.fv = ${fv} and ${inRange('r')} ${outputs('k')}`
      : sql`select r.day, ${columns} from (
          select 1 as sign, p.* from analytics_money_parts p
          where p.tenant_id = ${tenantId} and ${inRange('p')}
          union all select * from pending
        ) r cross join lateral ${keysOf('r')} k
        where ${kinds} and k.fk = '' and ${inRange('r')} ${partFilters} ${outputs('k')}`;
  return rows<TAccountingOutput>(
    tx,
    sql`with pending as materialized (
          select d.sign, (d.part).* from app_analytics_money_parts_pending(${tenantId}) d
        ),
        money as materialized (${keyed(
          sql`r.kind <> 'm'`,
          sql`select r.day, r.ok, r.ov, r.revenue, r.product_cost, r.carrier_fee, r.return_fee, r.commission,
              r.delivered_n, r.returned_n, r.ad_micro
            from analytics_money_rollups r
            where r.tenant_id = ${tenantId} and r.fk = ${fk} and r.fv = ${fv} and ${inRange('r')} ${outputs('r')}`,
          sql`k.ok, k.ov, r.sign * r.revenue as revenue, r.sign * r.product_cost as product_cost,
            r.sign * r.carrier_fee as carrier_fee, r.sign * r.return_fee as return_fee,
            r.sign * r.commission as commission, r.sign * r.delivered_n as delivered_n,
            r.sign * r.returned_n as returned_n, 0::bigint as ad_micro`,
        )}),
        -- Each pool's orders, whatever the filters: the spend is spread over all of them.
        sizes as (
          select s.day, s.pool, sum(s.n)::bigint as n from (
            select r.day, r.pool, r.n from analytics_money_pool_counts r
            where r.tenant_id = ${tenantId} and r.fk = '' and r.fv = '' and ${inRange('r')} and r.ok = 'day'
            union all
            select r.day, r.pool, r.sign from pending r where r.kind = 'm' and ${inRange('r')}
          ) s group by s.day, s.pool
        ),
        pools as (${poolsSql(tenantId, range, timeZone)}),
        -- A pool's spend per order now, in micro-centimes (AD_SCALE).
        live as (
          select p.day, p.pool, p.spend * ${AD_SCALE} / s.n as w
          from pools p join sizes s on s.day = p.day and s.pool = p.pool
          where s.n > 0
        ),
        -- With the weight the rollups' ad_micro holds (ws, migration 0043): only the pools whose two
        -- differ (today's, an expense changed since the last fold) have their stored members read.
        weights as materialized (
          select coalesce(l.day, s.day) as day, coalesce(l.pool, s.pool) as pool, coalesce(l.w, 0) as w,
            coalesce(s.w, 0) as ws
          from live l
          full join (select w.day, w.pool, w.w from analytics_money_pool_weights w
            where w.tenant_id = ${tenantId} and ${inRange('w')}) s on s.day = l.day and s.pool = l.pool
        ),
        moved as materialized (select w.day, w.pool from weights w where w.w <> w.ws),
        -- Members: 'stored' ones add count × (w − ws) to the rollups' ad_micro, the others count × w.
        counts as materialized (${keyed(
          sql`r.kind = 'm'`,
          sql`select r.day, r.pool, r.ok, r.ov, r.n, true as stored from analytics_money_pool_counts r
            where r.tenant_id = ${tenantId} and r.fk = ${fk} and r.fv = ${fv} ${outputs('r')}
              and r.day between (select min(day) from moved) and (select max(day) from moved)
              and (r.day, r.pool) in (select day, pool from moved)`,
          sql`r.pool, k.ok, k.ov, r.sign as n, false as stored`,
        )}),
        -- Summed per output key as early as possible (a day keeps its day; a campaign or product is
        -- summed over the period): the rows are not grouped per pool first, as c × w adds up per row.
        keyed as (
          select case when k.ok = 'day' then k.day end as day, k.ok, k.ov, sum(k.revenue) as revenue,
            sum(k.product_cost) as product_cost, sum(k.carrier_fee) as carrier_fee, sum(k.return_fee) as return_fee,
            sum(k.commission) as commission, sum(k.ad_micro) as ad_micro, sum(k.delivered_n) as delivered_n,
            sum(k.returned_n) as returned_n
          from (
            select m.day, m.ok, m.ov, m.revenue, m.product_cost, m.carrier_fee, m.return_fee, m.commission,
              m.ad_micro, m.delivered_n, m.returned_n
            from money m
            union all
            select c.day, c.ok, c.ov, 0, 0, 0, 0, 0, c.n * (case when c.stored then w.w - w.ws else w.w end), 0, 0
            from counts c join weights w on w.day = c.day and w.pool = c.pool
            union all
            select p.day, o.ok, o.ov, 0, 0, 0, 0, 0, p.spend * ${AD_SCALE}, 0, 0
            from pools p ${UNMATCHED_POOL_KEYS}
            where not exists (select 1 from live w where w.day = p.day and w.pool = p.pool)
              and ${unmatchedPoolFilter(filters)}
          ) k
          group by 1, k.ok, k.ov
        )
        ${outputsSql(shape)}`,
  );
}

/** The current facts of the orders `ids` (an integer[] expression, evaluated once), as a query. */
function factsOf(tenantId: number, ids: SQL, source: TFactsSource): SQL {
  if (source === 'computed') return sql`select * from app_analytics_compute_facts(${tenantId}, ${ids}::integer[])`;
  // Same rows as app_analytics_current_facts (migration 0034), for these orders only. The function
  // is called only when some of them are noted: with an empty list its plan still reads the history.
  return sql`select s.* from analytics_order_facts s
      where s.tenant_id = ${tenantId} and s.order_id = any(${ids}::integer[])
        and not exists (select 1 from analytics_dirty d where d.tenant_id = ${tenantId} and d.order_id = s.order_id)
      union all
      select c.* from (select array(select distinct d.order_id from analytics_dirty d
          where d.tenant_id = ${tenantId} and d.order_id = any(${ids}::integer[])) as ids) noted
      cross join lateral app_analytics_compute_facts(${tenantId}, noted.ids) c
      where cardinality(noted.ids) > 0`;
}

/** The filters on the money rows (alias r), all of them (true without any). */
function filterSql(filters: TAccountingFilter[]): SQL {
  const conditions = keyFilters('r', filters);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

export interface TAgentCommissionGroup {
  agent_id: number;
  name: string | null;
  earned: string;
  reversed: string;
  orders: number;
}

/** The ledger's lines of the period per agent (decision 0102), under the view's filters. */
export async function agentCommissions(
  tx: Tx,
  tenantId: number,
  window: { from: Date; to: Date },
  filters: TAccountingFilter[],
  source: TFactsSource = 'stored',
): Promise<TAgentCommissionGroup[]> {
  return rows<TAgentCommissionGroup>(
    tx,
    sql`select r.agent_id, u.name,
          coalesce(sum(r.amount_centimes) filter (where r.kind = 'earned'), 0)::text as earned,
          coalesce(-sum(r.amount_centimes) filter (where r.kind = 'reversed'), 0)::text as reversed,
          (count(distinct r.order_id) filter (where r.kind = 'earned'))::int as orders
        from (
          select a.agent_id, a.order_id, a.kind, a.amount_centimes, a.agent_id::text as agent_key,
            f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys
          from agent_commissions a
          left join (${factsOf(
            tenantId,
            sql`array(select order_id from agent_commissions where tenant_id = ${tenantId}
              and occurred_at >= ${window.from.toISOString()} and occurred_at < ${window.to.toISOString()})`,
            source,
          )}) f on f.order_id = a.order_id
          where a.tenant_id = ${tenantId} and a.occurred_at >= ${window.from.toISOString()}
            and a.occurred_at < ${window.to.toISOString()}
        ) r
        left join users u on u.tenant_id = ${tenantId} and u.id = r.agent_id
        where ${filterSql(filters)}
        group by r.agent_id, u.name
        order by r.agent_id`,
  );
}
