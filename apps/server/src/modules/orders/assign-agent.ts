import { ORDER_ACTION_MESSAGES, type TAssignAgentRequest, type TOrderRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents, type TEventSink } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.service.js';
import { isAssignableAgent } from './agents.repository.js';
import { scopeOf, type TOrderActor, type TOrderDeps, type TOrderScope } from './order-access.js';
import { notifyAssignedOrders } from './assigned-notification.js';
import { beforesOf, emitOrderEvents } from './order-events.js';
import { lockOrders, setOrdersAgent } from './orders.repository.js';

/** POST /dashboard/orders/assign-agent (SPEC 7): every selected order goes to the agent, or none. */
export function assignOrdersToAgent(
  deps: TOrderDeps,
  actor: TOrderActor,
  request: TAssignAgentRequest,
): Promise<TOrderRow[]> {
  return withTenantEvents(deps.db, actor.tenantId, async (tx, events) =>
    assignAgent(tx, events, await scopeOf(tx, actor), request),
  );
}

/** The same inside the caller's transaction, for the scope already read. */
export async function assignAgent(
  tx: Tx,
  events: TEventSink,
  scope: TOrderScope,
  request: TAssignAgentRequest,
): Promise<TOrderRow[]> {
  if (!(await isAssignableAgent(tx, scope.tenantId, request.agent_id))) {
    throw AppError.validation({ agent_id: [ORDER_ACTION_MESSAGES.agentInvalid] });
  }
  const orders = await lockOrders(tx, scope, request.order_ids, { deleted: false });
  if (orders.length !== request.order_ids.length) {
    throw AppError.validation({ order_ids: [ORDER_ACTION_MESSAGES.ordersInvalid] });
  }
  await setOrdersAgent(
    tx,
    scope.tenantId,
    orders.map((o) => o.id),
    request.agent_id,
  );
  await recordAudit(tx, {
    tenantId: scope.tenantId,
    userId: scope.userId,
    action: 'assign_agent',
    entity: 'order',
    entityId: orders.length === 1 ? orders[0]!.id : null,
    changes: { agent_id: request.agent_id, order_ids: request.order_ids },
    ip: scope.ip,
  });
  const before = beforesOf(orders);
  const rows = await emitOrderEvents(tx, events, scope, 'assigned', request.order_ids, before);
  notifyAssignedAgents(
    events,
    scope,
    rows.map((order) => ({ order, agentIdBefore: before.get(order.id)?.agent_id ?? null })),
  );
  return rows;
}

/** An order as it stands after an action, and the agent it had before (null for a new order). */
export interface TAgentChange {
  order: Pick<TOrderRow, 'id' | 'order_number' | 'agent_id'>;
  agentIdBefore: number | null;
}

/**
 * Issue 7: "an order assigned to an agent". One Notification per agent per action (a bulk
 * assignment of 40 orders is one "40 orders were assigned to you"), only for orders whose agent
 * changed, and never to the person who made the change (assigning to oneself). Recorded in the
 * action's transaction, so a refused or rolled-back action tells nobody. The order creation and
 * edit paths call it too, with the agent the form set.
 */
export function notifyAssignedAgents(events: TEventSink, actor: TOrderActor, changes: readonly TAgentChange[]): void {
  const newlyAssigned = changes.flatMap(({ order, agentIdBefore }) => {
    const agentId = order.agent_id;
    if (agentId === null || agentId === agentIdBefore || agentId === actor.userId) return [];
    return [{ ...order, agent_id: agentId }];
  });
  notifyAssignedOrders(events, actor.tenantId, newlyAssigned, { automatic: false });
}
