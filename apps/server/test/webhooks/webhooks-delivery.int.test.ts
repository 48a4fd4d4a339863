import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWebhookDelivery, TWebhookEndpointWithSecret } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { startJobs, stopJobs } from '../../src/jobs/jobs.js';
import { deliverWebhook } from '../../src/modules/webhooks/deliver-webhook.js';
import { verifyWebhook } from '../../src/modules/webhooks/webhook-signature.js';
import { registerWebhookWorker } from '../../src/modules/webhooks/webhook-worker.js';
import { testSchema, waitFor } from '../jobs/support/test-queues.js';
import { createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { openTestApp, testConfig } from '../support/test-db.js';
import { startReceiver } from './webhook-receiver.js';

// Issue 15.7 on PGlite or PostgreSQL (TEST_DATABASE_URL): signed deliveries through the job queue,
// retried on 500 and on timeouts, never sent twice after a success, an endpoint disabled (and its
// owner mailed) after repeated failure. The receiver is a local server: OUTBOUND_ALLOW_PRIVATE.
const overrides = { OUTBOUND_ALLOW_PRIVATE: 'true' };
const { app, database } = await openTestApp(overrides);
const config = testConfig(overrides);
const log = pino({ level: 'silent' });
const schema = testSchema();
// Short clocks: a 1 s first back-off, a 6 s retry window, a 1.5 s timeout.
const options = { config, log, baseDelaySeconds: 1, retryWindowSeconds: 6, timeoutMs: 1500, disableAfter: 2 };
let stopWorker: () => void = () => undefined;

const receiver = await startReceiver({
  '/ok': () => ({ status: 200 }),
  '/flaky': (n) => ({ status: n === 0 ? 500 : 200 }),
  '/slow': (n) => ({ status: 200, delayMs: n === 0 ? 4000 : 0 }),
  '/down': () => ({ status: 503 }),
});

beforeAll(async () => {
  await startJobs(database, { schema, pollingIntervalSeconds: 0.2, maintenanceIntervalSeconds: 1 });
  stopWorker = await registerWebhookWorker(database.db, { ...options, sweepIntervalMs: 300 });
});
afterAll(async () => {
  stopWorker();
  await stopJobs({ timeoutMs: 2000 });
  if (database.kind === 'postgres') await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
});

async function addEndpoint(shop: TShop, path: string, events: string[]): Promise<TWebhookEndpointWithSecret> {
  const response = await shop.api.post('/dashboard/webhooks', { url: receiver.url(path), events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function deliveries(shop: TShop, endpointId: number): Promise<TWebhookDelivery[]> {
  const response = await shop.api.get(`/dashboard/webhooks/${endpointId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The machine is shared: conditions get 40 s. */
const waitLong = <T>(probe: () => Promise<T | null | undefined | false>, ms = 40_000) => waitFor(probe, ms);

const settled = (list: TWebhookDelivery[]) =>
  list.length > 0 && list.every((d) => d.state === 'succeeded' || d.state === 'failed');

describe('outbound webhooks: deliveries', { timeout: 120_000 }, () => {
  it('signs a delivery with the endpoint secret and never sends it twice after its success', async () => {
    const shop = await shopWithCatalogue(app, database);
    const endpoint = await addEndpoint(shop, '/ok', ['order.created']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = (await shop.api.get('/dashboard/webhooks')).json().data;
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const order = await createOrder(shop.api, orderBody(shop));
    const [hit] = await waitLong(async () => {
      const hits = receiver.of('/ok').filter((r) => JSON.parse(r.body).data.order.id === order.id);
      return hits.length ? hits : null;
    });
    const verified = verifyWebhook(
      endpoint.secret,
      { timestamp: hit!.headers['x-cod-timestamp'] as string, signature: hit!.headers['x-cod-signature'] as string },
      hit!.body,
    );
    expect(verified).toBe(true);
    // Another secret, or a changed body, does not verify.
    expect(
      verifyWebhook(
        'whsec_other',
        { timestamp: hit!.headers['x-cod-timestamp'] as string, signature: hit!.headers['x-cod-signature'] as string },
        hit!.body,
      ),
    ).toBe(false);
    expect(hit!.headers['x-cod-event']).toBe('order.created');
    expect(JSON.parse(hit!.body)).toMatchObject({ event: 'order.created', data: { order: { id: order.id } } });

    const [delivery] = await waitLong(async () => {
      const list = await deliveries(shop, endpoint.id);
      return settled(list) ? list : null;
    });
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 1, last_status_code: 200 });
    expect(delivery!.attempt_log.map((a) => a.status_code)).toEqual([200]);

    // A job of the same delivery run again (a retried job, a sweep) claims nothing and sends nothing.
    const before = receiver.of('/ok').length;
    const again = await deliverWebhook(database.db, { tenantId: shop.tenant.id, deliveryId: delivery!.id }, options);
    expect(again.kind).toBe('not_claimed');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(receiver.of('/ok').length).toBe(before);
    expect((await deliveries(shop, endpoint.id)).map((d) => d.attempts)).toEqual([1]);
  });

  it('retries after a 500 and after a timeout, with the same signed body', async () => {
    const shop = await shopWithCatalogue(app, database);
    const flaky = await addEndpoint(shop, '/flaky', ['order.created']);
    const slow = await addEndpoint(shop, '/slow', ['order.created']);
    await createOrder(shop.api, orderBody(shop));

    for (const [endpoint, first] of [
      [flaky, { status_code: 500, error: 'HTTP 500' }],
      [slow, { status_code: null, error: 'timeout' }],
    ] as const) {
      const [delivery] = await waitLong(async () => {
        const list = await deliveries(shop, endpoint.id);
        return settled(list) ? list : null;
      });
      expect(delivery).toMatchObject({ state: 'succeeded', attempts: 2, last_status_code: 200 });
      expect(delivery!.attempt_log.map((a) => ({ status_code: a.status_code, error: a.error }))).toEqual([
        first,
        { status_code: 200, error: null },
      ]);
    }
    const flakyHits = receiver.of('/flaky');
    expect(flakyHits).toHaveLength(2);
    expect(flakyHits[1]!.body).toBe(flakyHits[0]!.body);
    // The back-off: the retry came at least a second after the failure.
    expect(flakyHits[1]!.at - flakyHits[0]!.at).toBeGreaterThanOrEqual(900);
    for (const hit of flakyHits) {
      const headers = {
        timestamp: hit.headers['x-cod-timestamp'] as string,
        signature: hit.headers['x-cod-signature'] as string,
      };
      expect(verifyWebhook(flaky.secret, headers, hit.body)).toBe(true);
    }
  });

  it('sends a test ping once, shows it in the log, and a replay sends the same event again', async () => {
    const shop = await shopWithCatalogue(app, database);
    const endpoint = await addEndpoint(shop, '/ok', ['import.finished']);
    const ping = await shop.api.post(`/dashboard/webhooks/${endpoint.id}/ping`);
    expect(ping.statusCode, ping.body).toBe(200);
    const [delivered] = await waitLong(async () => {
      const list = await deliveries(shop, endpoint.id);
      return settled(list) ? list : null;
    });
    expect(delivered).toMatchObject({ event: 'ping', state: 'succeeded', last_status_code: 200 });
    const replay = await shop.api.post(`/dashboard/webhooks/${endpoint.id}/deliveries/${delivered!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    const list = await waitLong(async () => {
      const all = await deliveries(shop, endpoint.id);
      return all.length === 2 && settled(all) ? all : null;
    });
    expect(list[0]).toMatchObject({ replay_of: delivered!.id, event_id: delivered!.event_id, state: 'succeeded' });
    const bodies = receiver.of('/ok').filter((r) => JSON.parse(r.body).id === delivered!.event_id);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.body).toBe(bodies[0]!.body);
  });

  it('gives up after the retry window, and disables the endpoint after repeated failure with a mail to the owner', async () => {
    const shop = await shopWithCatalogue(app, database);
    const endpoint = await addEndpoint(shop, '/down', ['order.created', 'order.status_changed']);
    await createOrder(shop.api, orderBody(shop));
    await createOrder(shop.api, orderBody(shop));
    const list = await waitLong(async () => {
      const all = await deliveries(shop, endpoint.id);
      return all.length === 2 && settled(all) ? all : null;
    }, 60_000);
    for (const delivery of list) {
      expect(delivery.state).toBe('failed');
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);
      expect(delivery.attempt_log.every((a) => a.status_code === 503)).toBe(true);
    }
    const [after] = (await shop.api.get('/dashboard/webhooks')).json().data;
    expect(after).toMatchObject({ id: endpoint.id, active: false, consecutive_failures: 2 });
    expect(after.disabled_at).not.toBeNull();
    const mails = await rows<{ subject: string }>(
      database.db,
      sql`select subject from mail_outbox where tenant_id = ${shop.tenant.id} and to_email = ${shop.tenant.ownerEmail}`,
    );
    expect(mails.map((m) => m.subject)).toEqual([`Webhook endpoint disabled: ${receiver.url('/down')}`]);
    // Disabled: new events make no delivery.
    await createOrder(shop.api, orderBody(shop));
    expect(await deliveries(shop, endpoint.id)).toHaveLength(2);
  });
});
