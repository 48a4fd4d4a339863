import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '@cod/shared';
import { registerAccessGuard, type TRouteRecord } from '../../src/http/access-guard.js';
import { registerIntakeRoutes } from '../../src/modules/orders/intake.routes.js';
import { registerOrderRoutes } from '../../src/modules/orders/orders.routes.js';
import { orderListCache } from '../../src/modules/orders/order-list-cache.js';
import { openTestApp, testConfig } from '../support/test-db.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue } from './orders-support.js';
import { expectForeignIdsNotFound, type TForeignIdFixture } from '../support/tenancy.js';

const { app, database } = await openTestApp();

/** The routes this module registers (the shipping and import issues add theirs under the same paths). */
function orderModuleRoutes(): TRouteRecord[] {
  const bare = Fastify();
  const table = registerAccessGuard(bare, { db: database.db, config: testConfig(), log: bare.log });
  registerOrderRoutes(bare, database.db, orderListCache(null));
  registerIntakeRoutes(bare, database.db);
  return table;
}

describe('orders tenant isolation (ARCHITECTURE 3.2, 3.5)', () => {
  it("answers 404 for another tenant's order on every orders route with a path parameter, and changes nothing", async () => {
    await app.ready();
    const a = await shopWithCatalogue(app, database);
    const b = await shopWithCatalogue(app, database);
    const bOrder = await createOrder(b.api, orderBody(b, { customer_full_name: 'B secret' }));
    const bDeleted = await createOrder(b.api, orderBody(b));
    await b.api.delete(`/dashboard/orders/${bDeleted.id}`);
    const later = formatLocalDateTime(new Date(Date.now() + 86_400_000), 'Africa/Algiers');

    // One of B's ids per route, with a body A could legitimately send, so only tenancy can refuse it.
    const fixture: TForeignIdFixture = {
      'GET /dashboard/orders/:id': { id: bOrder.id },
      'GET /dashboard/orders/:id/status-timeline': { id: bOrder.id },
      'PUT /dashboard/orders/:id': { id: bOrder.id, body: orderBody(a, { customer_full_name: 'Taken over' }) },
      'DELETE /dashboard/orders/:id': { id: bOrder.id },
      'POST /dashboard/orders/:id/restore': { id: bDeleted.id },
      'PATCH /dashboard/orders/:id/status': { id: bOrder.id, body: { status: a.status.confirmed } },
      'POST /dashboard/orders/:id/report': { id: bOrder.id, body: { report_date: later } },
    };
    await expectForeignIdsNotFound(app, orderModuleRoutes(), fixture, a.authorization);

    // Ids in bodies: another shop's orders are simply not among the caller's.
    const bulk = await a.api.post('/dashboard/orders/bulk-status-update', {
      status: a.status.confirmed,
      order_ids: [bOrder.id],
    });
    expect(bulk.statusCode).toBe(422);
    const assign = await a.api.post('/dashboard/orders/assign-agent', {
      agent_id: a.tenant.ownerId,
      order_ids: [bOrder.id],
    });
    expect(assign.statusCode).toBe(422);

    const after = (await b.api.get(`/dashboard/orders/${bOrder.id}`)).json();
    expect(after).toMatchObject({
      customer_full_name: 'B secret',
      deleted_at: null,
      latest_status: { status: { type: 'new' } },
    });
    expect((await b.api.get(`/dashboard/orders/${bOrder.id}/status-timeline`)).json().total).toBe(1);
    expect((await a.api.get('/dashboard/orders?tab=all')).json().counts.all).toBe(0);
  });

  it('keeps a Support Agent to its own orders on every by-id route, and to its permissions', async () => {
    const shop = await shopWithCatalogue(app, database);
    const agent = await agentOf(app, database, shop);
    const notMine = await createOrder(shop.api, orderBody(shop));
    const mine = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));
    expect((await agent.api.get(`/dashboard/orders/${notMine.id}`)).statusCode).toBe(404);
    expect((await agent.api.put(`/dashboard/orders/${notMine.id}`, orderBody(shop))).statusCode).toBe(404);
    expect(
      (await agent.api.patch(`/dashboard/orders/${notMine.id}/status`, { status: shop.status.no_answer })).statusCode,
    ).toBe(404);
    expect(
      (await agent.api.patch(`/dashboard/orders/${mine.id}/status`, { status: shop.status.no_answer })).statusCode,
    ).toBe(200);
    const bulk = await agent.api.post('/dashboard/orders/bulk-status-update', {
      status: shop.status.no_answer,
      order_ids: [mine.id, notMine.id],
    });
    expect(bulk.json().errors).toEqual({ order_ids: ['The selected orders are invalid.'] });
    // Support Agents neither delete nor assign (SPEC 6 role; docs/decisions/0007).
    expect((await agent.api.delete(`/dashboard/orders/${mine.id}`)).statusCode).toBe(403);
    expect(
      (await agent.api.post('/dashboard/orders/assign-agent', { agent_id: agent.id, order_ids: [notMine.id] }))
        .statusCode,
    ).toBe(403);
    // An agent cannot hand its order to someone else through the form either.
    const edited = await agent.api.put(
      `/dashboard/orders/${mine.id}`,
      orderBody(shop, { agent_id: shop.tenant.ownerId }),
    );
    expect(edited.json().data.agent_id).toBe(agent.id);
  });
});
