import type { FastifyInstance } from 'fastify';
import { ZListQuery, ZProviderInput, ZProviderListQuery } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import { registerCatalogueRoutes } from '../../http/resource-routes.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './providers.service.js';

/** Issue 3.3: /dashboard/providers, suppliers with their contacts and purchase history. */
export function registerProviderRoutes(app: FastifyInstance, deps: TAppDeps): void {
  // Purchases are stock movements of kind purchase (issue 3.3): {data, total} plus their totals.
  app.get('/dashboard/providers/:id/purchases', { config: { access: 'view providers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.listPurchases(deps, tenantId, id, parse(ZListQuery, request.query));
  });

  registerCatalogueRoutes(app, deps, {
    schemas: { subject: 'providers', list: ZProviderListQuery, input: ZProviderInput },
    read: { list: service.listProviders, get: service.getProvider },
    write: { create: service.createProvider, update: service.updateProvider, remove: service.removeProvider },
    restore: service.restoreProvider,
  });
}
