import type { FastifyInstance } from 'fastify';
import { CALL_MESSAGES, ZCallAttemptRequest } from '@cod/shared';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { orderActorOf } from '../orders/order-access.js';
import * as service from './call-attempts.service.js';

/**
 * Issue 15 items 1, 2 and 5 (docs/decisions/0083-0085): call outcomes, the agent's queue, the
 * call-back view, the customer card (attempts and risk) and the shop's call rules.
 */
export function registerCallAttemptRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.post('/dashboard/orders/:id/attempts', { config: { access: 'update orders' } }, async (request, reply) => {
    const { id } = parse(ZIdParams, request.params);
    const body = parse(ZCallAttemptRequest, request.body);
    const data = await service.logCallOutcome(deps, orderActorOf(request), id, body);
    return reply.status(201).send({ ...messageBody(CALL_MESSAGES.recorded), data });
  });

  app.get('/dashboard/orders/:id/call-card', { config: { access: 'view orders' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.callCard(deps, orderActorOf(request), id);
  });

  app.post('/dashboard/call-queue/next', { config: { access: 'view orders' } }, async (request) => {
    const data = await service.nextOrder(deps, orderActorOf(request));
    return data ? { data } : { ...messageBody(CALL_MESSAGES.queueEmpty), data: null };
  });

  app.post('/dashboard/call-queue/:id/release', { config: { access: 'view orders' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    await service.releaseOrder(deps, orderActorOf(request), id);
    return { released: true };
  });

  app.get('/dashboard/call-queue/callbacks', { config: { access: 'view orders' } }, async (request) => {
    const query = request.query as { mine?: string };
    return service.callbackList(deps, orderActorOf(request), { mine: query.mine !== '0' && query.mine !== 'false' });
  });

  app.get('/dashboard/call-centre/settings', { config: { access: 'view orders' } }, async (request) =>
    service.getCallSettings(deps, sessionOfRequest(request).tenantId),
  );
  app.put('/dashboard/call-centre/settings', { config: { access: 'manage settings' } }, async (request) =>
    service.updateCallSettings(deps, actorOf(request), request.body),
  );
}
