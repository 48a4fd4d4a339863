import type { FastifyInstance } from 'fastify';
import { ZUserProductPermissionsInput, ZUserProductPermissionsListQuery } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { registerResourceRoutes } from '../../http/resource-routes.js';
import { parse } from '../../lib/validate.js';
import * as service from './product-permissions.service.js';

/**
 * The API behind the /userproductpermissions screen (SPEC 2.3, issue 3.2). It is about users, so it
 * needs the users permissions; `:id` is the user's id.
 */
export function registerProductPermissionRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/user-product-permissions', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZUserProductPermissionsListQuery, request.query);
    return service.listUserProductPermissions(deps, tenantId, query);
  });

  registerResourceRoutes(app, deps, {
    route: { path: '/dashboard/user-product-permissions', access: 'manage users' },
    show: { access: 'view users', run: service.getUserProductPermissions },
    update: { input: ZUserProductPermissionsInput, run: service.setUserProductPermissions },
  });
}
