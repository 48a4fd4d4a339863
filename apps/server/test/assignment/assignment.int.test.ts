import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { domainEvents, type TDomainEvent } from '../../src/lib/domain-events.js';
import { releaseOfflineAgentsOrders } from '../../src/modules/assignment/assignment.service.js';
import { createTestUser } from '../support/test-db.js';
import { openTestApp } from '../support/test-db.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';

const { app, database } = await openTestApp();

async function channelKey(shop: TShop): Promise<string> {
  const response = await shop.api.post('/dashboard/sales-channels', { name: 'Landing', source_type: 'facebook' });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { intake_key: string }).intake_key;
}

const intake = (key: string, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/orders', headers: { 'x-intake-key': key }, payload: body as object });

async function setPresence(shop: TShop, userId: number, online: boolean, lastChanged = new Date()) {
  await withTenant(database.db, shop.tenant.id, (tx) =>
    tx.execute(sql`insert into presence (tenant_id, user_id, online, last_changed)
      values (${shop.tenant.id}, ${userId}, ${online}, ${lastChanged.toISOString()}::timestamptz)
      on conflict (tenant_id, user_id) do update set online = excluded.online, last_changed = excluded.last_changed`),
  );
}

async function ordersOf(shop: TShop) {
  return withTenant(database.db, shop.tenant.id, (tx) =>
    rows<{ id: number; agent_id: number | null; agent_source: string | null }>(
      tx,
      sql`select id, agent_id, agent_source from orders where tenant_id = ${shop.tenant.id} order by id`,
    ),
  );
}

/** An order of the pen alone (the product only some agents may take), its custom fields answered. */
function createPenOrder(shop: TShop) {
  return createOrder(
    shop.api,
    orderBody(shop, {
      products: [{ product_id: shop.pen.id, quantity: 1 }],
      customer_custom_fields: [{ product_id: shop.pen.id, field_values: { Gravure: 'A', Cadeau: true } }],
    }),
  );
}

async function settings(shop: TShop, body: Record<string, unknown>) {
  const response = await shop.api.put('/dashboard/assignment-settings', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function agents(shop: TShop, count: number) {
  const list = [];
  for (let i = 0; i < count; i++) list.push(await agentOf(app, database, shop, `Agent ${i + 1}`));
  return list;
}

describe('automatic assignment (issue 15.3)', () => {
  it('200 concurrent intake orders, 5 online agents, cap 30: each order assigned once, nobody over the cap, the rest in the pool', async () => {
    const shop = await shopWithCatalogue(app, database);
    const team = await agents(shop, 5);
    const offline = await agentOf(app, database, shop, 'Offline agent');
    for (const agent of team) await setPresence(shop, agent.id, true);
    await setPresence(shop, offline.id, false);
    expect(await settings(shop, { mode: 'least_loaded', max_open_orders: 30, online_only: true })).toMatchObject({
      mode: 'least_loaded',
      max_open_orders: 30,
      online_only: true,
    });
    const key = await channelKey(shop);

    const notified: TDomainEvent[] = [];
    const stop = domainEvents.subscribe((event) => {
      if (event.type === 'Notification' && event.tenantId === shop.tenant.id) notified.push(event);
    });
    const answers = await Promise.all(Array.from({ length: 200 }, () => intake(key, orderBody(shop))));
    stop();
    expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(201));

    const orders = await ordersOf(shop);
    expect(orders).toHaveLength(200);
    const perAgent = new Map<number, number>();
    for (const o of orders) if (o.agent_id !== null) perAgent.set(o.agent_id, (perAgent.get(o.agent_id) ?? 0) + 1);
    expect([...perAgent.keys()].sort()).toEqual(team.map((a) => a.id).sort());
    expect([...perAgent.values()]).toEqual([30, 30, 30, 30, 30]);
    expect(orders.filter((o) => o.agent_id === null)).toHaveLength(50);
    expect(orders.filter((o) => o.agent_id !== null).every((o) => o.agent_source === 'auto')).toBe(true);
    // Told live: order_assigned notifications, 150 orders in all, only to the online agents.
    const told = notified.filter((e) => (e.payload as { kind?: string }).kind === 'order_assigned');
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((e) => (e as { userId: number }).userId))).toEqual(new Set(team.map((a) => a.id)));
    const count = told.reduce((sum, e) => sum + ((e.payload as { params: { count: number } }).params.count ?? 0), 0);
    expect(count).toBe(150);
  }, 240_000);

  it('round-robin alternates over the form and intake paths; a form naming an agent stays manual; off assigns nothing', async () => {
    const shop = await shopWithCatalogue(app, database);
    const [a, b] = await agents(shop, 2);
    await setPresence(shop, a!.id, true);
    await setPresence(shop, b!.id, true);
    const key = await channelKey(shop);
    const first = await createOrder(shop.api, orderBody(shop));
    expect(first.agent_id).toBeNull();

    await settings(shop, { mode: 'round_robin', max_open_orders: null, online_only: true });
    const fromForm = await createOrder(shop.api, orderBody(shop));
    const intakes = [];
    for (let i = 0; i < 3; i++) intakes.push((await intake(key, orderBody(shop))).json() as { id: number });
    const named = await createOrder(shop.api, orderBody(shop, { agent_id: b!.id }));
    expect(named.agent_id).toBe(b!.id);

    const orders = new Map((await ordersOf(shop)).map((o) => [o.id, o]));
    expect(fromForm.agent_id).not.toBeNull();
    expect(orders.get(fromForm.id)!.agent_source).toBe('auto');
    const sequence = [fromForm.id, ...intakes.map((o) => o.id)].map((id) => orders.get(id)!.agent_id);
    // Alternates between the two agents.
    expect(sequence[0]).not.toBe(sequence[1]);
    expect(sequence[1]).not.toBe(sequence[2]);
    expect(sequence[2]).not.toBe(sequence[3]);
    expect(orders.get(named.id)!.agent_source).toBe('manual');
  });

  it('per-product rules: an agent limited to some products only gets orders of those products', async () => {
    const shop = await shopWithCatalogue(app, database);
    const [watcher, any] = await agents(shop, 2);
    await setPresence(shop, watcher!.id, true);
    await setPresence(shop, any!.id, false);
    const granted = await shop.api.put(`/dashboard/user-product-permissions/${watcher!.id}`, {
      restricted: true,
      product_ids: [shop.watch.id],
    });
    expect(granted.statusCode, granted.body).toBeLessThan(300);
    await settings(shop, { mode: 'least_loaded', online_only: true, use_product_permissions: true });
    const watchOrder = await createOrder(shop.api, orderBody(shop));
    const penOrder = await createPenOrder(shop);
    expect(watchOrder.agent_id).toBe(watcher!.id);
    expect(penOrder.agent_id).toBeNull();
    // Offline agents too when the shop says so.
    await settings(shop, { mode: 'least_loaded', online_only: false, use_product_permissions: true });
    const again = await createPenOrder(shop);
    expect(again.agent_id).toBe(any!.id);
  });

  it('an agent offline for M minutes gives back untouched automatic orders on the job clock; manual and touched ones stay', async () => {
    const shop = await shopWithCatalogue(app, database);
    const [leaving, staying] = await agents(shop, 2);
    await setPresence(shop, leaving!.id, true);
    await setPresence(shop, staying!.id, false);
    await settings(shop, { mode: 'round_robin', online_only: true, release_after_minutes: 15 });
    const auto = [];
    for (let i = 0; i < 3; i++) auto.push(await createOrder(shop.api, orderBody(shop)));
    expect(auto.every((o) => o.agent_id === leaving!.id)).toBe(true);
    // The intake path writes its orders with their agent (decided before the insert).
    const fromIntake = (await intake(await channelKey(shop), orderBody(shop))).json() as { id: number };
    expect((await ordersOf(shop)).find((o) => o.id === fromIntake.id)).toMatchObject({
      agent_id: leaving!.id,
      agent_source: 'auto',
    });
    // One is worked on (a status change), one is taken over by hand (same agent, now manual).
    const touched = await shop.api.patch(`/dashboard/orders/${auto[0]!.id}/status`, {
      status: shop.status.pending ?? shop.status.no_answer,
    });
    expect(touched.statusCode, touched.body).toBeLessThan(300);
    const manual = await shop.api.post('/dashboard/orders/assign-agent', {
      agent_id: leaving!.id,
      order_ids: [auto[1]!.id],
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const byHand = await createOrder(shop.api, orderBody(shop, { agent_id: leaving!.id }));

    const wentOffline = new Date(Date.now() + 60_000);
    await setPresence(shop, leaving!.id, false, wentOffline);
    const minutes = (n: number) => new Date(wentOffline.getTime() + n * 60_000);
    const agentOfOrder = async (id: number) => (await ordersOf(shop)).find((o) => o.id === id)!.agent_id;

    await releaseOfflineAgentsOrders(database.db, minutes(14));
    expect(await agentOfOrder(auto[2]!.id)).toBe(leaving!.id);
    await releaseOfflineAgentsOrders(database.db, minutes(16));
    expect(await agentOfOrder(auto[2]!.id)).toBeNull();
    expect(await agentOfOrder(fromIntake.id)).toBeNull();
    expect(await agentOfOrder(auto[0]!.id)).toBe(leaving!.id);
    expect(await agentOfOrder(auto[1]!.id)).toBe(leaving!.id);
    expect(await agentOfOrder(byHand.id)).toBe(leaving!.id);
    // Idempotent: a second run changes nothing.
    const before = await ordersOf(shop);
    await releaseOfflineAgentsOrders(database.db, minutes(30));
    expect(await ordersOf(shop)).toEqual(before);
  });

  it('released orders go straight to an online agent, within the cap; the rest wait in the pool', async () => {
    const shop = await shopWithCatalogue(app, database);
    const [leaving, arriving] = await agents(shop, 2);
    await setPresence(shop, leaving!.id, true);
    await setPresence(shop, arriving!.id, false);
    await settings(shop, { mode: 'round_robin', online_only: true, max_open_orders: 2, release_after_minutes: 15 });
    const given = [];
    for (let i = 0; i < 2; i++) given.push(await createOrder(shop.api, orderBody(shop)));
    // Cap reached: the third arrives in the pool.
    given.push(await createOrder(shop.api, orderBody(shop)));
    expect(given.map((o) => o.agent_id)).toEqual([leaving!.id, leaving!.id, null]);

    const wentOffline = new Date(Date.now() + 60_000);
    await setPresence(shop, leaving!.id, false, wentOffline);
    await setPresence(shop, arriving!.id, true, wentOffline);
    await releaseOfflineAgentsOrders(database.db, new Date(wentOffline.getTime() + 16 * 60_000));

    const after = await ordersOf(shop);
    const orderOf = (id: number) => after.find((o) => o.id === id)!;
    expect(orderOf(given[0]!.id)).toMatchObject({ agent_id: arriving!.id, agent_source: 'auto' });
    expect(orderOf(given[1]!.id)).toMatchObject({ agent_id: arriving!.id, agent_source: 'auto' });
    // Only released orders are handed out again; the pool's own order waits for a person.
    expect(orderOf(given[2]!.id).agent_id).toBeNull();
    // Idempotent: the new agent is online, nothing moves again.
    await releaseOfflineAgentsOrders(database.db, new Date(wentOffline.getTime() + 40 * 60_000));
    expect(await ordersOf(shop)).toEqual(after);
  });

  it('settings: owners only change them, bad input is a 422 per field, agents cannot read them', async () => {
    const shop = await shopWithCatalogue(app, database);
    expect((await shop.api.get('/dashboard/assignment-settings')).json()).toMatchObject({ mode: 'off' });
    const bad = await shop.api.put('/dashboard/assignment-settings', { mode: 'random', max_open_orders: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['max_open_orders', 'mode']);
    const agent = await createTestUser(database, shop.tenant, 'Support Agent');
    expect(agent.id).toBeGreaterThan(0);
    const { api } = await agentOf(app, database, shop);
    expect((await api.put('/dashboard/assignment-settings', { mode: 'off' })).statusCode).toBe(403);
  });
});
