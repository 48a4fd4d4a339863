import { sql } from 'drizzle-orm';
import type { TDayRange } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { keyFilters } from '../../db/analytics-keys.js';
import { CARRIER_FEE, LINE_UNIT_COST, RETURN_FEE } from '../../db/profit-sql.js';
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

/**
 * The accounting view computed from the orders themselves (decision 0116; the bench's "before" and
 * what the pre-summed read of decision 0134 is checked against): the finished orders found through
 * the period's status history, every order's facts recomputed from its history, its lines priced,
 * its fees from the grid, the commission ledger by day, the ad-spend pools spread over the orders
 * created on their day. Reads every order of the period: seconds at 1,000,000 orders.
 */
export async function accountingDirect(
  tx: Tx,
  tenantId: number,
  range: TDayRange,
  window: { from: Date; to: Date },
  timeZone: string,
  filters: TAccountingFilter[],
  shape: TAccountingShape,
): Promise<TAccountingOutput[]> {
  const wf = window.from.toISOString();
  const wt = window.to.toISOString();
  const dims = sql`f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys`;
  const conditions = keyFilters('r', filters);
  // The planner cannot estimate the facts function's rows and would spend seconds JIT-compiling.
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '32MB'`);
  return rows<TAccountingOutput>(
    tx,
    sql`with fin_events as (
          select distinct fs.order_id, (fs.created_at at time zone ${timeZone})::date as event_day
          from fulfillment_statuses fs
          join statuses s on s.tenant_id = fs.tenant_id and s.id = fs.status_id
          where fs.tenant_id = ${tenantId} and fs.created_at >= ${wf} and fs.created_at < ${wt}
            and s.type in ('delivered', 'returned')
        ),
        ledger as (
          select a.order_id, a.agent_id, a.amount_centimes, a.occurred_at from agent_commissions a
          where a.tenant_id = ${tenantId} and a.occurred_at >= ${wf} and a.occurred_at < ${wt}
        ),
        pools as (${poolsSql(tenantId, range, timeZone)}),
        members as (
          select p.day, p.pool, p.spend, o.id as order_id, count(*) over (partition by p.day, p.pool) as n
          from pools p
          join lateral (
            select o.id from orders o
            where o.tenant_id = ${tenantId} and o.deleted_at is null and o.campaign_id = p.campaign
              and o.created_at >= p.day_start and o.created_at < p.day_end
            union all
            select o.id from orders o
            where p.campaign is null and o.tenant_id = ${tenantId} and o.deleted_at is null and o.sales_source = p.source
              and o.created_at >= p.day_start and o.created_at < p.day_end
          ) o on true
        ),
        wanted as (
          select array(select order_id from fin_events union select order_id from ledger
            union select order_id from members) as ids
        ),
        facts as (select * from app_analytics_compute_facts(${tenantId}, (select ids from wanted))),
        fin as (
          select f.order_id, f.agent_key, ${dims}, f.total_centimes,
            f.delivered_at is not null as delivered,
            (coalesce(f.delivered_at, f.returned_at) at time zone f.time_zone)::date as day
          from facts f where f.order_id in (select order_id from fin_events)
        ),
        -- Counted on its day when its history has a delivered or returned event that day (decision 0134).
        finished as (
          select fin.* from fin
          where fin.day between ${range.from}::date and ${range.to}::date
            and exists (select 1 from fin_events e where e.order_id = fin.order_id and e.event_day = fin.day)
        ),
        -- One row per finished order (revenue, fees, counts) and one per line of a delivered one (its
        -- cost), each reading its order or lines by key: the planner takes "finished" for one row,
        -- and a join of CTEs it makes a nested loop of 88,000 × 88,000 at 1,000,000 orders.
        r as (
          select f.day, f.agent_key, ${dims},
            case when f.delivered then f.total_centimes else 0 end as revenue,
            0::bigint as product_cost,
            case when f.delivered then round(coalesce(${CARRIER_FEE}, 0) * 100)::bigint else 0 end as carrier_fee,
            case when f.delivered then 0 else round(${RETURN_FEE} * 100)::bigint end as return_fee,
            0::bigint as commission, 0::bigint as ad_micro,
            f.delivered::int as delivered_n, (not f.delivered)::int as returned_n
          from finished f
          join orders o on o.tenant_id = ${tenantId} and o.id = f.order_id
          union all
          select f.day, f.agent_key, ${dims}, 0,
            (l.quantity * round(coalesce(${LINE_UNIT_COST}, 0) * 100))::bigint, 0, 0, 0, 0, 0, 0
          from finished f
          join order_lines l on l.tenant_id = ${tenantId} and l.order_id = f.order_id
          where f.delivered
          union all
          select (a.occurred_at at time zone ${timeZone})::date, a.agent_id::text, ${dims},
            0, 0, 0, 0, a.amount_centimes, 0, 0, 0
          from ledger a
          left join facts f on f.order_id = a.order_id
          union all
          select m.day, f.agent_key, ${dims}, 0, 0, 0, 0, 0, m.spend * ${AD_SCALE} / m.n, 0, 0
          from members m
          left join facts f on f.order_id = m.order_id
        ),
        keyed as (
          select r.day, k.ok, k.ov, r.revenue, r.product_cost, r.carrier_fee, r.return_fee, r.commission, r.ad_micro,
            r.delivered_n, r.returned_n
          from r
          cross join lateral app_analytics_money_keys(r.agent_key, r.source_key, r.campaign_key, r.wilaya_key,
            r.carrier_key, r.product_keys) k
          where k.fk = '' and r.day between ${range.from}::date and ${range.to}::date
            ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
          union all
          select p.day, o.ok, o.ov, 0, 0, 0, 0, 0, p.spend * ${AD_SCALE}, 0, 0
          from pools p ${UNMATCHED_POOL_KEYS}
          where not exists (select 1 from members m where m.day = p.day and m.pool = p.pool)
            and ${unmatchedPoolFilter(filters)}
        )
        ${outputsSql(shape)}`,
  );
}
