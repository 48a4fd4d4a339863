import type { FastifyInstance } from 'fastify';
import { ZSalesChannelInput, ZSalesChannelListQuery } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import { registerCatalogueRoutes } from '../../http/resource-routes.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './sales-channels.service.js';

/** Issue 3.7: /dashboard/sales-channels. The intake key is in the answer of create and rotate only. */
export function registerSalesChannelRoutes(app: FastifyInstance, deps: TAppDeps): void {
  // The key's two actions answer the channel; rotate shows the new key once.
  for (const [action, run] of [
    ['rotate-key', service.rotateIntakeKey],
    ['revoke-key', service.revokeIntakeKey],
  ] as const) {
    app.post(`/dashboard/sales-channels/:id/${action}`, { config: { access: 'manage sales_channels' } }, (request) =>
      run(deps, actorOf(request), parse(ZIdParams, request.params).id),
    );
  }

  registerCatalogueRoutes(app, deps, {
    schemas: { subject: 'sales_channels', list: ZSalesChannelListQuery, input: ZSalesChannelInput },
    read: { list: service.listChannels, get: service.getChannel },
    write: { create: service.addChannel, update: service.updateChannel, remove: service.removeChannel },
  });
}
