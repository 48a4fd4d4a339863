import type { FastifyInstance } from 'fastify';
import { ZSalesChannelInput, ZSalesChannelListQuery } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import { actorOf } from '../products/actor.js';
import { ZIdParams } from '../../lib/id-params.js';
import * as repo from './sales-channels.repository.js';
import * as service from './sales-channels.service.js';

/** Issue 3.7: /dashboard/sales-channels. The intake key is in the answer of create and rotate only. */
export function registerSalesChannelRoutes(app: FastifyInstance, db: Db): void {
  app.get('/dashboard/sales-channels', { config: { access: 'view sales_channels' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZSalesChannelListQuery, request.query);
    return withTenant(db, tenantId, (tx) =>
      repo.listChannels(tx, tenantId, { search: query.search, page: query.page, perPage: query.per_page }),
    );
  });

  app.get('/dashboard/sales-channels/:id', { config: { access: 'view sales_channels' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const channel = await withTenant(db, tenantId, (tx) => repo.findChannel(tx, tenantId, id));
    if (!channel) throw AppError.notFound('Sales channel');
    return channel;
  });

  app.post('/dashboard/sales-channels', { config: { access: 'manage sales_channels' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZSalesChannelInput, request.body);
    const channel = await withTenant(db, actor.tenantId, (tx) => service.createChannel(tx, actor, input));
    return reply.status(201).send(channel);
  });

  app.put('/dashboard/sales-channels/:id', { config: { access: 'manage sales_channels' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZSalesChannelInput, request.body);
    return withTenant(db, actor.tenantId, (tx) => service.updateChannel(tx, actor, id, input));
  });

  app.post(
    '/dashboard/sales-channels/:id/rotate-key',
    { config: { access: 'manage sales_channels' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      return withTenant(db, actor.tenantId, (tx) => service.rotateIntakeKey(tx, actor, id));
    },
  );

  app.post(
    '/dashboard/sales-channels/:id/revoke-key',
    { config: { access: 'manage sales_channels' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      return withTenant(db, actor.tenantId, (tx) => service.revokeIntakeKey(tx, actor, id));
    },
  );

  app.delete('/dashboard/sales-channels/:id', { config: { access: 'manage sales_channels' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return { result: await withTenant(db, actor.tenantId, (tx) => service.removeChannel(tx, actor, id)) };
  });
}
