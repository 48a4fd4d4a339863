import type { FastifyInstance } from 'fastify';
import { ZListQuery, ZProviderInput, ZProviderListQuery } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './providers.service.js';

/** Issue 3.3: /dashboard/providers, suppliers with their contacts and purchase history. */
export function registerProviderRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/providers', { config: { access: 'view providers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listProviders(deps, tenantId, parse(ZProviderListQuery, request.query));
  });

  app.get('/dashboard/providers/:id', { config: { access: 'view providers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getProvider(deps, tenantId, id);
  });

  // Purchases are stock movements of kind purchase (issue 3.3): {data, total} plus their totals.
  app.get('/dashboard/providers/:id/purchases', { config: { access: 'view providers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.listPurchases(deps, tenantId, id, parse(ZListQuery, request.query));
  });

  app.post('/dashboard/providers', { config: { access: 'manage providers' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZProviderInput, request.body);
    const provider = await service.createProvider(deps, actor, input);
    return reply.status(201).send(provider);
  });

  app.put('/dashboard/providers/:id', { config: { access: 'manage providers' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZProviderInput, request.body);
    return service.updateProvider(deps, actor, id, input);
  });

  app.delete('/dashboard/providers/:id', { config: { access: 'manage providers' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return { result: await service.removeProvider(deps, actor, id) };
  });

  app.post('/dashboard/providers/:id/restore', { config: { access: 'manage providers' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.restoreProvider(deps, actor, id);
  });
}
