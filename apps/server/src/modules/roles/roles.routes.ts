import type { FastifyInstance } from 'fastify';
import { ZCreateRoleRequest, ZUpdateRoleRequest } from '@cod/shared';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './roles.service.js';

/** Issue 18.2: roles and their permissions (/dashboard/roles-permissions). */
export function registerRoleRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/roles', { config: { access: 'view roles-permissions' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    return service.listRoles(deps, tenantId);
  });

  app.post('/dashboard/roles', { config: { access: 'manage roles' } }, async (request, reply) => {
    const created = await service.createRole(deps, actorOf(request), parse(ZCreateRoleRequest, request.body));
    return reply.code(201).send(created);
  });

  app.put('/dashboard/roles/:id', { config: { access: 'manage roles' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.updateRole(deps, actorOf(request), id, parse(ZUpdateRoleRequest, request.body));
  });

  app.delete('/dashboard/roles/:id', { config: { access: 'manage roles' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.deleteRole(deps, actorOf(request), id);
  });
}
