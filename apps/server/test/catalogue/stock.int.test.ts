import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { applyStockMovement, type TStockMovementRequest } from '../../src/modules/stock/stock.service.js';
import { openTestApp } from '../support/test-db.js';
import { createProduct, ownerOfNewShop } from './catalogue-support.js';

const { app, database } = await openTestApp();

/**
 * On PostgreSQL the races run on their own pool, wide enough that 20 transactions really overlap
 * on the row lock; PGlite has one connection and serialises them, which must give the same result.
 */
let wide: Promise<Database> | undefined;
function raceDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return Promise.resolve(database);
  wide ??= openDatabase({ databaseUrl: url, poolSize: 20 }).then((opened) => {
    afterAll(() => opened.close());
    return opened;
  });
  return wide;
}

function move(db: Database, request: TStockMovementRequest) {
  return withTenant(db.db, request.tenantId, (tx) => applyStockMovement(tx, request));
}

type TBalance = { on_hand: number; reserved: number; moved_on_hand: number; moved_reserved: number };

/** A stock row's balance beside the sums of its movements (`key`: the movements' column naming the row). */
function balanceColumns(alias: 'p' | 'v', key: 'product_id' | 'variant_id') {
  const moved = (delta: string) =>
    `(select coalesce(sum(${delta}), 0)::int from stock_movements m where m.tenant_id = ${alias}.tenant_id and m.${key} = ${alias}.id)`;
  return sql.raw(
    `${alias}.on_hand, ${alias}.reserved, ${moved('on_hand_delta')} as moved_on_hand, ${moved('reserved_delta')} as moved_reserved`,
  );
}

async function balances(tenantId: number, productId: number) {
  return withTenant(database.db, tenantId, async (tx) => {
    const [product] = await rows<TBalance>(
      tx,
      sql`select ${balanceColumns('p', 'product_id')} from products p where p.id = ${productId}`,
    );
    const variants = await rows<TBalance & { id: number }>(
      tx,
      sql`select v.id, ${balanceColumns('v', 'variant_id')}
          from product_variants v where v.product_id = ${productId} order by v.id`,
    );
    return { product: product!, variants };
  });
}

type TMovementOfRace = Omit<TStockMovementRequest, 'tenantId' | 'userId' | 'productId'>;

/** `count` movements of the product at once, each in its own transaction; `each` gives one's kind and size. */
async function raceMovements(
  tenant: { id: number; ownerId: number },
  productId: number,
  count: number,
  each: () => TMovementOfRace,
) {
  const racers = await raceDatabase();
  return Promise.allSettled(
    Array.from({ length: count }, () =>
      move(racers, { tenantId: tenant.id, userId: tenant.ownerId, productId, ...each() }),
    ),
  );
}

// The race is on the balance; which order asks does not matter (orders FK: real ids only).
const reserveOne = (variantId?: number): TMovementOfRace => ({
  ...(variantId === undefined ? {} : { variantId }),
  kind: 'order_reserved',
  quantity: 1,
});

describe('stock movements (issue 3.4)', () => {
  it('50 concurrent reservations of the last 10 units sell exactly 10 and refuse 40 with the stock message', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, { name: 'Montre dorée', initial_stock: 10 });
    const outcomes = await raceMovements(tenant, product.id, 50, () => reserveOne());
    const sold = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(sold).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const { reason } of refused) {
      expect(reason).toMatchObject({ code: 'insufficient_stock', message: 'Insufficient stock for "Montre dorée"' });
    }
    const { product: after } = await balances(tenant.id, product.id);
    expect(after).toEqual({ on_hand: 10, reserved: 10, moved_on_hand: 10, moved_reserved: 10 });
  });

  it('the same race on a variant names the variant and leaves the other variants alone', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, {
      name: 'Basket',
      has_variants: true,
      variants: [
        { name: '42 Noir', sku: `BK-42-${tenant.id}`, price: 9000, initial_stock: 10 },
        { name: '43 Noir', sku: `BK-43-${tenant.id}`, price: 9000, initial_stock: 5 },
      ],
    });
    const [v42, v43] = product.variants;
    const outcomes = await raceMovements(tenant, product.id, 50, () => reserveOne(v42!.id));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused?.reason.message).toBe('Insufficient stock for "Basket - 42 Noir"');
    const { product: totals, variants } = await balances(tenant.id, product.id);
    expect(totals).toEqual({ on_hand: 15, reserved: 10, moved_on_hand: 15, moved_reserved: 10 });
    expect(variants).toEqual([
      { id: v42!.id, on_hand: 10, reserved: 10, moved_on_hand: 10, moved_reserved: 10 },
      { id: v43!.id, on_hand: 5, reserved: 0, moved_on_hand: 5, moved_reserved: 0 },
    ]);
  });

  it('follows an order through reserve, release, ship and return, and movements always sum to the balance', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, { name: 'Sac', initial_stock: 20 });
    const base = { tenantId: tenant.id, userId: tenant.ownerId, productId: product.id };
    const steps: Array<[TStockMovementRequest['kind'], number, { on_hand: number; reserved: number }]> = [
      ['order_reserved', 5, { on_hand: 20, reserved: 5 }], // confirmed
      ['order_released', 2, { on_hand: 20, reserved: 3 }], // cancelled before dispatch
      ['order_shipped', 3, { on_hand: 17, reserved: 0 }], // dispatched
      ['order_returned', 1, { on_hand: 18, reserved: 0 }], // returned
      ['adjustment', -4, { on_hand: 14, reserved: 0 }],
    ];
    for (const [kind, quantity, expected] of steps) {
      const applied = await move(database, { ...base, kind, quantity, reason: 'Counted' });
      expect(applied, kind).toMatchObject({ onHand: expected.on_hand, reserved: expected.reserved });
      const { product: now } = await balances(tenant.id, product.id);
      expect(now.moved_on_hand).toBe(now.on_hand);
      expect(now.moved_reserved).toBe(now.reserved);
    }
    // Nothing reserved any more: a release is a caller bug, not a shortage; nothing is written.
    await expect(move(database, { ...base, kind: 'order_released', quantity: 1 })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(move(database, { ...base, kind: 'adjustment', quantity: -15, reason: 'Lost' })).rejects.toMatchObject({
      code: 'insufficient_stock',
    });
    await expect(move(database, { ...base, kind: 'adjustment', quantity: 2 })).rejects.toMatchObject({
      errors: { reason: ['The reason field is required.'] },
    });
    await expect(move(database, { ...base, kind: 'order_reserved', quantity: 0 })).rejects.toMatchObject({
      code: 'validation',
    });
    expect((await balances(tenant.id, product.id)).product).toEqual({
      on_hand: 14,
      reserved: 0,
      moved_on_hand: 14,
      moved_reserved: 0,
    });
  });

  it('random concurrent traffic never breaks the balance = sum of movements rule', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, {
      has_variants: true,
      variants: [
        { name: 'A', sku: `RND-A-${tenant.id}`, price: 1, initial_stock: 6 },
        { name: 'B', sku: `RND-B-${tenant.id}`, price: 1, initial_stock: 6 },
      ],
    });
    const kinds: Array<TStockMovementRequest['kind']> = [
      'order_reserved',
      'order_released',
      'order_shipped',
      'order_returned',
      'adjustment',
    ];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const outcomes = await raceMovements(tenant, product.id, 120, () => ({
      variantId: product.variants[random(2)]!.id,
      kind: kinds[random(kinds.length)]!,
      quantity: 1 + random(3),
      reason: 'Inventory',
    }));
    // Only stock refusals: no deadlock between variant rows and their product row.
    const unexpected = outcomes.filter(
      (o) =>
        o.status === 'rejected' &&
        !['insufficient_stock', 'conflict'].includes((o.reason as { code?: string }).code ?? ''),
    );
    expect(unexpected).toEqual([]);
    const { product: totals, variants } = await balances(tenant.id, product.id);
    expect(totals.on_hand).toBe(totals.moved_on_hand);
    expect(totals.reserved).toBe(totals.moved_reserved);
    expect(totals.on_hand).toBe(variants.reduce((sum, v) => sum + v.on_hand, 0));
    for (const v of variants) {
      expect(v.on_hand).toBe(v.moved_on_hand);
      expect(v.reserved).toBe(v.moved_reserved);
      expect(v.on_hand).toBeGreaterThanOrEqual(v.reserved);
      expect(v.reserved).toBeGreaterThanOrEqual(0);
    }
  });

  it('needs the variant of a product with variants, and refuses foreign or unknown targets', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const other = await ownerOfNewShop(app, database);
    const withVariants = await createProduct(api, {
      has_variants: true,
      variants: [{ name: 'X', sku: `NV-${tenant.id}`, price: 1 }],
    });
    const plain = await createProduct(api);
    const foreign = await createProduct(other.api, { initial_stock: 5 });
    const base = {
      tenantId: tenant.id,
      userId: tenant.ownerId,
      kind: 'purchase' as const,
      quantity: 1,
      providerId: null,
    };
    await expect(move(database, { ...base, kind: 'order_returned', productId: withVariants.id })).rejects.toMatchObject(
      {
        errors: { variant_id: ['Variant is required'] },
      },
    );
    await expect(
      move(database, { ...base, kind: 'order_returned', productId: plain.id, variantId: withVariants.variants[0]!.id }),
    ).rejects.toMatchObject({ errors: { variant_id: ['The selected variant is invalid.'] } });
    await expect(move(database, { ...base, kind: 'order_reserved', productId: foreign.id })).rejects.toMatchObject({
      errors: { product_id: ['The selected product is invalid.'] },
    });
    expect((await balances(other.tenant.id, foreign.id)).product.reserved).toBe(0);
  });
});

describe('stock API (issue 3.4)', () => {
  it('adjusts with a required reason, records purchases from a provider, and lists movements with who and when', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, { name: 'Parfum' });
    const provider = (await api.post('/dashboard/providers', { name: 'Grossiste Alger' })).json();
    const noReason = await api.post('/dashboard/stock/adjustments', { product_id: product.id, quantity: 3 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: ['The reason field is required.'] });
    const short = await api.post('/dashboard/stock/adjustments', {
      product_id: product.id,
      quantity: -1,
      reason: 'Broken',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'stock.insufficient',
      params: { label: 'Parfum' },
      message: 'Insufficient stock for "Parfum"',
      errors: { stock: ['Insufficient stock for "Parfum"'] },
    });
    const purchase = await api.post('/dashboard/stock/purchases', {
      provider_id: provider.id,
      note: 'Invoice 42',
      lines: [{ product_id: product.id, quantity: 12, unit_cost: 850.5 }],
    });
    expect(purchase.statusCode).toBe(201);
    const adjusted = await api.post('/dashboard/stock/adjustments', {
      product_id: product.id,
      quantity: -2,
      reason: 'Broken bottles',
    });
    expect(adjusted.json()).toMatchObject({ onHand: 10, available: 10 });

    const movements = (await api.get(`/dashboard/stock/movements?product_id=${product.id}`)).json();
    expect(movements.total).toBe(2);
    expect(movements.data).toMatchObject([
      {
        kind: 'adjustment',
        quantity: -2,
        on_hand_after: 10,
        reason: 'Broken bottles',
        user: { id: tenant.ownerId, name: 'Owner Test' },
      },
      {
        kind: 'purchase',
        quantity: 12,
        unit_cost: 850.5,
        provider_name: 'Grossiste Alger',
        product_name: 'Parfum',
        reason: 'Invoice 42',
      },
    ]);
    expect(Date.parse(movements.data[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    const level = (await api.get(`/dashboard/stock?search=Parfum`)).json();
    expect(level.data[0]).toMatchObject({ on_hand: 10, reserved: 0, available: 10 });
  });

  it('a purchase is all or nothing and names the line at fault', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const product = await createProduct(api);
    const provider = (await api.post('/dashboard/providers', { name: 'Fournisseur' })).json();
    const bad = await api.post('/dashboard/stock/purchases', {
      provider_id: provider.id,
      lines: [
        { product_id: product.id, quantity: 5, unit_cost: 100 },
        { product_id: 987654, quantity: 5, unit_cost: 100 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'lines.1.product_id': ['The selected product is invalid.'] });
    expect((await api.get(`/dashboard/products/${product.id}`)).json().on_hand).toBe(0);
    const noProvider = await api.post('/dashboard/stock/purchases', {
      provider_id: 987654,
      lines: [{ product_id: product.id, quantity: 1, unit_cost: 1 }],
    });
    expect(noProvider.json().errors).toEqual({ provider_id: ['The selected provider is invalid.'] });
    const shape = await api.post('/dashboard/stock/purchases', { provider_id: provider.id, lines: [{ quantity: 0 }] });
    expect(shape.json().errors).toMatchObject({
      'lines.0.product_id': ['The product field is required.'],
      'lines.0.quantity': ['The quantity must be at least 1.'],
      'lines.0.unit_cost': ['The unit cost field is required.'],
    });
  });
});

describe('low-stock alerts (issue 3.5, SPEC 3 and 9)', () => {
  it('a product crossing its threshold appears in the page props, and leaves when restocked', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, { name: 'Huile d’argan', low_stock_threshold: 5, initial_stock: 7 });
    // No threshold of its own: the shop's default (5) applies, and 50 is well above it.
    await createProduct(api, { name: 'No threshold', initial_stock: 50 });
    await createProduct(api, { name: 'Inactive', low_stock_threshold: 5, active: false });
    const lowStock = async () => (await api.get('/dashboard/page-props')).json().lowStockProducts;
    expect(await lowStock()).toEqual([]);

    await move(database, {
      tenantId: tenant.id,
      userId: tenant.ownerId,
      productId: product.id,
      kind: 'order_reserved',
      quantity: 2,
    });
    expect(await lowStock()).toEqual([
      { id: product.id, name: 'Huile d’argan', current_stock: 5, low_stock_threshold: 5, image_url: null },
    ]);
    await api.post('/dashboard/stock/adjustments', { product_id: product.id, quantity: 10, reason: 'Restock' });
    expect(await lowStock()).toEqual([]);
  });

  it("a product without its own threshold takes the shop's default (issue 18.5)", async () => {
    const { api } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, { name: 'Savon noir', initial_stock: 9 });
    await createProduct(api, { name: 'Own threshold', low_stock_threshold: 2, initial_stock: 4 });
    const lowStock = async () => (await api.get('/dashboard/page-props')).json().lowStockProducts;
    // The shop's default is 5: 9 is above it.
    expect(await lowStock()).toEqual([]);
    const settings = (await api.get('/dashboard/shop-settings')).json();
    const saved = await api.put('/dashboard/shop-settings', { ...settings, low_stock_threshold: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    // The default now is 10: the product without a threshold is low; the one with its own (2) is not.
    expect(await lowStock()).toEqual([
      { id: product.id, name: 'Savon noir', current_stock: 9, low_stock_threshold: 10, image_url: null },
    ]);
    await api.post('/dashboard/stock/adjustments', { product_id: product.id, quantity: 5, reason: 'Restock' });
    expect(await lowStock()).toEqual([]);
  });
});
