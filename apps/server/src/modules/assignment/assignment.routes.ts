import type { FastifyInstance } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import * as service from './assignment.service.js';

/** Issue 15.3: the shop's automatic assignment rules (docs/decisions/0086), beside the shop settings. */
export function registerAssignmentRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/assignment-settings', { config: { access: 'view shop-settings' } }, (request) =>
    service.readAssignmentSettings(deps, sessionOfRequest(request).tenantId),
  );
  app.put('/dashboard/assignment-settings', { config: { access: 'manage settings' } }, (request) =>
    service.updateAssignmentSettings(deps, actorOf(request), request.body),
  );
}
