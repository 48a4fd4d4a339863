import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces of an order's profit (docs/decisions/0103), shared by the order's profit
 * (modules/profit) and the accounting view of analytics (modules/analytics, decision 0116) so the
 * cost and fee rules are written once.
 */
const latestPurchase = (variant: SQL) =>
  sql`(select sm.unit_cost from stock_movements sm
       where sm.tenant_id = l.tenant_id and sm.product_id = l.product_id and sm.kind = 'purchase'
         and sm.unit_cost is not null ${variant}
       order by sm.id desc limit 1)`;

/**
 * A line's unit purchase cost in dinars (null: unknown), over aliases l (order_lines), p
 * (products) and v (product_variants, left joined): written once for the order's profit and the
 * accounting view (docs/decisions/0103, 0116).
 */
export const LINE_UNIT_COST: SQL = sql`coalesce(v.cost_price, p.cost_price,
  ${latestPurchase(sql`and sm.variant_id is not distinct from l.variant_id`)}, ${latestPurchase(sql``)})`;

/**
 * The carrier's delivery and return fees of an order in dinars, over aliases o (orders) and f
 * (shipping_fees left joined by FEE_JOIN); with no grid row the delivery price charged stands for
 * the fee and the return fee is 0 (decision 0103).
 */
export const FEE_JOIN: SQL = sql`left join shipping_fees f on f.tenant_id = o.tenant_id
  and f.shipping_company_id = o.shipping_company_id and f.state_id = o.state_id`;
export const CARRIER_FEE: SQL = sql`coalesce(case when o.is_stopdesk then f.stopdesk_fee else f.home_fee end, o.delivery_price)`;
export const RETURN_FEE: SQL = sql`coalesce(f.return_fee, 0)`;
