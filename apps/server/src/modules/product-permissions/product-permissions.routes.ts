import type { FastifyInstance } from 'fastify';
import { ZUserProductPermissionsInput, ZUserProductPermissionsListQuery } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
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

  app.get('/dashboard/user-product-permissions/:id', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getUserProductPermissions(deps, tenantId, id);
  });

  app.put('/dashboard/user-product-permissions/:id', { config: { access: 'manage users' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZUserProductPermissionsInput, request.body);
    return service.setUserProductPermissions(deps, actor, id, input);
  });
}
