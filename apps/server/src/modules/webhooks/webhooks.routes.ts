import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZWebhookEndpointInput } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { registerOrderWebhooks } from './order-webhooks.js';
import * as service from './webhooks.service.js';

const ZDeliveryParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Issue 15.7: /dashboard/webhooks (shop settings). The secret is in create and rotate answers only. */
export function registerWebhookRoutes(app: FastifyInstance, deps: service.TWebhookDeps): void {
  // Order events of every path become deliveries in their own transaction.
  registerOrderWebhooks();
  const view = { config: { access: 'view shop-settings' } } as const;
  const manage = { config: { access: 'manage settings' } } as const;

  app.get('/dashboard/webhooks', view, (request) => service.listEndpoints(deps, actorOf(request).tenantId));

  app.post('/dashboard/webhooks', manage, async (request, reply) => {
    const endpoint = await service.createEndpoint(deps, actorOf(request), parse(ZWebhookEndpointInput, request.body));
    return reply.status(201).send(endpoint);
  });

  app.put('/dashboard/webhooks/:id', manage, (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.updateEndpoint(deps, actorOf(request), id, parse(ZWebhookEndpointInput, request.body));
  });

  app.delete('/dashboard/webhooks/:id', manage, (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.deleteEndpoint(deps, actorOf(request), id);
  });

  app.post('/dashboard/webhooks/:id/rotate-secret', manage, (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.rotateSecret(deps, actorOf(request), id);
  });

  app.post('/dashboard/webhooks/:id/ping', manage, (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.pingEndpoint(deps, actorOf(request), id);
  });

  app.get('/dashboard/webhooks/:id/deliveries', view, (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.listDeliveries(deps, actorOf(request).tenantId, id);
  });

  app.post('/dashboard/webhooks/:id/deliveries/:deliveryId/replay', manage, (request) => {
    const { id, deliveryId } = parse(ZDeliveryParams, request.params);
    return service.replayDelivery(deps, actorOf(request), id, deliveryId);
  });
}
