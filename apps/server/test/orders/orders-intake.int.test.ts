import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TOrderRow } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { openTestApp } from '../support/test-db.js';
import { freshPhone, orderBody, shopWithCatalogue, type TShop } from './orders-support.js';

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

  it('refuses a key at once after a rotation or while its channel is inactive, although it was used before', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop);
    expect((await intake(channel.intake_key, orderBody(shop))).statusCode).toBe(201);
    const rotated = await shop.api.post(`/dashboard/sales-channels/${channel.id}/rotate-key`);
    const newKey = (rotated.json() as { intake_key: string }).intake_key;
    expect((await intake(channel.intake_key, orderBody(shop))).statusCode).toBe(401);
    expect((await intake(newKey, orderBody(shop))).statusCode).toBe(201);

    const edit = (active: boolean) =>
      shop.api.put(`/dashboard/sales-channels/${channel.id}`, {
        name: 'Landing page',
        source_type: 'facebook',
        active,
      });
    expect((await edit(false)).statusCode).toBe(200);
    const refused = await intake(newKey, orderBody(shop), { 'idempotency-key': 'while-off' });
    expect(refused.statusCode).toBe(401);
    expect((await edit(true)).statusCode).toBe(200);
    // The refused request kept nothing: its key is a first attempt now.
    const accepted = await intake(newKey, orderBody(shop), { 'idempotency-key': 'while-off' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
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

  it('claims no Idempotency-Key for a wrong key or a plan without the order API (decision 0123)', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop);
    const claims = async () =>
      (
        await withTenant(database.db, shop.tenant.id, (tx) =>
          rows<{ n: number }>(tx, sql`select count(*)::int as n from intake_requests where idempotency_key = 'k-plan'`),
        )
      )[0]!.n;
    // A key the server knows (remembered from a first order), revoked since: refused in the transaction.
    const revoked = await channelOf(shop, 'tiktok');
    expect((await intake(revoked.intake_key, orderBody(shop))).statusCode).toBe(201);
    await shop.api.post(`/dashboard/sales-channels/${revoked.id}/revoke-key`);
    const wrong = await intake(revoked.intake_key, orderBody(shop), { 'idempotency-key': 'k-plan' });
    expect(wrong.statusCode).toBe(401);
    expect(await claims()).toBe(0);
    // A plan of the shop's own whose features leave the order API out.
    await database.db.execute(sql`
      with copy as (
        insert into plans (name, duration_days, features)
        select p.name || ' without API', p.duration_days, p.features || '{"intake_api": false}'
        from subscriptions s join plans p on p.id = s.plan_id
        where s.tenant_id = ${shop.tenant.id} and s.current
        returning id
      )
      update subscriptions set plan_id = (select id from copy) where tenant_id = ${shop.tenant.id} and current`);
    const noApi = await intake(channel.intake_key, orderBody(shop), { 'idempotency-key': 'k-plan' });
    expect(noApi.statusCode).toBe(402);
    expect(await claims()).toBe(0);
    await database.db.execute(sql`
      update plans p set features = p.features - 'intake_api'
      from subscriptions s where s.plan_id = p.id and s.tenant_id = ${shop.tenant.id} and s.current`);
    const allowed = await intake(channel.intake_key, orderBody(shop), { 'idempotency-key': 'k-plan' });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.headers['idempotent-replayed']).toBeUndefined();
    expect(await claims()).toBe(1);
  });

  it('writes a burst together: each valid request 201 with its own consecutive number, each refused one its own 422', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = await channelOf(shop);
    const repeatCustomer = freshPhone();
    const bodies = Array.from({ length: 30 }, (_, i) => {
      if (i % 6 === 5) return orderBody(shop, { customer_full_name: `Burst ${i}`, city_id: 3101 }); // Oran commune, Alger wilaya
      return orderBody(shop, {
        customer_full_name: `Burst ${i}`,
        ...(i % 10 === 0 ? { customer_phone_1: repeatCustomer } : {}),
      });
    });
    const responses = await Promise.all(
      bodies.map((body, i) => intake(channel.intake_key, body, { 'idempotency-key': `burst-${i}` })),
    );

    const refused = responses.flatMap((r, i) => (i % 6 === 5 ? [r] : []));
    expect(refused.map((r) => r.statusCode)).toEqual(Array(5).fill(422));
    for (const r of refused) expect(r.json().errors).toEqual({ city_id: ['The selected commune is invalid.'] });
    const accepted = responses.filter((_, i) => i % 6 !== 5);
    expect(accepted.map((r) => r.statusCode)).toEqual(Array(25).fill(201));
    const numbers = accepted.map((r) => (r.json() as { order_number: number }).order_number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => numbers[0]! + i));

    const [stored] = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ orders: number; transactions: number; keys: number; repeat_customers: number; answered: number }>(
        tx,
        sql`select count(*)::int as orders, count(distinct o.xmin::text)::int as transactions,
              (select count(*)::int from intake_requests) as keys,
              (select count(*)::int from intake_requests where response is not null) as answered,
              (select count(*)::int from customers where phone = ${repeatCustomer}) as repeat_customers
            from orders o where o.customer_full_name like 'Burst %'`,
      ),
    );
    // The refused ones left no order and no key. On PostgreSQL the burst shares transactions; the
    // embedded database has one connection, so there the requests reach the queue one at a time.
    expect(stored).toMatchObject({ orders: 25, keys: 25, answered: 25, repeat_customers: 1 });
    if (process.env.TEST_DATABASE_URL) expect(stored!.transactions).toBeLessThan(25);
    // A refused key is free again; an accepted one answers its stored order.
    const retried = await intake(channel.intake_key, orderBody(shop), { 'idempotency-key': 'burst-5' });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await intake(channel.intake_key, bodies[0], { 'idempotency-key': 'burst-0' });
    expect(replayed.body).toBe(accepted[0]!.body);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
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
