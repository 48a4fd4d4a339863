import { isEditableStatusType, m, type TOrderInput, type TOrderRow } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.service.js';
import { upsertCustomerByPhone } from '../customers/customers.service.js';
import { notifyAssignedAgents } from './assign-agent.js';
import { changeStatuses } from './change-status.js';
import { scopeOf, type TOrderActor, type TOrderDeps } from './order-access.js';
import { beforesOf, emitOrderEvents } from './order-events.js';
import { prepareOrder } from './prepare-order.js';
import { releaseOrders, reserveOrders } from './order-stock.js';
import {
  linesOfOrders,
  lockOrders,
  replaceOrderLines,
  replaceSearchTerms,
  updateOrderRow,
  type TLineValues,
} from './orders.repository.js';

export const NOT_EDITABLE = m('order.not_editable');

const sameLines = (a: readonly TLineValues[], b: readonly TLineValues[]) =>
  a.length === b.length &&
  a.every(
    (l, i) =>
      l.product_id === b[i]!.product_id &&
      l.variant_id === b[i]!.variant_id &&
      l.quantity === b[i]!.quantity &&
      Number(l.price) === Number(b[i]!.price),
  );

/**
 * PUT /dashboard/orders/{id}: the whole form again. Only orders still being worked (new, pending,
 * confirmed, reported) or cancelled can be edited (docs/decisions/0016). A confirmed order whose
 * lines change releases the old lines and reserves the new ones (decision 0008). A different
 * status_id goes through the same transition rules as the status dialog.
 */
export function updateOrder(deps: TOrderDeps, actor: TOrderActor, id: number, input: TOrderInput): Promise<TOrderRow> {
  return withTenantEvents(deps.db, actor.tenantId, async (tx, events) => {
    const scope = await scopeOf(tx, actor);
    const [order] = await lockOrders(tx, scope, [id], { deleted: false });
    if (!order) throw AppError.notFound('Order');
    if (!isEditableStatusType(order.status_type)) throw AppError.validation({ status: [NOT_EDITABLE] }, NOT_EDITABLE);
    const oldLines = await linesOfOrders(tx, scope.tenantId, [id]);
    const prepared = await prepareOrder(tx, scope, input, { existing: { agentId: order.agent_id, lines: oldLines } });
    const { lines, status: _status, ...values } = prepared;
    const customer = await upsertCustomerByPhone(tx, scope.tenantId, {
      phone: values.customerPhone1,
      name: values.customerFullName,
    });
    await updateOrderRow(tx, scope.tenantId, id, {
      ...values,
      // Only someone who sees every order may hand one to another agent.
      agentId: scope.seesAll ? values.agentId : order.agent_id,
      customerId: customer.id,
    });
    await replaceSearchTerms(tx, scope.tenantId, id, values.customerFullName);
    if (!sameLines(oldLines, lines)) {
      const context = { tenantId: scope.tenantId, userId: scope.userId };
      const reserved = order.stock_state === 'reserved';
      if (reserved) await releaseOrders(tx, context, [id], new Map([[id, oldLines]]));
      await replaceOrderLines(tx, scope.tenantId, id, lines);
      if (reserved) await reserveOrders(tx, context, [id], new Map([[id, lines]]));
    }
    const statusChanged = input.status_id !== null && input.status_id !== order.status_id;
    if (statusChanged) {
      await changeStatuses(tx, scope, { orderIds: [id], statusId: input.status_id!, description: null, single: true });
    }
    await recordAudit(tx, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      action: 'update',
      entity: 'order',
      entityId: id,
      changes: { ...input, source_metadata: undefined },
      ip: scope.ip,
    });
    const before = beforesOf([order]);
    const [row] = await emitOrderEvents(tx, events, scope, statusChanged ? 'status' : 'updated', [id], before);
    // Issue 7: handed to another agent in the form: that agent is told (docs/decisions/0035).
    notifyAssignedAgents(events, scope, [{ order: row!, agentIdBefore: order.agent_id }]);
    return row!;
  });
}
