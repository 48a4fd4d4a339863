import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../http/app-deps.js';
import { listSubscriptions } from './subscriptions.service.js';

/** /central/subscriptions (issue 19.3): every tenant's current subscription. */
export function registerSubscriptionRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/central/subscriptions', { config: { access: 'central' } }, (request) =>
    listSubscriptions(deps, request.query as Record<string, unknown>),
  );
}
