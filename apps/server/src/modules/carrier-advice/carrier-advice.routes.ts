import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_BULK_ORDERS, ZCarrierAdviceSettings } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import { parse } from '../../lib/validate.js';
import * as service from './carrier-advice.service.js';

const ZAdviceQuery = z.object({
  order_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(MAX_BULK_ORDERS)),
});

/** Issue 15.6: the carrier advice of the assign-to-shipping and dispatch dialogs, and its setting. */
export function registerCarrierAdviceRoutes(app: FastifyInstance, deps: service.TAdviceDeps): void {
  app.get('/dashboard/carrier-advice', { config: { access: 'dispatch orders' } }, (request) => {
    const { order_ids } = parse(ZAdviceQuery, request.query);
    return service.adviseCarrier(deps, actorOf(request).tenantId, order_ids);
  });
  app.get('/dashboard/carrier-advice/settings', { config: { access: 'view shop-settings' } }, (request) =>
    service.readAdviceSettings(deps, actorOf(request).tenantId),
  );
  app.put('/dashboard/carrier-advice/settings', { config: { access: 'manage settings' } }, (request) =>
    service.saveAdviceSettings(deps, actorOf(request), parse(ZCarrierAdviceSettings, request.body)),
  );
}
