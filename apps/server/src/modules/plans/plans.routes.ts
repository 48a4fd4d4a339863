import type { FastifyInstance } from 'fastify';
import { centralSessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { createPlan, listPlans, setPlanArchived, updatePlan } from './plans.service.js';

const CENTRAL = { config: { access: 'central' as const } };

/** /central/plans (issue 19.1). */
export function registerPlanRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/central/plans', CENTRAL, async () => ({ data: await listPlans(deps) }));
  app.post('/central/plans', CENTRAL, async (request, reply) =>
    reply.status(201).send(await createPlan(deps, centralSessionOfRequest(request), request.body)),
  );
  app.put('/central/plans/:id', CENTRAL, (request) =>
    updatePlan(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, request.body),
  );
  app.post('/central/plans/:id/archive', CENTRAL, (request) =>
    setPlanArchived(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, true),
  );
  app.post('/central/plans/:id/restore', CENTRAL, (request) =>
    setPlanArchived(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, false),
  );
}
