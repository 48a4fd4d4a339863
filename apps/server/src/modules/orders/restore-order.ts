import type { TOrderRow } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { recordCommissionsOfRestoredInTx } from '../commissions/commissions.service.js';
import { auditOrder } from './delete-order.js';
import { scopeOf, type TOrderActor, type TOrderDeps } from './order-access.js';
import { emitOrderEvents } from './order-events.js';
import { reserveOrders } from './order-stock.js';
import { lockOrders, setOrderDeleted } from './orders.repository.js';

/** POST /dashboard/orders/{id}/restore: back to its tab; a confirmed order reserves its stock again. */
export function restoreOrder(deps: TOrderDeps, actor: TOrderActor, id: number): Promise<TOrderRow> {
  return withTenantEvents(deps.db, actor.tenantId, async (tx, events) => {
    const scope = await scopeOf(tx, actor);
    const [order] = await lockOrders(tx, scope, [id], { deleted: true });
    if (!order) throw AppError.notFound('Order');
    if (order.status_type === 'confirmed' && order.stock_state === 'none') {
      await reserveOrders(tx, { tenantId: scope.tenantId, userId: scope.userId }, [id]);
    }
    await setOrderDeleted(tx, scope.tenantId, id, false);
    // Issue 13.5: earns again if its status still names its agent's rule (decision 0115).
    await recordCommissionsOfRestoredInTx(tx, scope.tenantId, id, order.status_type);
    await auditOrder(tx, scope, id, 'restore');
    const before = new Map([[id, { id, status_type: order.status_type, deleted: true, agent_id: order.agent_id }]]);
    const [row] = await emitOrderEvents(tx, events, scope, 'restored', [id], before);
    return row!;
  });
}
