import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { parse } from '../../lib/validate.js';
import * as service from './reference.service.js';

// SPEC 3: state_id is the wilaya code; accept "16" and "016"-style zero padding alike.
const ZStateParams = z.object({ id: z.coerce.number().int('The state is invalid.').min(1).max(99) });

export function registerReferenceRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/states', { config: { access: 'authenticated' } }, async (request) => {
    const session = sessionOfRequest(request);
    return service.listStates(deps, session.tenantId);
  });

  app.get('/dashboard/cities/state/:id', { config: { access: 'authenticated' } }, async (request) => {
    const session = sessionOfRequest(request);
    const { id } = parse(ZStateParams, request.params);
    return service.listCitiesOfState(deps, session.tenantId, id);
  });

  // SPEC 7: a static file of stop-desk centres (center_id, name, wilaya_name, ...).
  app.get('/yalidine_centers.json', { config: { access: 'public' } }, async (_request, reply) => {
    const centres = await service.yalidineCentres();
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(centres);
  });
}
