import type { FastifyInstance } from 'fastify';
import { ZWhatsAppUseRequest } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { orderActorOf } from '../orders/order-access.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './whatsapp-templates.service.js';

const idOf = (params: unknown) => parse(ZIdParams, params).id;

/** Issue 15.4: WhatsApp templates (docs/decisions/0088). */
export function registerWhatsAppTemplateRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/whatsapp-templates', { config: { access: 'view orders' } }, async (request) => ({
    data: await service.listWhatsAppTemplates(deps, sessionOfRequest(request).tenantId),
  }));
  app.post('/dashboard/whatsapp-templates', { config: { access: 'manage settings' } }, async (request, reply) =>
    reply.code(201).send(await service.createWhatsAppTemplate(deps, actorOf(request), request.body)),
  );
  app.put('/dashboard/whatsapp-templates/:id', { config: { access: 'manage settings' } }, (request) =>
    service.updateWhatsAppTemplate(deps, actorOf(request), idOf(request.params), request.body),
  );
  app.delete('/dashboard/whatsapp-templates/:id', { config: { access: 'manage settings' } }, async (request, reply) => {
    await service.deleteWhatsAppTemplate(deps, actorOf(request), idOf(request.params));
    return reply.code(204).send();
  });
  app.post('/dashboard/orders/:id/whatsapp', { config: { access: 'view orders' } }, async (request, reply) => {
    const id = idOf(request.params);
    const input = parse(ZWhatsAppUseRequest, request.body);
    return reply.code(201).send(await service.logWhatsAppUse(deps, orderActorOf(request), id, input));
  });
}
