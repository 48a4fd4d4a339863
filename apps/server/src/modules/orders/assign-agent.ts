import { sql } from 'drizzle-orm';
import { ORDER_ACTION_MESSAGES, type TAssignAgentRequest, type TOrderRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TEventSink } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.repository.js';
import { isAssignableAgent } from './agents.repository.js';
import type { TOrderScope } from './order-access.js';
import { emitOrderEvents } from './order-events.js';
import { lockOrders } from './orders.repository.js';

/** POST /dashboard/orders/assign-agent (SPEC 7): every selected order goes to the agent, or none. */
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
  await tx.execute(
    sql`update orders set agent_id = ${request.agent_id}, updated_at = now()
        where tenant_id = ${scope.tenantId} and id in (${sql.join(
          orders.map((o) => sql`${o.id}`),
          sql`, `,
        )})`,
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
  const before = new Map(
    orders.map((o) => [o.id, { id: o.id, status_type: o.status_type, deleted: false, agent_id: o.agent_id }]),
  );
  return emitOrderEvents(tx, events, scope, 'assigned', request.order_ids, before);
}
