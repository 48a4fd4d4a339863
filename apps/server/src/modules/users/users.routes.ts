import type { FastifyInstance } from 'fastify';
import { m, ZCreateUserRequest, ZDeactivateUserRequest, ZPassword, ZUpdateUserRequest } from '@cod/shared';
import { z } from 'zod';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import { registerResourceRoutes } from '../../http/resource-routes.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { listRoleOptions } from '../roles/roles.service.js';
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

const ZResetPasswordBody = z.object({ password: ZPassword.optional() });

/** Issue 18.1: the team (/dashboard/users): invite, create, edit, deactivate, reactivate, reset a password. */
export function registerUserRoutes(app: FastifyInstance, deps: service.TUserDeps): void {
  app.get('/dashboard/users', { config: { access: 'view users' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    return service.listUsers(deps, tenantId, parse(ZListUsersQuery, request.query));
  });

  // The roles a user can be given (names only; the matrix is the roles screen's).
  app.get('/dashboard/users/roles', { config: { access: 'view users' } }, (request) =>
    listRoleOptions(deps, actorOf(request)),
  );

  // Without a password the user is invited: a one-use set-password link by e-mail (72 h).
  registerResourceRoutes(app, deps, {
    route: { path: '/dashboard/users', access: 'manage users' },
    show: { access: 'view users', run: service.getUser },
    create: { input: ZCreateUserRequest, run: service.createUser },
    update: { input: ZUpdateUserRequest, run: service.updateUser },
  });

  // Deactivation signs the user out everywhere; reassign_to hands their open orders over.
  app.post('/dashboard/users/:id/deactivate', { config: { access: 'manage users' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    const options = parse(ZDeactivateUserRequest, request.body ?? {});
    return service.deactivateUser(deps, actorOf(request), id, options);
  });

  app.post('/dashboard/users/:id/activate', { config: { access: 'manage users' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.activateUser(deps, actorOf(request), id);
  });

  app.post('/dashboard/users/:id/resend-invitation', { config: { access: 'manage users' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.resendInvitation(deps, actorOf(request), id);
  });

  app.post('/dashboard/users/:id/reset-password', { config: { access: 'manage users' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    const { password } = parse(ZResetPasswordBody, request.body ?? {});
    return service.resetUserPassword(deps, actorOf(request), id, password);
  });
}
