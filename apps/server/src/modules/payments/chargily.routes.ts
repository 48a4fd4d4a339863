import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import { chargilySecret, signChargilyBody } from './chargily-gateway.js';
import {
  openCheckout,
  payablePlans,
  receiveChargilyWebhook,
  sandboxCheckout,
  SANDBOX_RETURN_URLS,
  type TChargilyDeps,
} from './chargily.service.js';

const PUBLIC = { config: { access: 'public' as const } };

/**
 * Online payment through Chargily Pay (issue 19.4, docs/decisions/0098): the shop's "Pay now",
 * the gateway's webhook (raw body, for its signature) and the local sandbox's checkout page.
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

    // The local sandbox: a checkout page with pay and cancel, like the gateway's hosted page.
    scope.get('/chargily-sandbox/checkouts/:id', PUBLIC, async (request, reply) => {
      const checkout = await sandboxCheckout(deps, (request.params as { id: string }).id);
      if (!checkout) return reply.status(404).type('text/plain').send('Unknown checkout.');
      return reply.type('text/html; charset=utf-8').send(sandboxPage(checkout));
    });
    for (const action of ['pay', 'cancel'] as const) {
      scope.post(`/chargily-sandbox/checkouts/:id/${action}`, PUBLIC, async (request, reply) => {
        const checkout = await sandboxCheckout(deps, (request.params as { id: string }).id);
        if (!checkout) return reply.status(404).type('text/plain').send('Unknown checkout.');
        const body = JSON.stringify({
          id: `evt_${crypto.randomBytes(12).toString('hex')}`,
          entity: 'event',
          livemode: 'false',
          type: action === 'pay' ? 'checkout.paid' : 'checkout.canceled',
          data: {
            id: checkout.id,
            entity: 'checkout',
            amount: checkout.amount,
            currency: checkout.currency,
            status: action === 'pay' ? 'paid' : 'canceled',
            payment_method: 'edahabia',
            metadata: { tenant_id: checkout.tenant_id, plan_id: checkout.plan_id },
          },
          created_at: Math.floor(Date.now() / 1000),
        });
        const signature = signChargilyBody(body, chargilySecret(deps.chargilySecretKey));
        // Each event is delivered twice, as a gateway retrying would: the second changes nothing.
        for (let delivery = 0; delivery < 2; delivery += 1) {
          const answer = await app.inject({
            method: 'POST',
            url: '/webhooks/chargily',
            headers: { 'content-type': 'application/json', signature },
            payload: body,
          });
          if (answer.statusCode !== 200) request.log.warn({ status: answer.statusCode }, 'chargily sandbox: webhook');
        }
        return reply.redirect(action === 'pay' ? SANDBOX_RETURN_URLS.success : SANDBOX_RETURN_URLS.failure, 303);
      });
    }
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function sandboxPage(checkout: { id: string; cq_name: string; plan: string; period_months: number; amount: number }) {
  const amount = new Intl.NumberFormat('fr-DZ', { minimumFractionDigits: 2 }).format(checkout.amount);
  const base = `/chargily-sandbox/checkouts/${encodeURIComponent(checkout.id)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chargily Pay sandbox</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5fa;margin:0;display:flex;justify-content:center;padding:24px}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px;max-width:420px;width:100%}
h1{font-size:20px;margin:0 0 4px}.note{color:#8a6d00;background:#fff8e1;border-radius:8px;padding:8px 12px;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#666}dd{margin:0;font-weight:600}
button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;cursor:pointer;margin-top:8px}
.pay{background:#7367f0;color:#fff}.cancel{background:#eee;color:#333}
</style></head>
<body><main>
<h1>Chargily Pay</h1>
<p class="note">Sandbox: no card is charged. The payment is confirmed by a signed webhook.</p>
<dl>
<dt>Shop</dt><dd>${escapeHtml(checkout.cq_name)}</dd>
<dt>Plan</dt><dd>${escapeHtml(checkout.plan)} · ${checkout.period_months} month(s)</dd>
<dt>Amount</dt><dd dir="ltr">${escapeHtml(amount)} DA</dd>
<dt>Card</dt><dd>EDAHABIA 6280 **** **** 0000</dd>
</dl>
<form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${escapeHtml(amount)} DA</button></form>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</main></body></html>`;
}
