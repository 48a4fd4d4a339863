import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { STRICT_POLICY } from '../../src/lib/outbound-guard.js';
import { deliverWebhook } from '../../src/modules/webhooks/deliver-webhook.js';
import { agentOf, shopWithCatalogue } from '../orders/orders-support.js';
import { openTestApp, testConfig } from '../support/test-db.js';
import { startReceiver } from './webhook-receiver.js';

// Issue 15.7 (docs/decisions/0037, 0089): in production mode (OUTBOUND_ALLOW_PRIVATE off) a webhook
// never reaches a private, loopback or link-local address: refused when saved, and refused when a
// public name resolves to one at send time (nothing is sent). No job worker runs here.
const { app, database } = await openTestApp();
const config = testConfig();
const receiver = await startReceiver({});

describe('outbound webhooks: SSRF guard', { timeout: 90_000 }, () => {
  it('refuses private, loopback, link-local and plain-http URLs when saved', async () => {
    const shop = await shopWithCatalogue(app, database);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://localhost/hook',
      'https://intranet.local/hook',
      'http://hooks.example.com/in',
      receiver.url('/hook'),
    ]) {
      const response = await shop.api.post('/dashboard/webhooks', { url, events: ['order.created'] });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().error_codes.url[0].code).toBe('webhooks.url_invalid');
    }
    const empty = await shop.api.post('/dashboard/webhooks', { url: '', events: [] });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['events', 'url']);
  });

  it('refuses at send time a public name that resolves to a private address, and sends nothing', async () => {
    const shop = await shopWithCatalogue(app, database);
    const created = await shop.api.post('/dashboard/webhooks', {
      url: 'https://hooks.example.com/in',
      events: ['order.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const ping = await shop.api.post(`/dashboard/webhooks/${created.json().id}/ping`);
    expect(ping.statusCode, ping.body).toBe(200);
    const outcome = await deliverWebhook(
      database.db,
      { tenantId: shop.tenant.id, deliveryId: ping.json().id },
      {
        config,
        log: pino({ level: 'silent' }),
        outbound: STRICT_POLICY,
        // DNS rebinding: the name answers a loopback address (and a public one).
        resolve: (_host, callback) =>
          callback(null, [
            { address: '93.184.216.34', family: 4 },
            { address: '127.0.0.1', family: 4 },
          ]),
      },
    );
    expect(outcome).toMatchObject({ kind: 'failed', statusCode: null, error: 'refused: not_public' });
    expect(receiver.received).toHaveLength(0);
    const log = (await shop.api.get(`/dashboard/webhooks/${created.json().id}/deliveries`)).json().data;
    expect(log[0]).toMatchObject({ event: 'ping', state: 'failed', last_error: 'refused: not_public' });
  });
});

describe('outbound webhooks: tenancy', { timeout: 90_000 }, () => {
  it("answers 404 for every route given another shop's endpoint or delivery", async () => {
    const mine = await shopWithCatalogue(app, database);
    const theirs = await shopWithCatalogue(app, database);
    const created = await theirs.api.post('/dashboard/webhooks', {
      url: 'https://hooks.example.com/theirs',
      events: ['order.created'],
    });
    const id = created.json().id as number;
    const delivery = (await theirs.api.post(`/dashboard/webhooks/${id}/ping`)).json().id as number;
    const body = { url: 'https://hooks.example.com/taken', events: ['order.created'] };
    for (const [method, url] of [
      ['PUT', `/dashboard/webhooks/${id}`],
      ['DELETE', `/dashboard/webhooks/${id}`],
      ['POST', `/dashboard/webhooks/${id}/rotate-secret`],
      ['POST', `/dashboard/webhooks/${id}/ping`],
      ['GET', `/dashboard/webhooks/${id}/deliveries`],
      ['POST', `/dashboard/webhooks/${id}/deliveries/${delivery}/replay`],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: mine.authorization },
        payload: method === 'GET' || method === 'DELETE' ? undefined : body,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await mine.api.get('/dashboard/webhooks')).json().data).toEqual([]);
    const still = (await theirs.api.get('/dashboard/webhooks')).json().data;
    expect(still).toMatchObject([{ id, url: 'https://hooks.example.com/theirs' }]);
    // An agent may not see the shop's webhooks.
    const agent = await agentOf(app, database, mine);
    expect((await agent.api.get('/dashboard/webhooks')).statusCode).toBe(403);
  });
});
