import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { openTestApp } from '../support/test-db.js';

/**
 * Issue 13.6: a variant's purchase cost, set in the product dialog, read by the order's profit;
 * without one, the product's cost price, else the variant's latest purchase (decision 0103).
 */
const { app, database } = await openTestApp();

describe("a variant's purchase cost (issue 13.6)", () => {
  it('is saved with the variant, validated per field, shown with the latest purchase, and counted by the profit', async () => {
    const shop = await shopWithCatalogue(app, database);
    const stamp = Date.now() % 1_000_000;
    const body = (costs: unknown[]) => ({
      name: 'Robe',
      sku: `ROBE-${stamp}`,
      price: 3000,
      has_variants: true,
      variants: costs.map((cost, i) => ({
        name: `T${i}`,
        sku: `ROBE-${stamp}-${i}`,
        price: 3000,
        initial_stock: 5,
        ...(cost === undefined ? {} : { cost_price: cost }),
      })),
    });

    const refused = await shop.api.post('/dashboard/products', body([-1, 12.345]));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['variants.0.cost_price', 'variants.1.cost_price']);

    const created = await shop.api.post('/dashboard/products', body([1400.5, undefined]));
    expect(created.statusCode, created.body).toBe(201);
    const robe = created.json();
    const [withCost, without] = robe.variants as Array<{ id: number; cost_price: number | null }>;
    expect(withCost).toMatchObject({ cost_price: 1400.5, last_unit_cost: null });
    expect(without).toMatchObject({ cost_price: null, last_unit_cost: null });

    // Purchases of both variants: the latest unit cost shows on the variant.
    const provider = (await shop.api.post('/dashboard/providers', { name: 'Atelier' })).json();
    for (const unitCost of [1000, 1100]) {
      const purchase = await shop.api.post('/dashboard/stock/purchases', {
        provider_id: provider.id,
        lines: [
          { product_id: robe.id, variant_id: withCost!.id, quantity: 1, unit_cost: unitCost },
          { product_id: robe.id, variant_id: without!.id, quantity: 1, unit_cost: unitCost },
        ],
      });
      expect(purchase.statusCode, purchase.body).toBe(201);
    }
    const read = (await shop.api.get(`/dashboard/products/${robe.id}`)).json();
    expect(read.variants).toMatchObject([
      { id: withCost!.id, cost_price: 1400.5, last_unit_cost: 1100 },
      { id: without!.id, cost_price: null, last_unit_cost: 1100 },
    ]);

    // Editing keeps, changes or clears it.
    const edited = await shop.api.put(`/dashboard/products/${robe.id}`, {
      ...body([]),
      variants: [
        { id: withCost!.id, name: 'T0', sku: `ROBE-${stamp}-0`, price: 3000, cost_price: 1450 },
        { id: without!.id, name: 'T1', sku: `ROBE-${stamp}-1`, price: 3000, cost_price: null },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [dbCost] = await rows<{ cost: string }>(
      database.db,
      sql`select cost_price::text as cost from product_variants where tenant_id = ${shop.tenant.id} and id = ${withCost!.id}`,
    );
    expect(dbCost?.cost).toBe('1450.00');

    // The profit counts the variant's own cost (1 450), and the latest purchase (1 100) for the other.
    const order = await createOrder(
      shop.api,
      orderBody(shop, {
        products: [
          { product_id: robe.id, variant_id: withCost!.id, quantity: 2 },
          { product_id: robe.id, variant_id: without!.id, quantity: 1 },
        ],
      }),
    );
    const profit = (await shop.api.get(`/dashboard/orders/${order.id}/profit`)).json();
    expect(profit).toMatchObject({ product_cost_centimes: (2 * 1450 + 1100) * 100, cost_missing: false });
  });
});
