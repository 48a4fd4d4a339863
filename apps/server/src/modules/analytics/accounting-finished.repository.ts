import { sql, type SQL } from 'drizzle-orm';
import type { TAnalyticsFilter, TDayRange } from '@cod/shared';
import { keyFilters } from '../../db/analytics-keys.js';
import { CARRIER_FEE, FEE_JOIN, LINE_UNIT_COST, RETURN_FEE } from '../../db/profit-sql.js';

/**
 * The accounting view's finished orders (delivered or returned in the period) and their money
 * parts, as pieces of accountingGroups' statement: `ctes` (after its `facts`), `wantedIds` (orders
 * whose facts the statement must read for them, a query of order_id or null) and `rows` (the money
 * rows, columns of accountingGroups' r).
 *
 * 'stored' (docs/decisions/0126) sums the money rows the fold keeps (analytics_order_money, one row
 * per finished order, read by day) for the orders not noted since the last fold and the rows of the
 * noted ones computed now; the cost price and the fee grid are joined per (product, variant) and per
 * (carrier, wilaya) here, so they are always today's. 'computed' is the direct computation
 * (decision 0116): the orders found through the period's status history, their facts, lines and fees.
 */
export interface TFinishedPieces {
  head: SQL;
  wantedIds: SQL | null;
  ctes: SQL;
  rows: SQL;
}

type TWindow = { wf: string; wt: string };

const DIMS = sql`f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys`;

export function storedFinished(
  tenantId: number,
  range: TDayRange,
  { wf, wt }: TWindow,
  filters: Array<{ kind: TAnalyticsFilter; value: string }>,
): TFinishedPieces {
  const filtered = keyFilters('f', filters);
  return {
    head: sql``,
    wantedIds: null,
    ctes: sql`money as (
        select m.* from analytics_order_money m
        where m.tenant_id = ${tenantId} and m.day between ${range.from}::date and ${range.to}::date
          and not exists (select 1 from analytics_dirty d where d.tenant_id = ${tenantId} and d.order_id = m.order_id)
        union all
        select p.* from app_analytics_money_pending(${tenantId}) p
        where p.day between ${range.from}::date and ${range.to}::date
      ),
      -- Counted when one of its delivered/returned events is in the window, as the direct computation.
      finished as (
        select f.* from money f
        where exists (select 1 from unnest(f.finish_events) e where e >= ${wf} and e < ${wt})
          ${filtered.length ? sql`and ${sql.join(filtered, sql` and `)}` : sql``}
      ),
      finished_lines as (
        select f.tenant_id, f.day, f.agent_key, ${DIMS}, u.product_id, u.variant_id, u.quantity from finished f
        cross join unnest(f.line_product_ids, f.line_variant_ids, f.line_quantities) u(product_id, variant_id, quantity)
        where f.delivered
      ),
      -- One unit cost per (product, variant) of the period, not per line: the latest purchase is
      -- looked up once. Materialized, or the planner evaluates it on every line after the join.
      unit_cost as materialized (
        select l.product_id, coalesce(l.variant_id, 0) as variant_key,
          round(coalesce(${LINE_UNIT_COST}, 0) * 100) as unit
        from (select distinct tenant_id, product_id, variant_id from finished_lines) l
        join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
        left join product_variants v on v.tenant_id = l.tenant_id and v.id = l.variant_id
      ),`,
    // Two kinds of rows, summed by the caller: one per order (revenue, fees, counts; the fee grid
    // joined per carrier and wilaya) and one per delivered line (its cost). No join per order.
    rows: sql`select o.day, o.agent_key, o.source_key, o.campaign_key, o.wilaya_key, o.carrier_key, o.product_keys,
          case when o.delivered then o.total_centimes else 0 end as revenue,
          0::bigint as product_cost,
          case when o.delivered then round(coalesce(${CARRIER_FEE}, 0) * 100)::bigint else 0 end as carrier_fee,
          case when o.delivered then 0 else round(${RETURN_FEE} * 100)::bigint end as return_fee,
          0::bigint as commission, 0::bigint as ad_spend,
          o.delivered::int as delivered_n, (not o.delivered)::int as returned_n
        from finished o ${FEE_JOIN}
        union all
        select f.day, f.agent_key, ${DIMS}, 0, (f.quantity * u.unit)::bigint, 0, 0, 0, 0, 0, 0
        from finished_lines f
        join unit_cost u on u.product_id = f.product_id and u.variant_key = coalesce(f.variant_id, 0)`,
  };
}

export function computedFinished(tenantId: number, range: TDayRange, { wf, wt }: TWindow): TFinishedPieces {
  return {
    head: sql`fin_ids as (
          select distinct fs.order_id from fulfillment_statuses fs
          join statuses s on s.tenant_id = fs.tenant_id and s.id = fs.status_id
          where fs.tenant_id = ${tenantId} and fs.created_at >= ${wf} and fs.created_at < ${wt}
            and s.type in ('delivered', 'returned')
        ),`,
    wantedIds: sql`select order_id from fin_ids`,
    ctes: sql`fin as (
          select f.order_id, f.agent_key, ${DIMS}, f.total_centimes,
            (f.delivered_at at time zone f.time_zone)::date as delivered_day,
            (f.returned_at at time zone f.time_zone)::date as returned_day
          from facts f where f.order_id in (select order_id from fin_ids)
        ),
        finished as (
          select fin.*, coalesce(fin.delivered_day, fin.returned_day) as day from fin
          where coalesce(fin.delivered_day, fin.returned_day) between ${range.from}::date and ${range.to}::date
        ),
        cost as (
          select l.order_id, sum(l.quantity * round(coalesce(${LINE_UNIT_COST}, 0) * 100))::bigint as cost
          from order_lines l
          join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
          left join product_variants v on v.tenant_id = l.tenant_id and v.id = l.variant_id
          where l.tenant_id = ${tenantId}
            and l.order_id = any(array(select order_id from finished where delivered_day is not null))
          group by l.order_id
        ),
        fees as (
          select o.id as order_id, round(coalesce(${CARRIER_FEE}, 0) * 100)::bigint as carrier_fee,
            round(${RETURN_FEE} * 100)::bigint as return_fee
          from orders o ${FEE_JOIN}
          where o.tenant_id = ${tenantId} and o.id = any(array(select order_id from finished))
        ),`,
    rows: sql`select f.day, f.agent_key, ${DIMS},
            case when f.delivered_day is not null then f.total_centimes else 0 end as revenue,
            case when f.delivered_day is not null then coalesce(c.cost, 0) else 0 end as product_cost,
            case when f.delivered_day is not null then coalesce(x.carrier_fee, 0) else 0 end as carrier_fee,
            case when f.delivered_day is null then coalesce(x.return_fee, 0) else 0 end as return_fee,
            0::bigint as commission, 0::bigint as ad_spend,
            (f.delivered_day is not null)::int as delivered_n, (f.delivered_day is null)::int as returned_n
          from finished f
          left join cost c on c.order_id = f.order_id
          left join fees x on x.order_id = f.order_id`,
  };
}
