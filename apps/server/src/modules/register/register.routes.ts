import type { FastifyInstance } from 'fastify';
import type { TSignupDeps } from '../waiting-list/waiting-list.service.js';
import { landingPlans, register, registerStates } from './register.service.js';

const PUBLIC = { config: { access: 'public' as const } };

/** The public sign-up (issue 19.5): the landing page's plans, the wilayas and the register form. */
export function registerSignupRoutes(app: FastifyInstance, deps: TSignupDeps): void {
  app.get('/central/public/plans', PUBLIC, () => landingPlans(deps));
  app.get('/central/public/states', PUBLIC, () => registerStates(deps));
  app.post('/central/register', PUBLIC, async (request, reply) =>
    reply.status(201).send(await register(deps, request.body ?? {}, request.ip)),
  );
}
