import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces of an order's profit (docs/decisions/0103), shared by the order's profit
 * (modules/profit) and the accounting view of analytics (modules/analytics, decision 0116). The
 * rules themselves are SQL functions (migration 0042) because the analytics fold prices with them
 * too (decision 0134): written once.
 */

/**
 * A line's unit purchase cost in dinars (null: unknown) over alias l (order_lines): the variant's
 * cost price, the product's, the latest purchase of the variant (of the product when the line has
 * none), the latest purchase of the product.
 */
export const LINE_UNIT_COST: SQL = sql`app_line_unit_cost(l.tenant_id, l.product_id, l.variant_id)`;

/**
 * The carrier's delivery and return fees of an order in dinars, over alias o (orders, or rows with
 * its tenant_id, shipping_company_id, state_id, is_stopdesk and delivery_price): with no grid row
 * the delivery price charged stands for the fee and the return fee is 0 (decision 0103).
 */
export const CARRIER_FEE: SQL = sql`app_carrier_fee(o.tenant_id, o.shipping_company_id, o.state_id, o.is_stopdesk, o.delivery_price)`;
export const RETURN_FEE: SQL = sql`app_return_fee(o.tenant_id, o.shipping_company_id, o.state_id)`;
