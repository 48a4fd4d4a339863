import { sql, type SQL } from 'drizzle-orm';
import type { TAnalyticsFilter, TDayRange } from '@cod/shared';

/**
 * The pieces every path of the accounting view shares (docs/decisions/0134): the ad-spend pools,
 * the filters on a pool no order matched, and the final outputs (total, days, campaigns, products)
 * from keyed rows. Written once, so the pre-summed read and the per-order reads it is checked
 * against differ only in where their keyed rows come from.
 */
export type TAccountingFilter = { kind: TAnalyticsFilter; value: string };

/** 'groups': the period's total, days, campaigns and products. 'totals': its total only (decision 0132). */
export type TAccountingShape = 'groups' | 'totals';

export interface TAccountingOutput {
  out: 'total' | 'day' | 'campaign' | 'product';
  key: string;
  revenue: string;
  product_cost: string;
  carrier_fee: string;
  return_fee: string;
  commission: string;
  ad_spend: string;
  delivered_n: string;
  returned_n: string;
}

/**
 * A pool's spend spread over its n orders in micro-centimes (spend × 10⁶ / n, rounded down): a group
 * of c of them gets c × that, so the pre-summed member counts and a per-order sum agree exactly. A
 * figure is rounded to the centime once, when it is shown.
 */
export const AD_SCALE = 1_000_000;

/**
 * The period's ad-spend pools (decision 0116; SQL function app_analytics_ad_pools, migration 0043):
 * the expenses of a day of a campaign, or, with no campaign, of a sales source. `pool` names them as
 * the members' counts do ('c:…', 's:…'); `day_start`/`day_end` are the local day's bounds (for the
 * direct computation's members).
 */
export function poolsSql(tenantId: number, range: TDayRange, timeZone: string): SQL {
  return sql`select p.day, p.pool, p.campaign, p.source, p.expense_source, p.spend,
      (p.day::timestamp at time zone ${timeZone}) as day_start, ((p.day + 1)::timestamp at time zone ${timeZone}) as day_end
    from app_analytics_ad_pools(${tenantId}, ${range.from}::date, ${range.to}::date) p`;
}

/**
 * Whether the filters keep a pool no order of its day matched (alias p of poolsSql): it has its
 * expense's source and campaign only, so any other filter drops it.
 */
export function unmatchedPoolFilter(filters: TAccountingFilter[]): SQL {
  const conditions = filters.map((f) =>
    f.kind === 'source'
      ? sql`coalesce(p.expense_source, '-') = ${f.value}`
      : f.kind === 'campaign'
        ? sql`coalesce(p.campaign, '-') = ${f.value}`
        : sql`false`,
  );
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The keyed rows of a pool no order matched (alias p): its whole spend, under its campaign and no product. */
export const UNMATCHED_POOL_KEYS = sql`cross join lateral (values ('day', ''), ('campaign', coalesce(p.campaign, '-')),
    ('product', '-')) o(ok, ov)`;

const SUMS = sql`coalesce(sum(k.revenue), 0)::text as revenue, coalesce(sum(k.product_cost), 0)::text as product_cost,
  coalesce(sum(k.carrier_fee), 0)::text as carrier_fee, coalesce(sum(k.return_fee), 0)::text as return_fee,
  coalesce(sum(k.commission), 0)::text as commission,
  coalesce(round(sum(k.ad_micro)::numeric / ${AD_SCALE}), 0)::text as ad_spend,
  coalesce(sum(k.delivered_n), 0)::text as delivered_n, coalesce(sum(k.returned_n), 0)::text as returned_n`;

const NOT_ZERO = sql`having sum(k.revenue) <> 0 or sum(k.product_cost) <> 0 or sum(k.carrier_fee) <> 0
  or sum(k.return_fee) <> 0 or sum(k.commission) <> 0 or sum(k.ad_micro) <> 0 or sum(k.delivered_n) <> 0
  or sum(k.returned_n) <> 0`;

/**
 * The outputs from `keyed` (a CTE of rows day, ok, ov, revenue, product_cost, carrier_fee,
 * return_fee, commission, ad_micro, delivered_n, returned_n; ok 'day' rows carry every part once):
 * the total, and for 'groups' each day, campaign and product whose sums are not all zero.
 */
export function outputsSql(shape: TAccountingShape): SQL {
  const total = sql`select 'total' as out, '' as key, ${SUMS} from keyed k where k.ok = 'day'`;
  if (shape === 'totals') return total;
  return sql`${total}
    union all
    select 'day', to_char(k.day, 'YYYY-MM-DD'), ${SUMS} from keyed k where k.ok = 'day' group by k.day ${NOT_ZERO}
    union all
    select k.ok, k.ov, ${SUMS} from keyed k where k.ok <> 'day' group by k.ok, k.ov ${NOT_ZERO}`;
}
