import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionOfRequest } from '../../http/access-guard.js';
import { parse } from '../../lib/validate.js';
import {
  chargilyModeOf,
  openCheckout,
  payablePlans,
  receiveChargilyWebhook,
  sandboxAnswer,
  sandboxEvent,
  showSandboxCheckout,
  type TChargilyDeps,
  type TWebhookOutcome,
} from './chargily.service.js';

const ZCheckoutIdParams = z.object({ id: z.string().min(1).max(100) });

const PUBLIC = { config: { access: 'public' as const } };

/**
 * Online payment through Chargily Pay (issue 19.4, docs/decisions/0098, 0140): the shop's "Pay
 * now", the gateway's webhook (raw body, for its signature) and, when configured, the local sandbox.
 */
export async function registerChargilyRoutes(app: FastifyInstance, deps: TChargilyDeps): Promise<void> {
  app.get('/dashboard/subscription/online-payment', { config: { access: 'authenticated' } }, () => payablePlans(deps));
  app.post('/dashboard/subscription/checkout', { config: { access: 'authenticated' } }, async (request, reply) => {
    const session = sessionOfRequest(request);
    const answer = await openCheckout(
      deps,
      { tenantId: session.tenantId, userId: session.userId, locale: session.user.locale },
      request.body ?? {},
    );
    return reply.status(201).send(answer);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/chargily', PUBLIC, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers.signature;
      return receiveChargilyWebhook(deps, raw, typeof signature === 'string' ? signature : undefined);
    });
  });

  // The local sandbox (decision 0140): only when configured, and its checkout is the app's own page
  // (apps/web/src/features/subscription/sandbox-checkout-page.tsx) that calls these with the shop's
  // session; a checkout is seen and paid only by the shop that opened it.
  if (chargilyModeOf(deps) !== 'sandbox') return;
  const sandboxAccess = { config: { access: 'authenticated' as const } };
  app.get('/chargily-sandbox/checkouts/:id', sandboxAccess, async (request) => {
    const { id } = parse(ZCheckoutIdParams, request.params);
    return showSandboxCheckout(deps, sessionOfRequest(request).tenantId, id);
  });
  for (const action of ['pay', 'cancel'] as const) {
    app.post(`/chargily-sandbox/checkouts/:id/${action}`, sandboxAccess, async (request) => {
      const { id } = parse(ZCheckoutIdParams, request.params);
      const { body, signature } = await sandboxEvent(deps, sessionOfRequest(request).tenantId, id, action);
      // Each event is delivered twice, as a gateway retrying would: the second changes nothing.
      let outcome: TWebhookOutcome | undefined;
      for (let delivery = 0; delivery < 2; delivery += 1) {
        const answer = await app.inject({
          method: 'POST',
          url: '/webhooks/chargily',
          headers: { 'content-type': 'application/json', signature },
          payload: body,
        });
        if (answer.statusCode !== 200) request.log.warn({ status: answer.statusCode }, 'chargily sandbox: webhook');
        else if (delivery === 0) outcome = (answer.json() as { outcome: TWebhookOutcome }).outcome;
      }
      return sandboxAnswer(action, outcome);
    });
  }
}
