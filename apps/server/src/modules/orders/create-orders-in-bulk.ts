import type { Db, Tx } from '../../db/client.js';
import { upsertCustomersByPhone } from '../customers/customers.service.js';
import { foldOrderCounts } from './order-counts.repository.js';
import { insertNewOrders, type TCreatedOrder, type TNewOrder } from './new-orders.repository.js';
import { reserveOrderQuota } from '../subscriptions/plan-limits.js';
import { chooseArrivingAgents, notifyArrivingAgents } from '../assignment/assignment.service.js';

export type { TCreatedOrder, TNewOrder };

/**
 * The bulk creation step (an import chunk, a group of intake requests; ARCHITECTURE 3.7), inside
 * the caller's transaction: the customers by phone in one set-based upsert through the customers
 * service (created on first order, a missing name filled, exactly as the dialog's creation does),
 * then the orders, lines, first history rows and name terms (new-orders.repository.ts). Answers
 * the ids and numbers in the orders' order.
 */
export async function createOrdersInBulk(
  tx: Tx,
  tenantId: number,
  orders: readonly TNewOrder[],
): Promise<TCreatedOrder[]> {
  if (!orders.length) return [];
  // Issue 19: the plan's monthly quota, in this transaction (docs/decisions/0064).
  await reserveOrderQuota(tx, tenantId, orders.length);
  const customerIds = await upsertCustomersByPhone(
    tx,
    tenantId,
    orders.map((order) => ({ phone: order.customerPhone1, name: order.customerFullName })),
  );
  // Issue 15.3: automatic assignment on arrival, chosen before the insert so the rows are written
  // once with their agent, in this transaction (docs/decisions/0086).
  const agents = await chooseArrivingAgents(
    tx,
    tenantId,
    orders.map((order) => ({ agentId: order.agentId, productIds: order.lines.map((l) => l.product_id) })),
  );
  const created = await insertNewOrders(
    tx,
    tenantId,
    agents.size
      ? orders.map((order, i) => (agents.has(i) ? { ...order, agentId: agents.get(i)!, agentSource: 'auto' } : order))
      : orders,
    customerIds,
  );
  if (agents.size) {
    notifyArrivingAgents(
      tx,
      tenantId,
      created.flatMap((order, i) => (agents.has(i) ? [{ ...order, agent_id: agents.get(i)! }] : [])),
    );
  }
  return created;
}

/** After a bulk write (an import's end): folds the shop's pending count deltas (docs/decisions/0015). */
export function foldCountsAfterBulk(db: Db, tenantId: number): Promise<void> {
  return foldOrderCounts(db, tenantId);
}
