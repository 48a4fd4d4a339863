import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ORDER_ACTION_MESSAGES as M,
  ZAssignAgentRequest,
  ZBulkStatusRequest,
  ZOrderInput,
  ZOrderListQuery,
  ZOrderStatusRequest,
  ZPhoneCheckQuery,
  ZReportOrderRequest,
  type TMessageToken,
  type TOrderRow,
  type TOrderTab,
} from '@cod/shared';
import { messageBody } from '../../lib/message-body.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { assignOrdersToAgent } from './assign-agent.js';
import { bulkChangeStatus, changeOrderStatus, reportOrder } from './change-status.js';
import { checkPhone } from './check-phone.js';
import { createOrder } from './create-order.js';
import { deleteOrder } from './delete-order.js';
import { getOrder, getOrderTimeline } from './get-order.js';
import { listAssignableAgents } from './list-agents.js';
import { listOrdersJson } from './list-orders.js';
import type { TOrderListCache } from './order-list-cache.js';
import { orderActorOf, type TOrderActor, type TOrderDeps } from './order-access.js';
import { restoreOrder } from './restore-order.js';
import { updateOrder } from './update-order.js';

/**
 * Issue 4: the orders API of SPEC 7 (the shipping and import issues add their own routes). Each
 * route parses its input, takes the actor from the session and calls one use case, which owns
 * the transaction.
 */
export function registerOrderRoutes(app: FastifyInstance, db: TOrderDeps['db'], listCache: TOrderListCache): void {
  const deps: TOrderDeps = { db };
  const listDeps = { db, listCache };
  // The list's JSON comes out of its cache as bytes (decision 0137), which Fastify sends as they are.
  const list = (tab?: TOrderTab) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = await listOrdersJson(listDeps, orderActorOf(request), parse(ZOrderListQuery, request.query), tab);
    return reply.type('application/json; charset=utf-8').send(body);
  };
  app.get('/dashboard/orders', { config: { access: 'view orders' } }, list());
  app.get('/dashboard/orders/deleted', { config: { access: 'view orders' } }, list('deleted'));

  app.get('/dashboard/agents', { config: { access: 'view orders' } }, async (request) => {
    const data = await listAssignableAgents(deps, orderActorOf(request));
    return { data, total: data.length };
  });

  app.get('/dashboard/orders/phone-check', { config: { access: 'view orders' } }, async (request) =>
    checkPhone(deps, orderActorOf(request), parse(ZPhoneCheckQuery, request.query)),
  );

  app.get('/dashboard/orders/:id', { config: { access: 'view orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return getOrder(deps, actor, id);
  });

  // SPEC 2.4 order status timeline dialog.
  app.get('/dashboard/orders/:id/status-timeline', { config: { access: 'view orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const data = await getOrderTimeline(deps, actor, id);
    return { data, total: data.length };
  });

  app.post('/dashboard/orders', { config: { access: 'create orders' } }, async (request, reply) => {
    const actor = orderActorOf(request);
    const input = parse(ZOrderInput, request.body);
    const order = await createOrder(deps, actor, input);
    return reply.status(201).send({ ...messageBody(M.created), data: order });
  });

  /** A change of one order (`:id`): answers the catalogue message and the order's new row. */
  const changeOne =
    (message: TMessageToken, change: (actor: TOrderActor, id: number, body: unknown) => Promise<TOrderRow>) =>
    async (request: FastifyRequest) => {
      const { id } = parse(ZIdParams, request.params);
      const data = await change(orderActorOf(request), id, request.body);
      return { ...messageBody(message), data };
    };
  /** A change of a selection, all or nothing: answers the message for its count and the rows. */
  const changeMany =
    (message: (count: number) => TMessageToken, change: (actor: TOrderActor, body: unknown) => Promise<TOrderRow[]>) =>
    async (request: FastifyRequest) => {
      const data = await change(orderActorOf(request), request.body);
      return { ...messageBody(message(data.length)), updated: data.length, data };
    };

  app.put(
    '/dashboard/orders/:id',
    { config: { access: 'update orders' } },
    changeOne(M.updated, (actor, id, body) => updateOrder(deps, actor, id, parse(ZOrderInput, body))),
  );
  app.delete(
    '/dashboard/orders/:id',
    { config: { access: 'delete orders' } },
    changeOne(M.deleted, (actor, id) => deleteOrder(deps, actor, id)),
  );
  app.post(
    '/dashboard/orders/:id/restore',
    { config: { access: 'delete orders' } },
    changeOne(M.restored, (actor, id) => restoreOrder(deps, actor, id)),
  );
  app.patch(
    '/dashboard/orders/:id/status',
    { config: { access: 'update orders' } },
    changeOne(M.statusUpdated, (actor, id, body) =>
      changeOrderStatus(deps, actor, id, parse(ZOrderStatusRequest, body)),
    ),
  );
  app.post(
    '/dashboard/orders/bulk-status-update',
    { config: { access: 'update orders' } },
    changeMany(M.bulkUpdated, (actor, body) => bulkChangeStatus(deps, actor, parse(ZBulkStatusRequest, body))),
  );
  app.post(
    '/dashboard/orders/:id/report',
    { config: { access: 'update orders' } },
    changeOne(M.reported, (actor, id, body) => reportOrder(deps, actor, id, parse(ZReportOrderRequest, body))),
  );
  app.post(
    '/dashboard/orders/assign-agent',
    { config: { access: 'assign orders' } },
    changeMany(M.assigned, (actor, body) => assignOrdersToAgent(deps, actor, parse(ZAssignAgentRequest, body))),
  );
}
