import type { FastifyInstance } from 'fastify';
import { yalidineCrcChallenge } from '../../carriers/yalidine/webhook.js';
import { receiveCarrierWebhook, webhookCompany } from './receive-carrier-webhook.js';
import type { TShippingDeps } from './shipping.deps.js';

/**
 * Issue 5.8: carrier webhooks. The signature is checked on the exact bytes received (a body parsed
 * and re-serialised would not match), so this scope reads bodies as raw buffers. Unknown tokens and
 * bad signatures get 404 and 401 and change nothing.
 */
export async function registerShippingWebhookRoutes(app: FastifyInstance, deps: TShippingDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // Yalidine validates the endpoint first: GET ?subscribe&crc_token=X must answer X.
    scope.get('/webhooks/carriers/:token', { config: { access: 'public' } }, async (request, reply) => {
      const { token } = request.params as { token: string };
      if (!(await webhookCompany(deps, token))) return reply.status(404).send({ message: 'Unknown webhook.' });
      const challenge = yalidineCrcChallenge(request.query as Record<string, unknown>);
      if (!challenge) return reply.send({ ok: true });
      return reply.type('text/plain').send(challenge);
    });

    scope.post('/webhooks/carriers/:token', { config: { access: 'public' } }, async (request, reply) => {
      const { token } = request.params as { token: string };
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await receiveCarrierWebhook(deps, { token, raw, headers: request.headers, log: request.log });
      if (outcome.kind === 'unknown') return reply.status(404).send({ message: 'Unknown webhook.' });
      if (outcome.kind === 'refused') return reply.status(401).send({ message: 'Invalid signature.' });
      return reply.send({ received: outcome.received, applied: outcome.applied });
    });
  });
}
