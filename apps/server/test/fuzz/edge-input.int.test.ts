import { describe, expect, it } from 'vitest';
import { STATUS_MESSAGES } from '../../src/modules/statuses/statuses.routes.js';
import { tempDir } from '../files/support/fixtures.js';
import { IMPORT_HEADERS } from '../imports/support/import-files.js';
import { openTestApp } from '../support/test-db.js';
import { createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { tenantChecksum } from './fuzz-support.js';

const { app, database } = await openTestApp({ DATA_DIR: tempDir() });

/** `{"a":{"a":...}}` nested `depth` times, as raw JSON text (JSON.stringify itself would overflow). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const LONE = '\ud800';
type TResponse = Awaited<ReturnType<typeof app.inject>>;

async function sendJson(shop: TShop, method: 'POST' | 'PUT' | 'PATCH', url: string, json: string) {
  return app.inject({
    method,
    url,
    headers: { authorization: shop.authorization, 'content-type': 'application/json' },
    payload: json,
  });
}

/** Runs `act`, expects a 422 and that none of the shop's rows changed. */
async function expectRefusedUnchanged(shop: TShop, act: () => Promise<TResponse>, label: string) {
  const before = await tenantChecksum(database, shop.tenant.id);
  const response = await act();
  expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
  expect(response.json().message, label).toEqual(expect.any(String));
  expect(await tenantChecksum(database, shop.tenant.id), `${label} wrote something`).toEqual(before);
  return response.json() as { message: string; errors?: Record<string, string[]> };
}

describe('input refused at the edge (docs/decisions/0039)', () => {
  it('refuses a deeply nested source_metadata on order create, update and the intake API with 422', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(shop.api, orderBody(shop));
    const channel = (
      await shop.api.post('/dashboard/sales-channels', { name: 'Landing', source_type: 'facebook' })
    ).json() as { intake_key: string };
    const withDeepMetadata = (body: object) =>
      JSON.stringify({ ...body, source_metadata: '@@' }).replace('"@@"', nested(10_000));

    const created = await expectRefusedUnchanged(
      shop,
      () => sendJson(shop, 'POST', '/dashboard/orders', withDeepMetadata(orderBody(shop))),
      'create',
    );
    expect(created.message).toMatch(/nested/);
    await expectRefusedUnchanged(
      shop,
      () =>
        sendJson(
          shop,
          'PUT',
          `/dashboard/orders/${order.id}`,
          withDeepMetadata(orderBody(shop, { customer_phone_1: order.customer_phone_1 })),
        ),
      'update',
    );
    await expectRefusedUnchanged(
      shop,
      () =>
        app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { 'x-intake-key': channel.intake_key, 'content-type': 'application/json' },
          payload: withDeepMetadata(orderBody(shop)),
        }),
      'intake',
    );
  });

  it('refuses a lone surrogate in free text with 422 naming the field, before anything is written', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(shop.api, orderBody(shop));
    const provider = (await shop.api.post('/dashboard/providers', { name: 'Fournisseur' })).json() as { id: number };
    const customer = (await shop.api.post('/dashboard/customers', { phone: '0555123499' })).json() as { phone: string };
    const cases: Array<[string, 'POST' | 'PUT' | 'PATCH', string, object]> = [
      [
        'status change',
        'PATCH',
        `/dashboard/orders/${order.id}/status`,
        { status: shop.status.confirmed, description: `ok ${LONE}` },
      ],
      [
        'bulk status',
        'POST',
        '/dashboard/orders/bulk-status-update',
        { status: shop.status.confirmed, description: LONE, order_ids: [order.id] },
      ],
      ['provider update', 'PUT', `/dashboard/providers/${provider.id}`, { name: 'Fournisseur', notes: LONE }],
      [
        'stock adjustment',
        'POST',
        '/dashboard/stock/adjustments',
        { product_id: shop.watch.id, quantity: 2, reason: `count ${LONE}` },
      ],
      [
        'purchase',
        'POST',
        '/dashboard/stock/purchases',
        { provider_id: provider.id, lines: [{ product_id: shop.watch.id, quantity: 1, unit_cost: 10 }], note: LONE },
      ],
      ['customer update', 'PUT', `/dashboard/customers/${customer.phone}`, { name: 'Amina', note: LONE }],
    ];
    for (const [label, method, url, body] of cases) {
      const refused = await expectRefusedUnchanged(
        shop,
        () => app.inject({ method, url, headers: { authorization: shop.authorization }, payload: body }),
        label,
      );
      const [field] = Object.keys(refused.errors ?? {});
      expect(field, label).toMatch(/^(description|notes|reason|note)$/);
    }
  });

  it('refuses NUL and lone surrogates in object keys, the query string and path parameters', async () => {
    const shop = await shopWithCatalogue(app, database);
    const key = await expectRefusedUnchanged(
      shop,
      () => sendJson(shop, 'POST', '/dashboard/orders', JSON.stringify({ ...orderBody(shop), [`k${LONE}`]: 1 })),
      'key',
    );
    expect(key.message).toMatch(/invalid character/);
    for (const url of ['/dashboard/orders?search=a%00b', '/dashboard/customers/%00', '/dashboard/statuses/1%00']) {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: shop.authorization } });
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
    }
  });

  it('refuses an empty status update ({}, null, no body) with 422 and leaves the status as it was', async () => {
    const shop = await shopWithCatalogue(app, database);
    const url = `/dashboard/statuses/${shop.status.confirmed}`;
    const headers = { authorization: shop.authorization };
    const attempts: Array<[string, () => Promise<TResponse>]> = [
      ['{}', () => app.inject({ method: 'PUT', url, headers, payload: {} })],
      ['null', () => sendJson(shop, 'PUT', url, 'null')],
      ['no body', () => app.inject({ method: 'PUT', url, headers })],
    ];
    for (const [label, act] of attempts) {
      const refused = await expectRefusedUnchanged(shop, act, label);
      expect(refused.errors, label).toEqual({ color: [STATUS_MESSAGES.nothingToChange] });
    }
  });
});

describe('multipart bodies at the edge', () => {
  const BOUNDARY = 'edge-boundary';
  const multipart = (disposition: string, content: string, end = true) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: text/csv\r\n\r\n${content}` +
    (end ? `\r\n--${BOUNDARY}--\r\n` : '');
  const upload = (shop: TShop, url: string, payload: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: shop.authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });

  // The upload routes answer any failure to read the file as their own "file required" 422; what
  // matters here is that they answer at once (the import hung) and write nothing.
  it('refuses a body cut short on every upload route with a 4xx, at once (the import hung)', async () => {
    const shop = await shopWithCatalogue(app, database);
    const cut = multipart('name="file"; filename="orders.csv"', 'customer_full_name,customer_phone_1', false);
    for (const url of ['/dashboard/orders/import', `/dashboard/products/${shop.watch.id}/image`]) {
      const before = await tenantChecksum(database, shop.tenant.id);
      const response = await upload(shop, url, cut);
      expect([400, 422], `${url}: ${response.body}`).toContain(response.statusCode);
      expect(await tenantChecksum(database, shop.tenant.id), url).toEqual(before);
    }
  });

  it('refuses a NUL in an uploaded file name before a batch is written', async () => {
    const shop = await shopWithCatalogue(app, database);
    const csv = `${IMPORT_HEADERS.join(',')}\nKarim,0555123456,16,Alger Centre,Rue,${shop.watch.name},,1,,,\n`;
    await expectRefusedUnchanged(
      shop,
      () => upload(shop, '/dashboard/orders/import', multipart(`name="file"; filename*=UTF-8''orders%00.csv`, csv)),
      'file name',
    );
  });
});
