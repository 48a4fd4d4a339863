import type { TOrderInput, TOrderRow } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { upsertCustomerByPhone } from '../customers/customers.service.js';
import { notifyAssignedAgents } from './assign-agent.js';
import { scopeOf, type TOrderActor, type TOrderDeps } from './order-access.js';
import { foldOrderCounts } from './order-counts.repository.js';
import { recordOrderEvents } from './order-events.js';
import { orderRowsByIds, toOrderRow } from './order-rows.repository.js';
import { assignArrivingOrders } from '../assignment/assignment.service.js';
import { prepareOrder } from './prepare-order.js';
import { reserveOrders } from './order-stock.js';
import { insertOrder } from './orders.repository.js';
import { reserveOrderQuota } from '../subscriptions/plan-limits.js';
import { recordCommissionsInTx } from '../commissions/commissions.service.js';

/**
 * POST /dashboard/orders (the intake API writes in bulk: intake.ts): validates (SPEC 5), finds or creates the customer by
 * phone, numbers the order, writes lines and the first history row, reserves stock when created
 * confirmed (decision 0008), and records OrderCreated.
 */
export async function createOrder(deps: TOrderDeps, actor: TOrderActor, input: TOrderInput): Promise<TOrderRow> {
  const order = await withTenantEvents(deps.db, actor.tenantId, async (tx, events) => {
    const scope = await scopeOf(tx, actor);
    const prepared = await prepareOrder(tx, scope, input, { creating: true });
    const status = prepared.status!;
    // An agent who cannot see all orders works on what it creates (SPEC 6 scoping).
    const agentId = scope.seesAll ? prepared.agentId : scope.userId;
    const customer = await upsertCustomerByPhone(tx, scope.tenantId, {
      phone: prepared.customerPhone1,
      name: prepared.customerFullName,
    });
    const { lines, status: _status, ...values } = prepared;
    // Issue 19: the plan's monthly quota, in this transaction (docs/decisions/0064).
    await reserveOrderQuota(tx, scope.tenantId, 1);
    const record = await insertOrder(tx, scope.tenantId, {
      ...values,
      agentId,
      customerId: customer.id,
      salesChannelId: null,
      salesSource: prepared.salesSource,
      statusId: status.id,
      statusType: status.type,
      lines,
      description: null,
      creatorId: scope.userId,
    });
    if (status.type === 'confirmed') {
      await reserveOrders(
        tx,
        { tenantId: scope.tenantId, userId: scope.userId },
        [record.id],
        new Map([[record.id, lines]]),
      );
    }
    // Issue 15.3: automatic assignment on arrival when the form named no agent (docs/decisions/0086).
    const auto = await assignArrivingOrders(tx, scope.tenantId, [
      { id: record.id, order_number: record.order_number, agentId, productIds: lines.map((l) => l.product_id) },
    ]);
    // Issue 13.5: created confirmed, the agent's rule may already earn (decision 0102).
    await recordCommissionsInTx(tx, scope.tenantId, [record.id], status.type);
    const row = auto.size
      ? (await orderRowsByIds(tx, scope.tenantId, [record.id], { timeZone: scope.timeZone }))[0]!
      : toOrderRow(record, scope.timeZone);
    recordOrderEvents(events, scope, 'created', [row]);
    // Issue 7: an agent given the new order by someone else is told (docs/decisions/0035).
    notifyAssignedAgents(events, scope, [{ order: row, agentIdBefore: null }]);
    return row;
  });
  await foldAfterCreation(deps.db, actor.tenantId, order.order_number);
  return order;
}

/** Every thousandth order of a shop folds its pending count deltas (docs/decisions/0015). */
export const foldAfterCreation = async (db: Db, tenantId: number, orderNumber: number) => {
  if (orderNumber % 1000 === 0) await foldOrderCounts(db, tenantId);
};
