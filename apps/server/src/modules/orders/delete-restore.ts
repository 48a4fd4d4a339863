import { sql } from 'drizzle-orm';
import { m, type TOrderRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TEventSink } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { TOrderScope } from './order-access.js';
import { emitOrderEvents } from './order-events.js';
import { releaseOrders, reserveOrders } from './order-stock.js';
import { lockOrders } from './orders.repository.js';

export const WITH_CARRIER = m('order.carrier_no_delete');

/**
 * DELETE /dashboard/orders/{id}: a soft delete (the deleted tab, SPEC 2.4). A confirmed order gives
 * its reservation back; an order with a carrier (inDispatch, follow-up) cannot be deleted.
 */
export async function deleteOrder(tx: Tx, events: TEventSink, scope: TOrderScope, id: number): Promise<TOrderRow> {
  const [order] = await lockOrders(tx, scope, [id], { deleted: false });
  if (!order) throw AppError.notFound('Order');
  if (order.status_type === 'inDispatch' || order.status_type === 'follow-up') {
    throw AppError.validation({ status: [WITH_CARRIER] }, WITH_CARRIER);
  }
  if (order.stock_state === 'reserved') {
    await releaseOrders(tx, { tenantId: scope.tenantId, userId: scope.userId }, [id]);
  }
  await tx.execute(
    sql`update orders set deleted_at = now(), updated_at = now() where tenant_id = ${scope.tenantId} and id = ${id}`,
  );
  await audit(tx, scope, id, 'delete');
  const before = new Map([[id, { id, status_type: order.status_type, deleted: false, agent_id: order.agent_id }]]);
  const [row] = await emitOrderEvents(tx, events, scope, 'deleted', [id], before);
  return row!;
}

/** POST /dashboard/orders/{id}/restore: back to its tab; a confirmed order reserves its stock again. */
export async function restoreOrder(tx: Tx, events: TEventSink, scope: TOrderScope, id: number): Promise<TOrderRow> {
  const [order] = await lockOrders(tx, scope, [id], { deleted: true });
  if (!order) throw AppError.notFound('Order');
  if (order.status_type === 'confirmed' && order.stock_state === 'none') {
    await reserveOrders(tx, { tenantId: scope.tenantId, userId: scope.userId }, [id]);
  }
  await tx.execute(
    sql`update orders set deleted_at = null, updated_at = now() where tenant_id = ${scope.tenantId} and id = ${id}`,
  );
  await audit(tx, scope, id, 'restore');
  const before = new Map([[id, { id, status_type: order.status_type, deleted: true, agent_id: order.agent_id }]]);
  const [row] = await emitOrderEvents(tx, events, scope, 'restored', [id], before);
  return row!;
}

function audit(tx: Tx, scope: TOrderScope, id: number, action: string) {
  return recordAudit(tx, {
    tenantId: scope.tenantId,
    userId: scope.userId,
    action,
    entity: 'order',
    entityId: id,
    ip: scope.ip,
  });
}
