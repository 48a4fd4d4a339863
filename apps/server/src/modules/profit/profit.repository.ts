import { sql } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { LINE_UNIT_COST } from '../../db/profit-sql.js';
import { visibleTo, type TOrderScope } from '../orders/order-access.js';

export interface TProfitOrderRow {
  id: number;
  status_type: TStatusType;
  total: string;
  delivery_price: string;
  sales_source: string | null;
  campaign_id: string | null;
  created_at: Date | string;
  /** The carrier's fee for the order's wilaya and delivery type (null: no company or no grid row). */
  carrier_fee: string | null;
  return_fee: string | null;
}

/** The order the scope may see, with its carrier's fees from the fee grid (issue 13.6). */
export async function profitOrder(tx: Tx, scope: TOrderScope, id: number): Promise<TProfitOrderRow | undefined> {
  const scoped = visibleTo(scope);
  const [row] = await rows<TProfitOrderRow>(
    tx,
    sql`select o.id, o.status_type, o.total::text as total, o.delivery_price::text as delivery_price,
          o.sales_source, o.campaign_id, o.created_at,
          (case when o.is_stopdesk then f.stopdesk_fee else f.home_fee end)::text as carrier_fee,
          f.return_fee::text as return_fee
        from orders o
        left join shipping_fees f on f.tenant_id = o.tenant_id and f.shipping_company_id = o.shipping_company_id
          and f.state_id = o.state_id
        where o.tenant_id = ${scope.tenantId} and o.id = ${id} and o.deleted_at is null
          ${scoped ? sql`and ${scoped}` : sql``}`,
  );
  return row;
}

/**
 * Each line's amount and unit purchase cost: the variant's cost, else the product's, else the unit
 * cost of the latest purchase of the variant (of the product when the line has none, or no purchase
 * of that variant was recorded).
 */
export async function profitLines(
  tx: Tx,
  tenantId: number,
  orderId: number,
): Promise<Array<{ quantity: number; amount: string; unit_cost: string | null }>> {
  return rows(
    tx,
    sql`select l.quantity, (l.price * l.quantity)::text as amount, ${LINE_UNIT_COST}::text as unit_cost
        from order_lines l
        where l.tenant_id = ${tenantId} and l.order_id = ${orderId}
        order by l.position, l.id`,
  );
}

export interface TSpendPool {
  spend: string;
  order_ids: number[];
}

/**
 * A day's ad spend pool: the expenses of that day of the campaign (or, with no campaign, of the
 * sales source without one), and the shop's orders of that day it is spread over (all of them,
 * whoever may see them: only the order's share is shown).
 */
export async function spendPool(
  tx: Tx,
  tenantId: number,
  pool: { campaignId: string } | { source: string },
  day: { date: string; from: Date; to: Date },
): Promise<TSpendPool> {
  const expenses =
    'campaignId' in pool
      ? sql`campaign_id = ${pool.campaignId}`
      : sql`campaign_id is null and sales_source = ${pool.source}`;
  const orders = 'campaignId' in pool ? sql`o.campaign_id = ${pool.campaignId}` : sql`o.sales_source = ${pool.source}`;
  const [row] = await rows<{ spend: string; order_ids: number[] | null }>(
    tx,
    sql`select (select coalesce(sum(amount_centimes), 0) from expenses
                where tenant_id = ${tenantId} and spent_on = ${day.date}::date and ${expenses})::text as spend,
          (select array_agg(o.id order by o.id) from orders o
           where o.tenant_id = ${tenantId} and ${orders} and o.deleted_at is null
             and o.created_at >= ${day.from.toISOString()} and o.created_at < ${day.to.toISOString()}) as order_ids`,
  );
  return { spend: row?.spend ?? '0', order_ids: (row?.order_ids ?? []).map(Number) };
}
