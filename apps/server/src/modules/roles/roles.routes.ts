import type { FastifyInstance } from 'fastify';
import { ZCreateRoleRequest, ZUpdateRoleRequest } from '@cod/shared';
import { sessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { registerResourceRoutes } from '../../http/resource-routes.js';
import * as service from './roles.service.js';

/** Issue 18.2: roles and their permissions (/dashboard/roles-permissions). */
export function registerRoleRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/roles', { config: { access: 'view roles-permissions' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    return service.listRoles(deps, tenantId);
  });

  registerResourceRoutes(app, deps, {
    route: { path: '/dashboard/roles', access: 'manage roles' },
    create: { input: ZCreateRoleRequest, run: service.createRole },
    update: { input: ZUpdateRoleRequest, run: service.updateRole },
    remove: service.deleteRole,
  });
}
