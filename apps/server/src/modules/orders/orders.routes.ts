import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ORDER_ACTION_MESSAGES as M,
  ZAssignAgentRequest,
  ZBulkStatusRequest,
  ZOrderInput,
  ZOrderListQuery,
  ZOrderStatusRequest,
  ZPhoneCheckQuery,
  ZReportOrderRequest,
  type TOrderTab,
} from '@cod/shared';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { messageBody } from '../../lib/message-body.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { listAgents } from './agents.repository.js';
import { assignAgent } from './assign-agent.js';
import { bulkChangeStatus, changeOrderStatus, reportOrder } from './change-status.js';
import { createOrder } from './create-order.js';
import { deleteOrder, restoreOrder } from './delete-restore.js';
import { listOrders, shouldFoldCounts } from './list-orders.js';
import { orderActorOf, scopeOf, type TOrderActor } from './order-access.js';
import { foldOrderCounts } from './order-counts.repository.js';
import { historyOf, orderRowsByIds } from './order-rows.repository.js';
import { visibleOrderIds } from './orders.repository.js';
import { phoneCheck } from './phone-check.js';
import { updateOrder } from './update-order.js';

/** Every thousandth order of a shop folds its pending count deltas (docs/decisions/0015). */
export const foldAfterCreation = async (db: Db, tenantId: number, orderNumber: number) => {
  if (orderNumber % 1000 === 0) await foldOrderCounts(db, tenantId);
};

/** Issue 4: the orders API of SPEC 7 (the shipping and import issues add their own routes). */
export function registerOrderRoutes(app: FastifyInstance, db: Db): void {
  const list = (tab?: TOrderTab) => async (request: FastifyRequest) => {
    const actor = orderActorOf(request);
    const query = parse(ZOrderListQuery, request.query);
    const result = await withTenant(db, actor.tenantId, async (tx) =>
      listOrders(tx, await scopeOf(tx, actor), tab ? { ...query, tab } : query),
    );
    if (shouldFoldCounts(result.pendingDeltas)) await foldOrderCounts(db, actor.tenantId);
    const { pendingDeltas: _pending, ...body } = result;
    return body;
  };
  app.get('/dashboard/orders', { config: { access: 'view orders' } }, list());
  app.get('/dashboard/orders/deleted', { config: { access: 'view orders' } }, list('deleted'));

  app.get('/dashboard/agents', { config: { access: 'view orders' } }, async (request) => {
    const { tenantId } = orderActorOf(request);
    const data = await withTenant(db, tenantId, (tx) => listAgents(tx, tenantId));
    return { data, total: data.length };
  });

  app.get('/dashboard/orders/phone-check', { config: { access: 'view orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const query = parse(ZPhoneCheckQuery, request.query);
    return withTenant(db, actor.tenantId, async (tx) =>
      phoneCheck(tx, await scopeOf(tx, actor), query.phone, query.exclude_id),
    );
  });

  app.get('/dashboard/orders/:id', { config: { access: 'view orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return withTenant(db, actor.tenantId, async (tx) => {
      await visibleOr404(tx, actor, id);
      const [row] = await orderRowsByIds(tx, actor.tenantId, [id], { timeZone: actor.timeZone });
      return row;
    });
  });

  // SPEC 2.4 order status timeline dialog.
  app.get('/dashboard/orders/:id/status-timeline', { config: { access: 'view orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const data = await withTenant(db, actor.tenantId, async (tx) => {
      await visibleOr404(tx, actor, id);
      return historyOf(tx, actor.tenantId, id);
    });
    return { data, total: data.length };
  });

  app.post('/dashboard/orders', { config: { access: 'create orders' } }, async (request, reply) => {
    const actor = orderActorOf(request);
    const input = parse(ZOrderInput, request.body);
    const order = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      createOrder(tx, events, await scopeOf(tx, actor), input),
    );
    await foldAfterCreation(db, actor.tenantId, order.order_number);
    return reply.status(201).send({ ...messageBody(M.created), data: order });
  });

  app.put('/dashboard/orders/:id', { config: { access: 'update orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZOrderInput, request.body);
    const data = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      updateOrder(tx, events, await scopeOf(tx, actor), id, input),
    );
    return { ...messageBody(M.updated), data };
  });

  app.delete('/dashboard/orders/:id', { config: { access: 'delete orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const data = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      deleteOrder(tx, events, await scopeOf(tx, actor), id),
    );
    return { ...messageBody(M.deleted), data };
  });

  app.post('/dashboard/orders/:id/restore', { config: { access: 'delete orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const data = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      restoreOrder(tx, events, await scopeOf(tx, actor), id),
    );
    return { ...messageBody(M.restored), data };
  });

  app.patch('/dashboard/orders/:id/status', { config: { access: 'update orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const body = parse(ZOrderStatusRequest, request.body);
    const data = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      changeOrderStatus(tx, events, await scopeOf(tx, actor), id, body),
    );
    return { ...messageBody(M.statusUpdated), data };
  });

  app.post('/dashboard/orders/bulk-status-update', { config: { access: 'update orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const body = parse(ZBulkStatusRequest, request.body);
    const data = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      bulkChangeStatus(tx, events, await scopeOf(tx, actor), body),
    );
    return { ...messageBody(M.bulkUpdated(data.length)), updated: data.length, data };
  });

  app.post('/dashboard/orders/:id/report', { config: { access: 'update orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const body = parse(ZReportOrderRequest, request.body);
    const data = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      reportOrder(tx, events, await scopeOf(tx, actor), id, body),
    );
    return { ...messageBody(M.reported), data };
  });

  app.post('/dashboard/orders/assign-agent', { config: { access: 'assign orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const body = parse(ZAssignAgentRequest, request.body);
    const data = await withTenantEvents(db, actor.tenantId, async (tx, events) =>
      assignAgent(tx, events, await scopeOf(tx, actor), body),
    );
    return { ...messageBody(M.assigned(data.length)), updated: data.length, data };
  });
}

/** A deleted order is still readable (the deleted tab); another's or an unseen one is a 404. */
async function visibleOr404(tx: Tx, actor: TOrderActor, id: number) {
  const found = await visibleOrderIds(tx, await scopeOf(tx, actor), [id]);
  if (!found.length) throw AppError.notFound('Order');
}
