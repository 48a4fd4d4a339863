import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TOrderRow } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { openTestApp } from '../support/test-db.js';
import { orderBody, shopWithCatalogue, type TShop } from './orders-support.js';

const { app, database } = await openTestApp();

async function channelOf(shop: TShop, sourceType = 'facebook') {
  const response = await shop.api.post('/dashboard/sales-channels', { name: 'Landing page', source_type: sourceType });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; intake_key: string };
}

const intake = (key: string | null, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...(key ? { 'x-intake-key': key } : {}), ...headers },
    payload: body as object,
  });

describe('order intake API (issue 4.9)', () => {
  it('creates an order from a channel key, recording source, campaign and metadata: 201 {id, order_number}', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop);
    const response = await intake(
      channel.intake_key,
      orderBody(shop, { campaign_id: 'summer-26', source_metadata: { utm_source: 'fb', ad: 42 }, agent_id: 1 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'order_number']);
    const order = (await shop.api.get(`/dashboard/orders/${body.id}`)).json() as TOrderRow;
    expect(order).toMatchObject({
      order_number: body.order_number,
      sales_source: 'facebook',
      campaign_id: 'summer-26',
      source_metadata: { utm_source: 'fb', ad: 42 },
      sales_channel: { id: channel.id, name: 'Landing page' },
      agent_id: null,
      latest_status: { status: { type: 'new' } },
    });
    expect(order.fulfillment_statuses[0]!.creator).toBeNull();
    // An edit in the dashboard keeps where the order came from.
    await shop.api.put(`/dashboard/orders/${body.id}`, orderBody(shop, { customer_phone_1: order.customer_phone_1 }));
    expect((await shop.api.get(`/dashboard/orders/${body.id}`)).json()).toMatchObject({
      sales_source: 'facebook',
      campaign_id: 'summer-26',
      sales_channel: { id: channel.id },
    });
  });

  it('takes the key as a bearer token too, and refuses a missing, unknown or revoked key', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop, 'tiktok');
    const bearer = await intake(null, orderBody(shop), { authorization: `Bearer ${channel.intake_key}` });
    expect(bearer.statusCode).toBe(201);
    expect((await intake(null, orderBody(shop))).statusCode).toBe(401);
    expect((await intake('cod_in_not-a-key', orderBody(shop))).json()).toMatchObject({
      message: 'The intake key is invalid or has been revoked.',
    });
    await shop.api.post(`/dashboard/sales-channels/${channel.id}/revoke-key`);
    expect((await intake(channel.intake_key, orderBody(shop))).statusCode).toBe(401);
  });

  it('validates like the order dialog, with the same field messages', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop);
    const response = await intake(
      channel.intake_key,
      orderBody(shop, {
        customer_full_name: '',
        products: [{ product_id: shop.shirt.id }, { product_id: shop.pen.id }],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ customer_full_name: ['The name field is required.'] });
    const second = await intake(
      channel.intake_key,
      orderBody(shop, { products: [{ product_id: shop.shirt.id }, { product_id: shop.pen.id }] }),
    );
    expect(second.json().errors).toEqual({
      'products.0.variant_id': ['Variant is required'],
      [`customer_custom_fields.${shop.pen.id}.Gravure`]: ['Stylo gravé: Gravure is required'],
    });
  });

  it('creates exactly one order for 20 concurrent retries of one Idempotency-Key, all answered with the same 201 body', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop);
    const body = orderBody(shop, { customer_full_name: 'Retry Storm' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => intake(channel.intake_key, body, { 'idempotency-key': 'site-order-777' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const created = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from orders where customer_full_name = 'Retry Storm'`),
    );
    expect(created[0]!.n).toBe(1);
    // A later retry still gets the same answer; the same key with another body is refused.
    const later = await intake(channel.intake_key, body, { 'idempotency-key': 'site-order-777' });
    expect(later.body).toBe(responses[0]!.body);
    const other = await intake(
      channel.intake_key,
      { ...body, note: 'changed' },
      { 'idempotency-key': 'site-order-777' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was already used with a different request body.');
  });

  it('lets a request that failed be retried under the same key', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop);
    const bad = await intake(channel.intake_key, orderBody(shop, { state_id: 31 }), { 'idempotency-key': 'k-1' });
    expect(bad.statusCode).toBe(422);
    const good = await intake(channel.intake_key, orderBody(shop), { 'idempotency-key': 'k-1' });
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('serves its documentation: an OpenAPI document and a page without scripts', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      openapi: '3.1.0',
      paths: { '/api/orders': { post: { operationId: 'createOrder' } } },
    });
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Idempotency-Key');
    expect(page.body).not.toContain('<script');
  });
});
