import type { FastifyInstance } from 'fastify';
import { englishOf, m, ZCreateStatusRequest, ZDeleteStatusRequest, ZEditStatusRequest } from '@cod/shared';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { registerResourceRoutes } from '../../http/resource-routes.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './statuses.service.js';

/** The English of the refusals below (SPEC 8); the answers carry their codes (docs/decisions/0041). */
export const STATUS_MESSAGES = {
  nothingToChange: englishOf(m('status.color_or_name_required')),
} as const;

/** SPEC 3 statuses. Any signed-in user reads them (the orders screen needs them); the editor needs 'manage statuses'. */
export function registerStatusRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/statuses', { config: { access: 'authenticated' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    return service.listStatuses(deps, tenantId);
  });

  // A used status needs ?replacement_id= (or the body's): its orders move there in one transaction.
  app.delete('/dashboard/statuses/:id', { config: { access: 'manage statuses' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const { replacement_id } = parse(ZDeleteStatusRequest, {
      ...(request.query as object),
      ...((request.body as object) ?? {}),
    });
    return service.deleteStatus(deps, actor, id, replacement_id);
  });

  registerResourceRoutes(app, deps, {
    route: { path: '/dashboard/statuses', access: 'manage statuses' },
    show: { access: 'authenticated', run: service.getStatus },
    create: { input: ZCreateStatusRequest, run: service.createStatus },
    update: { input: ZEditStatusRequest, run: service.updateStatus },
  });
}
