import type { TCustomerCustomFields, TCustomerSummary } from '@cod/shared';
import type { Tx } from '../../db/client.js';

/**
 * SEAM FOR THE ORDERS ISSUE. SPEC 3's customer summary is computed from the customer's orders, and
 * the orders table does not exist yet, so today every customer has no orders. The orders issue
 * replaces these two bodies with queries on its tables (by tenant_id and customer id, with an index
 * (tenant_id, customer_id, created_at desc)); the routes, the shapes and the tests stay.
 * Intended meaning: total_orders counts the customer's non-deleted orders, total_spent sums the
 * totals of delivered ones, successful_orders counts status type delivered, returned_orders type
 * returned; orders lists the latest ones (id, order_number, total, status, created_at).
 */
export async function customerOrderSummary(_tx: Tx, _tenantId: number, _customerId: number): Promise<TCustomerSummary> {
  return { total_orders: 0, total_spent: 0, successful_orders: 0, returned_orders: 0, orders: [] };
}

/** SPEC 7: the custom field values of the customer's earlier orders, one entry per product. */
export async function customerCustomFieldValues(
  _tx: Tx,
  _tenantId: number,
  _customerId: number,
): Promise<TCustomerCustomFields['custom_fields']> {
  return [];
}
