import type { FastifyInstance } from 'fastify';
import { ZListQuery, ZProviderInput, ZProviderListQuery } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import { actorOf } from '../products/actor.js';
import { listMovements } from '../stock/stock.repository.js';
import { ZIdParams } from '../../lib/id-params.js';
import * as repo from './providers.repository.js';
import * as service from './providers.service.js';

/** Issue 3.3: /dashboard/providers, suppliers with their contacts and purchase history. */
export function registerProviderRoutes(app: FastifyInstance, db: Db): void {
  app.get('/dashboard/providers', { config: { access: 'view providers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZProviderListQuery, request.query);
    return withTenant(db, tenantId, (tx) =>
      repo.listProviders(tx, tenantId, { ...query, page: query.page, perPage: query.per_page }),
    );
  });

  app.get('/dashboard/providers/:id', { config: { access: 'view providers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const provider = await withTenant(db, tenantId, (tx) => repo.findProvider(tx, tenantId, id));
    if (!provider) throw AppError.notFound('Provider');
    return provider;
  });

  // Purchases are stock movements of kind purchase (issue 3.3): {data, total} plus their totals.
  app.get('/dashboard/providers/:id/purchases', { config: { access: 'view providers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const query = parse(ZListQuery, request.query);
    return withTenant(db, tenantId, async (tx) => {
      if (!(await repo.findProviderRow(tx, tenantId, id))) throw AppError.notFound('Provider');
      const page = await listMovements(tx, tenantId, { ...query, provider_id: id, kind: 'purchase' });
      return { ...page, totals: await repo.purchaseTotals(tx, tenantId, id) };
    });
  });

  app.post('/dashboard/providers', { config: { access: 'manage providers' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZProviderInput, request.body);
    const provider = await withTenant(db, actor.tenantId, (tx) => service.createProvider(tx, actor, input));
    return reply.status(201).send(provider);
  });

  app.put('/dashboard/providers/:id', { config: { access: 'manage providers' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZProviderInput, request.body);
    return withTenant(db, actor.tenantId, (tx) => service.updateProvider(tx, actor, id, input));
  });

  app.delete('/dashboard/providers/:id', { config: { access: 'manage providers' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return { result: await withTenant(db, actor.tenantId, (tx) => service.removeProvider(tx, actor, id)) };
  });

  app.post('/dashboard/providers/:id/restore', { config: { access: 'manage providers' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return withTenant(db, actor.tenantId, (tx) => service.restoreProvider(tx, actor, id));
  });
}
