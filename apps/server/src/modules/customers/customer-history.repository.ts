import { sql } from 'drizzle-orm';
import type { TCustomerCustomFields, TCustomerSummary } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import {
  ORDER_WITH_STATUS,
  visibleOrders,
  visibleOrdersWithStatus,
  type TOrderScope,
  type TOrderWithStatusRecord,
} from '../orders/order-access.js';

/** How many of the customer's latest orders the history dialog lists. */
export const HISTORY_ORDERS = 20;

/**
 * SPEC 3 customer summary from the customer's orders (index orders_customer_idx): total_orders
 * counts the non-deleted ones, total_spent sums the totals of delivered ones (the cash that came
 * in), successful_orders counts status type delivered, returned_orders type returned; orders lists
 * the latest ones. All of it over the orders the user may see (docs/decisions/0040): an agent's
 * summary is of the customer's orders assigned to that agent.
 */
export async function customerOrderSummary(tx: Tx, scope: TOrderScope, customerId: number): Promise<TCustomerSummary> {
  const [totals] = await rows<{
    total_orders: number;
    total_spent: string;
    successful_orders: number;
    returned_orders: number;
  }>(
    tx,
    sql`select count(*)::int as total_orders,
          coalesce(sum(o.total) filter (where o.status_type = 'delivered'), 0) as total_spent,
          (count(*) filter (where o.status_type = 'delivered'))::int as successful_orders,
          (count(*) filter (where o.status_type = 'returned'))::int as returned_orders
        from ${visibleOrders(scope)} o where o.customer_id = ${customerId} and o.deleted_at is null`,
  );
  const orders = await rows<TOrderWithStatusRecord & { total: string }>(
    tx,
    sql`select ${ORDER_WITH_STATUS}, o.total from ${visibleOrdersWithStatus(scope)}
        where o.customer_id = ${customerId} and o.deleted_at is null
        order by o.created_at desc, o.id desc limit ${HISTORY_ORDERS}`,
  );
  return {
    total_orders: Number(totals?.total_orders ?? 0),
    total_spent: Number(totals?.total_spent ?? 0),
    successful_orders: Number(totals?.successful_orders ?? 0),
    returned_orders: Number(totals?.returned_orders ?? 0),
    orders: orders.map((o) => ({
      id: o.id,
      order_number: o.order_number,
      total: Number(o.total),
      created_at: new Date(o.created_at).toISOString(),
      status: { id: o.status_id, name: o.name, display_name: o.display_name, color: o.color, type: o.type },
    })),
  };
}

/**
 * SPEC 7: the custom field values of the customer's earlier orders, one entry per product: the
 * latest order that answered that product's fields (the dialog pre-fills from these). Answers
 * are part of an order: only the orders the user may see give them.
 */
export async function customerCustomFieldValues(
  tx: Tx,
  scope: TOrderScope,
  customerId: number,
): Promise<TCustomerCustomFields['custom_fields']> {
  const found = await rows<{ product_id: number; field_values: Record<string, unknown> }>(
    tx,
    sql`select distinct on ((e.value->>'product_id')::int) (e.value->>'product_id')::int as product_id,
          e.value->'field_values' as field_values
        from ${visibleOrders(scope)} o, jsonb_array_elements(o.customer_custom_fields) e
        where o.customer_id = ${customerId} and o.deleted_at is null
          and jsonb_typeof(e.value->'field_values') = 'object' and e.value->'field_values' <> '{}'::jsonb
        order by (e.value->>'product_id')::int, o.created_at desc, o.id desc`,
  );
  return found.map((f) => ({ product_id: Number(f.product_id), field_values: f.field_values }));
}
