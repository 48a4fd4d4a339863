import { isDeletableStatusType, m, type TOrderRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.service.js';
import { reverseCommissionsOfDeletedInTx } from '../commissions/commissions.service.js';
import { scopeOf, type TOrderActor, type TOrderDeps, type TOrderScope } from './order-access.js';
import { beforesOf, emitOrderEvents } from './order-events.js';
import { releaseOrders } from './order-stock.js';
import { lockOrders, setOrderDeleted } from './orders.repository.js';

export const WITH_CARRIER = m('order.carrier_no_delete');

/**
 * DELETE /dashboard/orders/{id}: a soft delete (the deleted tab, SPEC 2.4). A confirmed order gives
 * its reservation back; an order with a carrier (inDispatch, follow-up) cannot be deleted.
 */
export function deleteOrder(deps: TOrderDeps, actor: TOrderActor, id: number): Promise<TOrderRow> {
  return withTenantEvents(deps.db, actor.tenantId, async (tx, events) => {
    const scope = await scopeOf(tx, actor);
    const [order] = await lockOrders(tx, scope, [id], { deleted: false });
    if (!order) throw AppError.notFound('Order');
    if (!isDeletableStatusType(order.status_type)) {
      throw AppError.validation({ status: [WITH_CARRIER] }, WITH_CARRIER);
    }
    if (order.stock_state === 'reserved') {
      await releaseOrders(tx, { tenantId: scope.tenantId, userId: scope.userId }, [id]);
    }
    await setOrderDeleted(tx, scope.tenantId, id, true);
    // Issue 13.5: a deleted order gives back its agent's commission (decision 0115).
    await reverseCommissionsOfDeletedInTx(tx, scope.tenantId, [id]);
    await auditOrder(tx, scope, id, 'delete');
    const before = beforesOf([order]);
    const [row] = await emitOrderEvents(tx, events, scope, 'deleted', [id], before);
    return row!;
  });
}

/** The audit row of a delete or a restore. */
export function auditOrder(tx: Tx, scope: TOrderScope, id: number, action: 'delete' | 'restore') {
  return recordAudit(tx, {
    tenantId: scope.tenantId,
    userId: scope.userId,
    action,
    entity: 'order',
    entityId: id,
    ip: scope.ip,
  });
}
