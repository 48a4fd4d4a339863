import type { FastifyInstance } from 'fastify';
import { m } from '@cod/shared';
import { z } from 'zod';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './users.service.js';

const ZListUsersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 100].includes(n), m('validation.page_size'))
    .default(25),
});

/** The users list (agents for filters and assignment) and deactivation. Editing users is a later module. */
export function registerUserRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/users', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    return service.listUsers(deps, tenantId, parse(ZListUsersQuery, request.query));
  });

  app.get('/dashboard/users/:id', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getUser(deps, tenantId, id);
  });

  // Issue 7: deactivation signs the user out everywhere; reactivation lets them sign in again.
  app.post('/dashboard/users/:id/deactivate', { config: { access: 'manage users' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.deactivateUser(deps, actor, id);
  });

  app.post('/dashboard/users/:id/activate', { config: { access: 'manage users' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.activateUser(deps, actor, id);
  });
}
