import { describe, expect, it } from 'vitest';
import { openTestApp } from '../support/test-db.js';
import { createProduct, ownerOfNewShop } from './catalogue-support.js';

const { app, database } = await openTestApp();

describe('providers (issue 3.3)', () => {
  it('keeps contacts and shows the purchase history with its totals', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const created = await api.post('/dashboard/providers', {
      name: 'Textiles Oran',
      phone: '+213 41 00 00 00',
      email: 'ventes@textiles.dz',
      contacts: [
        { name: 'Mourad', role: 'Commercial', phone: '0661 00 00 00' },
        { name: 'Lydia', email: 'lydia@textiles.dz' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const provider = created.json();
    expect(provider).toMatchObject({
      name: 'Textiles Oran',
      contacts: [
        { name: 'Mourad', role: 'Commercial', phone: '0661 00 00 00', email: null },
        { name: 'Lydia', role: null, email: 'lydia@textiles.dz' },
      ],
      purchases_count: 0,
      purchases_total: 0,
    });
    const invalid = await api.post('/dashboard/providers', { name: '', email: 'nope', contacts: [{ name: '' }] });
    expect(invalid.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      'contacts.0.name': ['The name field is required.'],
    });

    const shirt = await createProduct(api, { name: 'Chemise' });
    const dress = await createProduct(api, {
      name: 'Robe',
      has_variants: true,
      variants: [{ name: 'M', sku: `ROBE-M-${provider.id}`, price: 5000 }],
    });
    await api.post('/dashboard/stock/purchases', {
      provider_id: provider.id,
      lines: [
        { product_id: shirt.id, quantity: 10, unit_cost: 1200 },
        { product_id: dress.id, variant_id: dress.variants[0]!.id, quantity: 4, unit_cost: 2500.25 },
      ],
    });
    const purchases = (await api.get(`/dashboard/providers/${provider.id}/purchases`)).json();
    expect(purchases.total).toBe(2);
    expect(purchases.totals).toEqual({ quantity: 14, total_cost: 22001 });
    expect(purchases.data).toMatchObject([
      { product_name: 'Robe', variant_name: 'M', quantity: 4, unit_cost: 2500.25 },
      { product_name: 'Chemise', variant_name: null, quantity: 10, unit_cost: 1200 },
    ]);
    const listed = (await api.get('/dashboard/providers?search=oran')).json();
    expect(listed).toMatchObject({ total: 1, data: [{ id: provider.id, purchases_count: 2, purchases_total: 22001 }] });

    const edited = await api.put(`/dashboard/providers/${provider.id}`, {
      name: 'Textiles Oran SARL',
      contacts: [{ name: 'Lydia' }],
    });
    expect(edited.json()).toMatchObject({ name: 'Textiles Oran SARL', contacts: [{ name: 'Lydia' }] });
  });

  it('deletes a provider without purchases and archives one with purchases', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const unused = (await api.post('/dashboard/providers', { name: 'Unused' })).json();
    expect((await api.delete(`/dashboard/providers/${unused.id}`)).json()).toEqual({ result: 'deleted' });
    const used = (await api.post('/dashboard/providers', { name: 'Used' })).json();
    const product = await createProduct(api);
    await api.post('/dashboard/stock/purchases', {
      provider_id: used.id,
      lines: [{ product_id: product.id, quantity: 1, unit_cost: 10 }],
    });
    expect((await api.delete(`/dashboard/providers/${used.id}`)).json()).toEqual({ result: 'archived' });
    expect((await api.get('/dashboard/providers')).json().total).toBe(0);
    expect((await api.get('/dashboard/providers?archived=true')).json().data).toMatchObject([{ id: used.id }]);
    // An archived provider takes no new purchases until restored.
    const refused = await api.post('/dashboard/stock/purchases', {
      provider_id: used.id,
      lines: [{ product_id: product.id, quantity: 1, unit_cost: 10 }],
    });
    expect(refused.json().errors).toEqual({ provider_id: ['The selected provider is invalid.'] });
    expect((await api.post(`/dashboard/providers/${used.id}/restore`)).json().archived_at).toBeNull();
  });
});
