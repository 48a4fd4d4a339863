import { describe, expect, it } from 'vitest';
import type { TDispatchResponse } from '@cod/shared';
import { captureLogger } from '../carriers/support.js';
import { accountOf, addCompany, openShippingWorld, readyOrders, shopWithCompany } from './shipping-support.js';

/**
 * Issue 5 "How it will be judged": credentials never appear in any API answer or log line. Every
 * request's logger is a real pino logger at trace level writing to memory; the flows run through
 * their failure paths (refusals, timeouts, 429, 5xx, bad credentials), then every answer and every
 * log line is searched for every secret.
 */
const world = await openShippingWorld();
const capture = captureLogger();
world.app.addHook('onRequest', async (request) => {
  request.log = capture.logger as unknown as typeof request.log;
});

describe('credentials exposure', () => {
  it('never puts a credential in an API answer or a log line, whatever fails', async () => {
    const shop = await shopWithCompany(world);
    const yalidine = accountOf('yalidine');
    const ecotrack = accountOf('ecotrack');
    const bad = { api_token: `invalid-${accountOf('ecotrack').api_token}` };
    const yId = await addCompany(world, shop.api, {
      kind: 'yalidine',
      code: 'guepex',
      name: 'Guepex',
      credentials: yalidine,
    });
    const eId = await addCompany(world, shop.api, {
      kind: 'ecotrack',
      code: 'dhd',
      name: 'DHD',
      credentials: ecotrack,
    });
    const badId = await addCompany(world, shop.api, {
      kind: 'ecotrack',
      code: 'conexlog',
      name: 'Bad',
      credentials: bad,
    });
    const secrets = [...Object.entries(yalidine), ...Object.entries(ecotrack), ...Object.entries(bad)]
      .filter(([k]) => k !== 'webhook_secret')
      .map(([, v]) => v);
    const bodies: string[] = [];
    const keep = async (p: Promise<{ body: string }>) => bodies.push((await p).body);

    const orders = await readyOrders(shop, 6);
    world.sandbox.faults.refuse({ references: [String(orders[0]!.order_number)], dialect: 'yalidine' });
    world.sandbox.faults.timeout({ dialect: 'yalidine', operation: 'create', times: 1, holdMs: 2000 });
    world.sandbox.faults.rateLimit({ dialect: 'ecotrack', times: 1, retryAfterSeconds: 1 });
    world.sandbox.faults.fail({ dialect: 'ecotrack', operation: 'label', times: 3, status: 502 });
    await keep(
      shop.api.post('/dashboard/orders/dispatch', {
        shipping_company_id: yId,
        order_ids: orders.slice(0, 3).map((o) => o.id),
      }),
    );
    const eco = await shop.api.post('/dashboard/orders/dispatch', {
      shipping_company_id: eId,
      order_ids: [orders[3]!.id],
    });
    bodies.push(eco.body);
    await keep(shop.api.post('/dashboard/orders/dispatch', { shipping_company_id: badId, order_ids: [orders[4]!.id] }));
    await keep(shop.api.post(`/dashboard/shipping-companies/${badId}/test-connection`));
    await keep(shop.api.post(`/dashboard/shipping-companies/${yId}/fees/import`));
    const ecoOrder = (eco.json() as TDispatchResponse).dispatch_success[0]!.order_id;
    const tickets = (await shop.api.post('/dashboard/orders/view-parcel-tickets', { order_ids: [ecoOrder] })).json();
    await keep(world.app.inject({ method: 'GET', url: tickets.results[0].parcel_ticket_url }));
    await keep(shop.api.post(`/dashboard/orders/${ecoOrder}/refresh-shipment`));
    await keep(shop.api.get('/dashboard/shipping-companies'));
    for (const id of [yId, eId, badId]) await keep(shop.api.get(`/dashboard/shipping-companies/${id}`));
    world.sandbox.faults.clear();

    const logs = capture.text();
    expect(logs.length).toBeGreaterThan(0);
    // The carrier calls were logged (so the check below is not vacuous).
    expect(logs).toMatch(/yalidine|guepex|dhd/i);
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      for (const body of bodies) expect(body).not.toContain(secret);
    }
  });
});
