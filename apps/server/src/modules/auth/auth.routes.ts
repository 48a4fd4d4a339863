import type { FastifyInstance } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import * as auth from './auth.service.js';
import type { TAuthDeps } from './auth.service.js';

export function registerAuthRoutes(app: FastifyInstance, deps: TAuthDeps): void {
  app.post('/login', { config: { access: 'public' } }, (request) =>
    auth.login(deps, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );

  app.post('/logout', { config: { access: 'authenticated' } }, async (request, reply) => {
    await auth.logout(deps, sessionOfRequest(request));
    return reply.status(204).send();
  });

  app.post('/forgot-password', { config: { access: 'public' } }, (request) =>
    auth.forgotPassword(deps, request.body, { ip: request.ip }),
  );
  app.post('/reset-password', { config: { access: 'public' } }, (request) => auth.resetPassword(deps, request.body));

  // SPEC 7: POST /locale stores the user's language choice.
  app.post('/locale', { config: { access: 'authenticated' } }, (request) =>
    auth.setLocale(deps, sessionOfRequest(request), request.body),
  );

  app.get('/me', { config: { access: 'authenticated' } }, (request) => {
    const session = sessionOfRequest(request);
    return { userData: session.user };
  });
}
