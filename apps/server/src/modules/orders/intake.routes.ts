import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTAKE_OPENAPI, intakeDocsPage } from './intake-openapi.js';
import type { TOrderDeps } from './order-access.js';
import { intakeDeps, receiveIntakeOrder } from './receive-intake-order.js';

/** The channel's key: X-Intake-Key, or Authorization: Bearer (issue 4.9). */
function intakeKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-intake-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/**
 * POST /api/orders for sales channels, and its documentation. The route is 'public' for the
 * session guard: the intake key is checked by the use case (it names the shop and the channel).
 */
export function registerIntakeRoutes(app: FastifyInstance, db: TOrderDeps['db']): void {
  const deps = intakeDeps({ db });
  app.post('/api/orders', { config: { access: 'public' } }, async (request, reply) => {
    const idempotencyKey = request.headers['idempotency-key'];
    const result = await receiveIntakeOrder(deps, {
      intakeKey: intakeKeyOf(request),
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
      body: request.body,
      ip: request.ip,
    });
    if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
    return reply.status(201).send(result.response);
  });

  app.get('/api/docs/openapi.json', { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').send(INTAKE_OPENAPI),
  );
  app.get('/api/docs', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(intakeDocsPage()),
  );
}
