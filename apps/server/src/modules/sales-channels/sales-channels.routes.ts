import type { FastifyInstance } from 'fastify';
import { ZSalesChannelInput, ZSalesChannelListQuery } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './sales-channels.service.js';

/** Issue 3.7: /dashboard/sales-channels. The intake key is in the answer of create and rotate only. */
export function registerSalesChannelRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/sales-channels', { config: { access: 'view sales_channels' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listChannels(deps, tenantId, parse(ZSalesChannelListQuery, request.query));
  });

  app.get('/dashboard/sales-channels/:id', { config: { access: 'view sales_channels' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getChannel(deps, tenantId, id);
  });

  app.post('/dashboard/sales-channels', { config: { access: 'manage sales_channels' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZSalesChannelInput, request.body);
    const channel = await service.addChannel(deps, actor, input);
    return reply.status(201).send(channel);
  });

  app.put('/dashboard/sales-channels/:id', { config: { access: 'manage sales_channels' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZSalesChannelInput, request.body);
    return service.updateChannel(deps, actor, id, input);
  });

  app.post(
    '/dashboard/sales-channels/:id/rotate-key',
    { config: { access: 'manage sales_channels' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      return service.rotateIntakeKey(deps, actor, id);
    },
  );

  app.post(
    '/dashboard/sales-channels/:id/revoke-key',
    { config: { access: 'manage sales_channels' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      return service.revokeIntakeKey(deps, actor, id);
    },
  );

  app.delete('/dashboard/sales-channels/:id', { config: { access: 'manage sales_channels' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return { result: await service.removeChannel(deps, actor, id) };
  });
}
