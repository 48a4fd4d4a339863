import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionOfRequest } from '../http/access-guard.js';
import { AppError } from '../lib/app-error.js';
import { parse } from '../lib/validate.js';
import type { PresenceTracker } from './presence.js';

const ZCustomTokenQuery = z.object({
  tenant_id: z.coerce.number().int().positive(),
  user_id: z.coerce.number().int().positive(),
});

export function registerPresenceRoutes(app: FastifyInstance, presence: PresenceTracker): void {
  // SPEC 4 / 7: who is online, for the users list and the agent filter (docs/decisions/0024).
  app.get('/dashboard/presence', { config: { access: 'authenticated' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    return { data: await presence.list(tenantId) };
  });

  // SPEC 7 names a Firebase custom token used to retry presence sign-in. Presence runs on our socket,
  // signed in with the bearer token itself, so there is nothing to exchange: the call keeps its
  // shape and answers a null token (docs/decisions/0006 and 0024). It never speaks for someone else.
  app.get('/dashboard/firebase/custom-token', { config: { access: 'authenticated' } }, async (request) => {
    const session = sessionOfRequest(request);
    const query = parse(ZCustomTokenQuery, request.query);
    if (query.tenant_id !== session.tenantId || query.user_id !== session.userId) {
      throw new AppError('forbidden', 'This action is unauthorized.');
    }
    return { token: null };
  });
}
