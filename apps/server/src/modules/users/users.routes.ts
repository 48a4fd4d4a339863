import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { parse } from '../../lib/validate.js';
import { ZIdParams } from '../../lib/id-params.js';
import { actorOf } from '../products/actor.js';
import * as repo from './users.repository.js';
import * as service from './users.service.js';

const ZListUsersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 100].includes(n), 'Invalid page size.')
    .default(25),
});

/** The users list (agents for filters and assignment) and deactivation. Editing users is a later module. */
export function registerUserRoutes(app: FastifyInstance, db: Db): void {
  app.get('/dashboard/users', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    const query = parse(ZListUsersQuery, request.query);
    return withTenant(db, tenantId, (tx) =>
      repo.listUsers(tx, tenantId, { search: query.search, page: query.page, perPage: query.per_page }),
    );
  });

  app.get('/dashboard/users/:id', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    const { id } = parse(ZIdParams, request.params);
    const user = await withTenant(db, tenantId, (tx) => repo.findUser(tx, tenantId, id));
    if (!user) throw AppError.notFound('User');
    return user;
  });

  // Issue 7: deactivation signs the user out everywhere; reactivation lets them sign in again.
  app.post('/dashboard/users/:id/deactivate', { config: { access: 'manage users' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return withTenantEvents(db, actor.tenantId, (tx, events) => service.deactivateUser(tx, events, actor, id));
  });

  app.post('/dashboard/users/:id/activate', { config: { access: 'manage users' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return withTenant(db, actor.tenantId, (tx) => service.activateUser(tx, actor, id));
  });
}
