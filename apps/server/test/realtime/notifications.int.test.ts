import { beforeAll, describe, expect, it } from 'vitest';
import { withTenantEvents } from '../../src/lib/domain-events.js';
import { assignAgent } from '../../src/modules/orders/assign-agent.js';
import { adjustStock } from '../../src/modules/stock/stock-entries.service.js';
import { createOrder, orderBody, shopWithCatalogue, clientOf, type TShop } from '../orders/orders-support.js';
import { createTestUser, loginAs, unique } from '../support/test-db.js';
import { openListeningApp } from '../support/listening-app.js';
import { connect, record } from './support/sockets.js';

// Issue 7's notification events, from the real routes to real sockets (in-memory adapter); runs on
// PGlite and on PostgreSQL. Every test makes its own shop.
const { app, database, baseUrl, sockets } = await openListeningApp();

interface TNotification {
  kind?: string;
  message?: string;
  params?: Record<string, unknown>;
  marker?: string;
  order_ids?: number[];
}

/** A signed-in user's socket and everything it receives. */
async function listen(email: string) {
  const { token } = await loginAs(app, email);
  const socket = await connect(baseUrl, token);
  sockets.push(socket);
  const log = record(socket);
  return {
    socket,
    notifications: () => log.events.filter((e) => e.event === 'Notification').map((e) => e.payload as TNotification),
  };
}
type TListener = Awaited<ReturnType<typeof listen>>;

/**
 * Sends a marker Notification to each listener's user after the action under test, and waits for
 * it: events of one process reach a socket in order, so whatever the action sent arrived before it.
 */
async function settle(shop: TShop, users: Array<{ id: number; listener: TListener }>) {
  const marker = `settled-${Math.random()}`;
  await withTenantEvents(database.db, shop.tenant.id, async (_tx, events) => {
    for (const { id } of users) {
      events.emit({ type: 'Notification', tenantId: shop.tenant.id, userId: id, payload: { marker } });
    }
  });
  await Promise.all(
    users.map(
      ({ listener }) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the marker notification did not arrive')), 5000);
          const check = () => {
            if (listener.notifications().some((n) => n.marker === marker)) {
              clearTimeout(timer);
              resolve();
            } else setTimeout(check, 10);
          };
          check();
        }),
    ),
  );
}
const real = (listener: TListener) => listener.notifications().filter((n) => !n.marker);

async function userOf(shop: TShop, role: 'Support Agent' | 'Manager' | 'Stock Keeper', name?: string) {
  const user = await createTestUser(database, shop.tenant, role, { name });
  const { authorization } = await loginAs(app, user.email);
  return { id: user.id, email: user.email, api: clientOf(app, authorization), listener: await listen(user.email) };
}

describe('order_assigned', () => {
  let shop: TShop;
  beforeAll(async () => {
    shop = await shopWithCatalogue(app, database);
  });

  it('tells the agent once per action, only about orders whose agent changed; nobody else hears it', async () => {
    const agent = await userOf(shop, 'Support Agent', 'Amina');
    const other = await userOf(shop, 'Support Agent', 'Yacine');
    const owner = { id: shop.tenant.ownerId, listener: await listen(shop.tenant.ownerEmail) };
    const [first, second, third] = [
      await createOrder(shop.api, orderBody(shop)),
      await createOrder(shop.api, orderBody(shop)),
      await createOrder(shop.api, orderBody(shop)),
    ];

    const one = await shop.api.post('/dashboard/orders/assign-agent', { agent_id: agent.id, order_ids: [first!.id] });
    expect(one.statusCode, one.body).toBe(200);
    await settle(shop, [agent, other, owner]);
    expect(real(agent.listener)).toEqual([
      {
        kind: 'order_assigned',
        params: { count: 1, number: first!.order_number, order_id: first!.id },
        message: `Order ${first!.order_number} was assigned to you`,
      },
    ]);
    expect(real(other.listener)).toEqual([]);
    expect(real(owner.listener)).toEqual([]);

    // Three selected, one of them already the agent's: one notification, for the two that moved.
    const bulk = await shop.api.post('/dashboard/orders/assign-agent', {
      agent_id: agent.id,
      order_ids: [first!.id, second!.id, third!.id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await settle(shop, [agent, other, owner]);
    expect(real(agent.listener)).toHaveLength(2);
    expect(real(agent.listener)[1]).toEqual({
      kind: 'order_assigned',
      params: { count: 2 },
      message: '2 orders were assigned to you',
      order_ids: [second!.id, third!.id],
    });

    // The same selection again changes no agent: nothing.
    await shop.api.post('/dashboard/orders/assign-agent', { agent_id: agent.id, order_ids: [first!.id, second!.id] });
    // Moving an order to the other agent tells the other agent only.
    await shop.api.post('/dashboard/orders/assign-agent', { agent_id: other.id, order_ids: [third!.id] });
    await settle(shop, [agent, other, owner]);
    expect(real(agent.listener)).toHaveLength(2);
    expect(real(other.listener).map((n) => n.params)).toEqual([
      { count: 1, number: third!.order_number, order_id: third!.id },
    ]);
    expect(real(owner.listener)).toEqual([]);
  });

  it('the order form: an agent chosen at creation or on an edit by someone else is told', async () => {
    const agent = await userOf(shop, 'Support Agent');
    const other = await userOf(shop, 'Support Agent');
    const created = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));
    await settle(shop, [agent, other]);
    expect(real(agent.listener).map((n) => n.params)).toEqual([
      { count: 1, number: created.order_number, order_id: created.id },
    ]);

    // An edit that keeps the agent says nothing; one that hands the order over tells the new agent.
    const form = { ...orderBody(shop), customer_phone_1: created.customer_phone_1 };
    expect((await shop.api.put(`/dashboard/orders/${created.id}`, { ...form, agent_id: agent.id })).statusCode).toBe(
      200,
    );
    expect((await shop.api.put(`/dashboard/orders/${created.id}`, { ...form, agent_id: other.id })).statusCode).toBe(
      200,
    );
    await settle(shop, [agent, other]);
    expect(real(agent.listener)).toHaveLength(1);
    expect(real(other.listener).map((n) => n.params)).toEqual([
      { count: 1, number: created.order_number, order_id: created.id },
    ]);

    // An agent's own order (a Support Agent creates for itself): nothing.
    await createOrder(agent.api, orderBody(shop));
    await settle(shop, [agent]);
    expect(real(agent.listener)).toHaveLength(1);
  });

  it('sends nothing for a self-assignment', async () => {
    const manager = await userOf(shop, 'Manager');
    const order = await createOrder(shop.api, orderBody(shop));
    const response = await manager.api.post('/dashboard/orders/assign-agent', {
      agent_id: manager.id,
      order_ids: [order.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    await settle(shop, [manager]);
    expect(real(manager.listener)).toEqual([]);
  });

  it('sends nothing when the assignment is refused or its transaction rolls back', async () => {
    const agent = await userOf(shop, 'Support Agent');
    const order = await createOrder(shop.api, orderBody(shop));
    const refused = await shop.api.post('/dashboard/orders/assign-agent', {
      agent_id: agent.id,
      order_ids: [order.id, 99_999_999],
    });
    expect(refused.statusCode).toBe(422);

    const scope = {
      tenantId: shop.tenant.id,
      userId: shop.tenant.ownerId,
      ip: null,
      timeZone: 'Africa/Algiers',
      seesAll: true,
      productIds: 'all' as const,
    };
    await expect(
      withTenantEvents(database.db, shop.tenant.id, async (tx, events) => {
        await assignAgent(tx, events, scope, { agent_id: agent.id, order_ids: [order.id] });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    await settle(shop, [agent]);
    expect(real(agent.listener)).toEqual([]);
    expect((await shop.api.get(`/dashboard/orders/${order.id}`)).json().agent_id).toBeNull();
  });
});

describe('low_stock', () => {
  /** Creates a product (body `body`) with a low-stock threshold of 5. */
  async function productWatchedAt5(shop: TShop, body: Record<string, unknown>) {
    const created = await shop.api.post('/dashboard/products', { ...body, low_stock_threshold: 5 });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number; name: string; variants: Array<{ id: number }> };
  }

  /** A shop, a product with a threshold of 5 and `stock` units, and who listens. */
  async function setup(stock: number) {
    const shop = await shopWithCatalogue(app, database);
    const product = await productWatchedAt5(shop, {
      name: 'Argan oil',
      sku: unique('ARG'),
      price: 1800,
      initial_stock: stock,
    });
    const owner = { id: shop.tenant.ownerId, listener: await listen(shop.tenant.ownerEmail) };
    const keeper = await userOf(shop, 'Stock Keeper');
    const agent = await userOf(shop, 'Support Agent');
    return { shop, product, owner, keeper, agent, everyone: [owner, keeper, agent] };
  }
  const adjust = (shop: TShop, productId: number, quantity: number) =>
    shop.api.post('/dashboard/stock/adjustments', { product_id: productId, quantity, reason: 'Inventory count' });
  const alert = (name: string, productId: number, current: number) => ({
    kind: 'low_stock',
    params: { name, current, threshold: 5, product_id: productId },
    message: `Product "${name}" is low on stock (${current} / 5)`,
  });

  it('an adjustment that crosses the threshold alerts the users who see products or stock, once', async () => {
    const { shop, product, owner, keeper, agent, everyone } = await setup(8);
    expect((await adjust(shop, product.id, -2)).statusCode).toBe(201); // 6: still above
    await settle(shop, everyone);
    expect(everyone.flatMap((u) => real(u.listener))).toEqual([]);

    expect((await adjust(shop, product.id, -1)).statusCode).toBe(201); // 5: at the threshold
    await settle(shop, everyone);
    expect(real(owner.listener)).toEqual([alert(product.name, product.id, 5)]);
    expect(real(keeper.listener)).toEqual([alert(product.name, product.id, 5)]);
    expect(real(agent.listener)).toEqual([]); // a Support Agent has no products or stock screen

    // Already low: a further movement down says nothing again.
    expect((await adjust(shop, product.id, -2)).statusCode).toBe(201);
    await settle(shop, everyone);
    expect(real(owner.listener)).toHaveLength(1);
    expect(real(keeper.listener)).toHaveLength(1);

    // Back above with a purchase, then down again: a new crossing, a new alert.
    const provider = (await shop.api.post('/dashboard/providers', { name: 'Supplier', contacts: [] })).json();
    const purchase = await shop.api.post('/dashboard/stock/purchases', {
      provider_id: provider.id,
      lines: [{ product_id: product.id, quantity: 10, unit_cost: 900 }],
    });
    expect(purchase.statusCode, purchase.body).toBe(201); // 13
    expect((await adjust(shop, product.id, -9)).statusCode).toBe(201); // 4
    await settle(shop, everyone);
    expect(real(owner.listener)).toEqual([alert(product.name, product.id, 5), alert(product.name, product.id, 4)]);
  });

  it('a confirmation that reserves the product under its threshold alerts once, the next one does not', async () => {
    const { shop, product, owner, agent, everyone } = await setup(9);
    const body = (quantity: number) => orderBody(shop, { products: [{ product_id: product.id, quantity }] });
    const first = await createOrder(shop.api, body(3));
    const second = await createOrder(shop.api, body(1));
    const confirm = (orderId: number) =>
      shop.api.patch(`/dashboard/orders/${orderId}/status`, { status: shop.status.confirmed });

    expect((await confirm(first.id)).statusCode).toBe(200); // available 9 -> 6
    await settle(shop, everyone);
    expect(real(owner.listener)).toEqual([]);
    expect((await confirm(second.id)).statusCode).toBe(200); // 6 -> 5
    await settle(shop, everyone);
    expect(real(owner.listener)).toEqual([alert(product.name, product.id, 5)]);

    const third = await createOrder(shop.api, body(2));
    expect((await confirm(third.id)).statusCode).toBe(200); // 5 -> 3, already low
    await settle(shop, everyone);
    expect(real(owner.listener)).toHaveLength(1);
    expect(real(agent.listener)).toEqual([]);
  });

  it('a product with variants alerts on the sum of its variants', async () => {
    const { shop, owner } = await setup(0);
    const robe = await productWatchedAt5(shop, {
      name: 'Robe kabyle',
      sku: unique('ROBE'),
      price: 6500,
      has_variants: true,
      variants: ['S', 'M'].map((size) => ({ name: size, sku: unique(`ROBE-${size}`), price: 6500, initial_stock: 4 })),
    });
    const move = (variant: number, quantity: number) =>
      shop.api.post('/dashboard/stock/adjustments', {
        product_id: robe.id,
        variant_id: robe.variants[variant]!.id,
        quantity,
        reason: 'Inventory count',
      });
    expect((await move(0, -2)).statusCode).toBe(201); // 2 + 4 = 6: above, though S alone is low
    await settle(shop, [owner]);
    expect(real(owner.listener)).toEqual([]);
    expect((await move(1, -1)).statusCode).toBe(201); // 2 + 3 = 5
    await settle(shop, [owner]);
    expect(real(owner.listener)).toEqual([alert(robe.name, robe.id, 5)]);
  });

  it('a user limited to other products is not told', async () => {
    const { shop, product, owner, keeper } = await setup(8);
    const limited = await shop.api.put(`/dashboard/user-product-permissions/${keeper.id}`, {
      restricted: true,
      product_ids: [shop.watch.id],
    });
    expect(limited.statusCode, limited.body).toBe(200);
    expect((await adjust(shop, product.id, -4)).statusCode).toBe(201);
    await settle(shop, [owner, keeper]);
    expect(real(owner.listener)).toHaveLength(1);
    expect(real(keeper.listener)).toEqual([]);
  });

  it('judges the transaction as a whole: savepoints, a dip that comes back, a rollback', async () => {
    const { shop, product, owner } = await setup(8);
    const actor = { tenantId: shop.tenant.id, userId: shop.tenant.ownerId, ip: null };
    const movement = (quantity: number) => ({ product_id: product.id, variant_id: null, quantity, reason: 'Count' });

    // Down to 4 and back to 8 in one transaction: the shop never saw it low.
    await withTenantEvents(database.db, shop.tenant.id, async (tx) => {
      await adjustStock(tx, actor, movement(-4));
      await adjustStock(tx, actor, movement(4));
    });
    // A crossing that rolls back with its transaction.
    await expect(
      withTenantEvents(database.db, shop.tenant.id, async (tx) => {
        await adjustStock(tx, actor, movement(-4));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A crossing inside a savepoint that rolls back, while the transaction commits.
    await withTenantEvents(database.db, shop.tenant.id, async (tx) => {
      await tx
        .transaction(async (sp) => {
          await adjustStock(sp, actor, movement(-4));
          throw new Error('savepoint rolled back');
        })
        .catch(() => undefined);
    });
    await settle(shop, [owner]);
    expect(real(owner.listener)).toEqual([]);

    // A crossing inside a savepoint that commits: found through the savepoint.
    await withTenantEvents(database.db, shop.tenant.id, async (tx) => {
      await tx.transaction((sp) => adjustStock(sp, actor, movement(-4)));
    });
    await settle(shop, [owner]);
    expect(real(owner.listener)).toEqual([alert(product.name, product.id, 4)]);
  });
});
