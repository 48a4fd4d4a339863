import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { createTestUser, loginAs } from '../support/test-db.js';
import { clientOf } from '../orders/orders-support.js';
import { isShippingRoute, openShippingWorld, readyOrders, shopWithCompany } from './shipping-support.js';

const world = await openShippingWorld();

describe('shipping tenancy', () => {
  it("answers 404 for another shop's company or order on every shipping route with an id, and changes nothing", async () => {
    const owner = await shopWithCompany(world);
    const [order] = await readyOrders(owner, 1);
    const intruder = await shopWithCompany(world);
    const withId = world.routes.filter((r) => isShippingRoute(r.url) && r.url.includes(':id'));
    expect(withId.length).toBeGreaterThan(8);
    const before = await rows(
      world.database.db,
      sql`select name, credentials_encrypted from shipping_companies where id = ${owner.companyId}`,
    );
    for (const route of withId) {
      const id = route.url.startsWith('/orders/') ? order!.id : owner.companyId;
      const url = route.url.replace(':id', String(id));
      const response = await world.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: intruder.authorization },
        ...(route.method === 'GET' ? {} : { payload: { kind: 'manual', code: 'taken', name: 'Taken over', fees: [] } }),
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(404);
    }
    expect(
      await rows(
        world.database.db,
        sql`select name, credentials_encrypted from shipping_companies where id = ${owner.companyId}`,
      ),
    ).toEqual(before);
  });

  it('keeps the companies screen to its permissions (a Support Agent may not see credentials or edit)', async () => {
    const shop = await shopWithCompany(world);
    const agent = await createTestUser(world.database, shop.tenant, 'Support Agent');
    const api = clientOf(world.app, (await loginAs(world.app, agent.email)).authorization);
    expect((await api.get('/dashboard/shipping-companies')).statusCode).toBe(403);
    expect((await api.get(`/dashboard/shipping-companies/${shop.companyId}`)).statusCode).toBe(403);
    expect(
      (await api.post('/dashboard/shipping-companies', { kind: 'manual', code: 'x1', name: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await api.post('/dashboard/orders/dispatch', { shipping_company_id: shop.companyId, order_ids: [1] }))
        .statusCode,
    ).toBe(403);
    // The order dialog's look-ups stay open to anyone who works on orders.
    const options = await api.get('/dashboard/shipping-companies/options');
    expect(options.statusCode).toBe(200);
    expect(options.json().data[0]).toEqual({
      id: shop.companyId,
      name: 'yalidine',
      code: 'yalidine',
      icon: null,
      kind: 'yalidine',
    });
  });
});
