import { describe, expect, it } from 'vitest';
import { createTestUser, openTestApp } from '../support/test-db.js';
import { expectForeignIdsNotFound, type TForeignIdFixture } from '../support/tenancy.js';
import { createProduct, isCatalogueRoute, ownerOfNewShop } from './catalogue-support.js';

const { app, routes, database } = await openTestApp();

describe('catalogue tenant isolation (ARCHITECTURE 3.2, 3.5)', () => {
  it("answers 404 for another tenant's ids on every catalogue route with a path parameter, and changes nothing", async () => {
    await app.ready();
    const a = await ownerOfNewShop(app, database);
    const b = await ownerOfNewShop(app, database);
    const bProduct = await createProduct(b.api, {
      name: 'B secret',
      has_variants: true,
      variants: [{ name: 'V', sku: `B-V-${b.tenant.id}`, price: 1, initial_stock: 3 }],
    });
    const bProvider = (await b.api.post('/dashboard/providers', { name: 'B provider' })).json();
    const bChannel = (
      await b.api.post('/dashboard/sales-channels', { name: 'B channel', source_type: 'tiktok' })
    ).json();
    const bAgent = await createTestUser(database, b.tenant, 'Support Agent');
    await b.api.post('/dashboard/customers', { phone: '0555443322', name: 'B customer' });
    // A knows nothing of B's customer; the same phone in A's path must not reach B's row.
    const bPhone = '0555443322';

    const productBody = { name: 'Taken over', sku: 'HIJACK', price: 1 };
    // One of B's ids per route, with a body that would be valid, so only tenancy can refuse it.
    const fixture: TForeignIdFixture = {
      'GET /dashboard/products/:id': { id: bProduct.id },
      'PUT /dashboard/products/:id': { id: bProduct.id, body: productBody },
      'DELETE /dashboard/products/:id': { id: bProduct.id },
      'POST /dashboard/products/:id/restore': { id: bProduct.id },
      'POST /dashboard/products/:id/image': { id: bProduct.id },
      'DELETE /dashboard/products/:id/image': { id: bProduct.id },
      'GET /dashboard/user-product-permissions/:id': { id: bAgent.id },
      'PUT /dashboard/user-product-permissions/:id': { id: bAgent.id, body: { restricted: true, product_ids: [] } },
      'GET /dashboard/providers/:id': { id: bProvider.id },
      'GET /dashboard/providers/:id/purchases': { id: bProvider.id },
      'PUT /dashboard/providers/:id': { id: bProvider.id, body: { name: 'Taken over' } },
      'DELETE /dashboard/providers/:id': { id: bProvider.id },
      'POST /dashboard/providers/:id/restore': { id: bProvider.id },
      'GET /dashboard/customers/:phone': { id: bPhone },
      'PUT /dashboard/customers/:phone': { id: bPhone, body: { name: 'Taken over' } },
      'GET /dashboard/customers/:phone/history': { id: bPhone },
      'GET /dashboard/customers/:phone/custom-fields': { id: bPhone },
      'POST /dashboard/customers/:phone/block': { id: bPhone, body: { reason: 'Taken over' } },
      'POST /dashboard/customers/:phone/unblock': { id: bPhone, body: {} },
      'GET /dashboard/sales-channels/:id': { id: bChannel.id },
      'PUT /dashboard/sales-channels/:id': { id: bChannel.id, body: { name: 'Taken over', source_type: 'other' } },
      'POST /dashboard/sales-channels/:id/rotate-key': { id: bChannel.id },
      'POST /dashboard/sales-channels/:id/revoke-key': { id: bChannel.id },
      'DELETE /dashboard/sales-channels/:id': { id: bChannel.id },
    };
    const catalogueRoutes = routes.filter((r) => isCatalogueRoute(r.url));
    await expectForeignIdsNotFound(app, catalogueRoutes, fixture, a.authorization);

    const after = (await b.api.get(`/dashboard/products/${bProduct.id}`)).json();
    expect(after).toMatchObject({ name: 'B secret', archived_at: null, on_hand: 3 });
    expect((await b.api.get(`/dashboard/providers/${bProvider.id}`)).json()).toMatchObject({
      name: 'B provider',
      archived_at: null,
    });
    expect((await b.api.get(`/dashboard/sales-channels/${bChannel.id}`)).json()).toMatchObject({
      name: 'B channel',
      intake_key_prefix: bChannel.intake_key_prefix,
    });
    expect((await b.api.get(`/dashboard/customers/${bPhone}`)).json()).toMatchObject({
      name: 'B customer',
      is_blocked: false,
    });
    expect((await b.api.get(`/dashboard/user-product-permissions/${bAgent.id}`)).json().restricted).toBe(false);
  });

  it("never lists another tenant's rows, and refuses B's ids inside A's request bodies", async () => {
    const a = await ownerOfNewShop(app, database);
    const b = await ownerOfNewShop(app, database);
    const bProduct = await createProduct(b.api, { name: 'B only', initial_stock: 2 });
    const bProvider = (await b.api.post('/dashboard/providers', { name: 'B only provider' })).json();
    await b.api.post('/dashboard/customers', { phone: '0661443322', name: 'B only customer' });
    await b.api.post('/dashboard/sales-channels', { name: 'B only channel', source_type: 'meta' });
    for (const url of [
      '/dashboard/products?search=B%20only',
      '/dashboard/products?archived=true',
      '/dashboard/stock?search=B%20only',
      `/dashboard/stock/movements?product_id=${bProduct.id}`,
      '/dashboard/providers?search=B%20only',
      '/dashboard/customers?search=0661443322',
      '/dashboard/sales-channels?search=B%20only',
      '/dashboard/products/options?search=B%20only',
    ]) {
      expect((await a.api.get(url)).json(), url).toEqual({ data: [], total: 0 });
    }
    const users = (await a.api.get('/dashboard/user-product-permissions')).json();
    expect(users.data.map((u: { user_id: number }) => u.user_id)).toEqual([a.tenant.ownerId]);
    const adjust = await a.api.post('/dashboard/stock/adjustments', {
      product_id: bProduct.id,
      quantity: -2,
      reason: 'x',
    });
    expect(adjust.json().errors).toEqual({ product_id: ['The selected product is invalid.'] });
    const aProduct = await createProduct(a.api);
    const buy = await a.api.post('/dashboard/stock/purchases', {
      provider_id: bProvider.id,
      lines: [{ product_id: aProduct.id, quantity: 1, unit_cost: 1 }],
    });
    expect(buy.json().errors).toEqual({ provider_id: ['The selected provider is invalid.'] });
    expect((await b.api.get(`/dashboard/products/${bProduct.id}`)).json().on_hand).toBe(2);
  });
});
