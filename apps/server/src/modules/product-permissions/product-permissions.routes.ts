import type { FastifyInstance } from 'fastify';
import { ZUserProductPermissionsInput, ZUserProductPermissionsListQuery } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { parse } from '../../lib/validate.js';
import { actorOf } from '../products/actor.js';
import { ZIdParams } from '../../lib/id-params.js';
import * as repo from './product-permissions.repository.js';
import * as service from './product-permissions.service.js';

/**
 * The API behind the /userproductpermissions screen (SPEC 2.3, issue 3.2). It is about users, so it
 * needs the users permissions; `:id` is the user's id.
 */
export function registerProductPermissionRoutes(app: FastifyInstance, db: Db): void {
  app.get('/dashboard/user-product-permissions', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZUserProductPermissionsListQuery, request.query);
    return withTenant(db, tenantId, (tx) =>
      repo.listUserProductPermissions(tx, tenantId, {
        search: query.search,
        page: query.page,
        perPage: query.per_page,
      }),
    );
  });

  app.get('/dashboard/user-product-permissions/:id', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return withTenant(db, tenantId, (tx) => service.userProductPermissionsOr404(tx, tenantId, id));
  });

  app.put('/dashboard/user-product-permissions/:id', { config: { access: 'manage users' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZUserProductPermissionsInput, request.body);
    return withTenant(db, actor.tenantId, (tx) => service.setUserProductPermissions(tx, actor, id, input));
  });
}
