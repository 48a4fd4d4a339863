import type { FastifyInstance } from 'fastify';
import { centralSessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { centralLogin, centralLogout } from './central-auth.service.js';

/** The central realm's sign-in (tenants, plans and subscriptions screens build on it). */
export function registerCentralRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.post('/central/login', { config: { access: 'public' } }, (request) =>
    centralLogin(deps, request.body, request.ip),
  );

  app.post('/central/logout', { config: { access: 'central' } }, async (request, reply) => {
    await centralLogout(deps, centralSessionOfRequest(request));
    return reply.status(204).send();
  });

  app.get('/central/me', { config: { access: 'central' } }, (request) => {
    const { id, name, email } = centralSessionOfRequest(request);
    return { adminData: { id, name, email } };
  });
}
