import type { FastifyInstance } from 'fastify';
import { centralSessionOfRequest } from '../../http/access-guard.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { approveWaiting, listWaiting, rejectWaiting, type TSignupDeps } from './waiting-list.service.js';

const CENTRAL = { config: { access: 'central' as const } };

/** /central/waitinglist (issue 19.5): the sign-ups to approve or reject. */
export function registerWaitingListRoutes(app: FastifyInstance, deps: TSignupDeps): void {
  app.get('/central/waiting-list', CENTRAL, (request) => listWaiting(deps, request.query as Record<string, unknown>));
  app.post('/central/waiting-list/:id/approve', CENTRAL, (request) =>
    approveWaiting(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id),
  );
  app.post('/central/waiting-list/:id/reject', CENTRAL, (request) =>
    rejectWaiting(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, request.body ?? {}),
  );
}
