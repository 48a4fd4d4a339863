import { describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/tenant-context.js';
import { allowedProductIds } from '../../src/modules/product-permissions/product-permissions.repository.js';
import { createTestUser, loginAs, openTestApp } from '../support/test-db.js';
import { clientOf, createProduct, ownerOfNewShop } from './catalogue-support.js';

const { app, database } = await openTestApp();

describe('per-user product permissions (issue 3.2)', () => {
  it('limits an agent to some products; the product picker and allowedProductIds respect it', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const agent = await createTestUser(database, tenant, 'Support Agent', { name: 'Agent Amel' });
    const a = await createProduct(api, { name: 'A product', cost_price: 100 });
    const b = await createProduct(api, { name: 'B product' });
    await createProduct(api, { name: 'C inactive', active: false });
    const allowed = () => withTenant(database.db, tenant.id, (tx) => allowedProductIds(tx, tenant.id, agent.id));
    const asAgent = clientOf(app, (await loginAs(app, agent.email)).authorization);
    const picker = async () =>
      ((await asAgent.get('/dashboard/products/options')).json().data as Array<{ name: string }>).map((p) => p.name);

    expect(await allowed()).toBe('all');
    expect(await picker()).toEqual(['A product', 'B product']);
    expect((await asAgent.get('/dashboard/products/options')).json().data[0]).not.toHaveProperty('cost_price');

    const limited = await api.put(`/dashboard/user-product-permissions/${agent.id}`, {
      restricted: true,
      product_ids: [b.id],
    });
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toMatchObject({
      user_id: agent.id,
      name: 'Agent Amel',
      role: 'Support Agent',
      restricted: true,
      product_ids: [b.id],
    });
    expect(await allowed()).toEqual([b.id]);
    expect(await picker()).toEqual(['B product']);

    await api.put(`/dashboard/user-product-permissions/${agent.id}`, { restricted: true, product_ids: [] });
    expect(await allowed()).toEqual([]);
    expect(await picker()).toEqual([]);

    await api.put(`/dashboard/user-product-permissions/${agent.id}`, { restricted: false, product_ids: [a.id] });
    expect(await allowed()).toBe('all');

    const list = (await api.get('/dashboard/user-product-permissions?search=amel')).json();
    expect(list).toMatchObject({ total: 1, data: [{ user_id: agent.id, restricted: false, product_ids: [] }] });
  });

  it('refuses unknown products per index and needs manage users to change', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const other = await ownerOfNewShop(app, database);
    const foreign = await createProduct(other.api);
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const mine = await createProduct(api);
    const bad = await api.put(`/dashboard/user-product-permissions/${agent.id}`, {
      restricted: true,
      product_ids: [mine.id, foreign.id, -1],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'product_ids.2': ['The selected product is invalid.'] });
    const foreignOnly = await api.put(`/dashboard/user-product-permissions/${agent.id}`, {
      restricted: true,
      product_ids: [mine.id, foreign.id],
    });
    expect(foreignOnly.json().errors).toEqual({ 'product_ids.1': ['The selected product is invalid.'] });
    const asAgent = clientOf(app, (await loginAs(app, agent.email)).authorization);
    expect(
      (await asAgent.put(`/dashboard/user-product-permissions/${agent.id}`, { restricted: false })).statusCode,
    ).toBe(403);
  });
});
