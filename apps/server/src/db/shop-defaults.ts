import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * The shop's default low-stock threshold (tenant_settings), for products without their own: the
 * one rule the products list, the low-stock card and the crossing alerts read (docs/decisions/0008).
 */
export const shopDefaultThreshold = (tenant: number | SQLWrapper) =>
  sql`(select ts.low_stock_threshold from tenant_settings ts where ts.tenant_id = ${tenant})`;
