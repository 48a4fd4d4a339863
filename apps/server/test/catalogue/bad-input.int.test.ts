import { describe, expect, it } from 'vitest';
import { openTestApp } from '../support/test-db.js';
import { createProduct, ownerOfNewShop } from './catalogue-support.js';

const { app, database } = await openTestApp();

describe('bad input never answers 500 (ARCHITECTURE 3.5)', () => {
  it('refuses out-of-range ids, NUL characters and wrong shapes with 4xx', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const product = await createProduct(api);
    const huge = '99999999999';
    const gets = [
      `/dashboard/products/${huge}`,
      '/dashboard/products/abc',
      `/dashboard/stock/movements?product_id=${huge}`,
      '/dashboard/products?search=%00',
      '/dashboard/customers?search=a%00b',
      '/dashboard/products?page=0',
      '/dashboard/customers/%2B%2B%2B',
      `/dashboard/providers/${huge}/purchases`,
      `/dashboard/sales-channels/${huge}`,
      `/dashboard/user-product-permissions/${huge}`,
      `/uploads/${tenant.id}/nothing.webp`,
      `/uploads/${huge}/${'a'.repeat(22)}.webp`,
    ];
    for (const url of gets) {
      const response = await api.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const posts: Array<[string, unknown]> = [
      ['/dashboard/products', { name: 'a\u0000b', sku: 'NUL-1', price: 1 }],
      ['/dashboard/products', [1, 2, 3]],
      ['/dashboard/products', { name: 'x', sku: 'X-1', price: 1, custom_fields: 'no' }],
      ['/dashboard/products', { name: 'x', sku: 'X-2', price: 1e20 }],
      ['/dashboard/customers', { phone: '0555123456', note: '\u0000' }],
      ['/dashboard/customers', { phone: 555123456 }],
      ['/dashboard/providers', { name: 'p', contacts: [{ name: '\u0000' }] }],
      ['/dashboard/sales-channels', { name: 'n', source_type: null }],
      ['/dashboard/stock/adjustments', { product_id: Number(huge), quantity: 1, reason: 'r' }],
      ['/dashboard/stock/adjustments', { product_id: product.id, quantity: 1e9, reason: 'r' }],
      ['/dashboard/stock/purchases', { provider_id: 1, lines: 'x' }],
      [`/dashboard/products/${huge}/restore`, {}],
    ];
    for (const [url, body] of posts) {
      const response = await api.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const put = await api.put(`/dashboard/products/${product.id}`, {
      name: 'x',
      sku: 'X-3',
      price: 1,
      has_variants: true,
      variants: [{ id: Number(huge), name: 'v', sku: 'X-3-V', price: 1 }],
    });
    expect(put.json().errors).toEqual({ 'variants.0.id': ['The selected variant is invalid.'] });
    const perms = await api.put(`/dashboard/user-product-permissions/${tenant.ownerId}`, {
      restricted: true,
      product_ids: [Number(huge)],
    });
    expect(perms.json().errors).toEqual({ 'product_ids.0': ['The selected product is invalid.'] });
  });
});
