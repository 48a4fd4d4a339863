import type { TEventSink } from '../../lib/domain-events.js';

/** An order just given to an agent (by a person or by the shop's assignment rule). */
export interface TAssignedOrder {
  id: number;
  order_number: number;
  agent_id: number;
}

const ASSIGNED_MESSAGES = {
  one: (orderNumber: number) => `Order ${orderNumber} was assigned to you`,
  many: (count: number) => `${count} orders were assigned to you`,
};

/**
 * Issue 7: the Notification order_assigned, one per agent for the orders given them in one
 * transaction (40 orders make one "40 orders were assigned to you"). `automatic` marks the ones
 * the shop's rule gave (issue 15.3), which the web words differently.
 */
export function notifyAssignedOrders(
  events: TEventSink,
  tenantId: number,
  orders: readonly TAssignedOrder[],
  { automatic }: { automatic: boolean },
): void {
  const byAgent = new Map<number, TAssignedOrder[]>();
  for (const order of orders) byAgent.set(order.agent_id, [...(byAgent.get(order.agent_id) ?? []), order]);
  const marked = automatic ? { automatic: true } : {};
  for (const [userId, list] of byAgent) {
    const [only] = list;
    const payload =
      list.length === 1 && only
        ? {
            kind: 'order_assigned',
            params: { count: 1, number: only.order_number, order_id: only.id },
            message: ASSIGNED_MESSAGES.one(only.order_number),
            ...marked,
          }
        : {
            kind: 'order_assigned',
            params: { count: list.length },
            message: ASSIGNED_MESSAGES.many(list.length),
            order_ids: list.map((o) => o.id),
            ...marked,
          };
    events.emit({ type: 'Notification', tenantId, userId, payload });
  }
}
