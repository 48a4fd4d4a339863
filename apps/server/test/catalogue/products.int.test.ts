import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { multipartFile } from '../support/multipart.js';
import { createTestUser, loginAs, openTestApp } from '../support/test-db.js';
import { clientOf, createProduct, ownerOfNewShop, productBody } from './catalogue-support.js';

const dataDir = `/tmp/cod-test-uploads-${process.pid}`;
const { app, database } = await openTestApp({ DATA_DIR: dataDir });
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const sizeField = {
  label: 'Size',
  type: 'select',
  required: true,
  placeholder: 'Pick a size',
  options: ['S', 'M', 'L'],
};

/** A variant's colour and size, as the dress's variants carry them. */
const colourAndSize = (colour: string, size: string) => [
  { name: 'Colour', value: colour },
  { name: 'Size', value: size },
];

describe('products (issue 3.1)', () => {
  it('creates a product with variants and a required select custom field, and lists it', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const created = await api.post('/dashboard/products', {
      name: 'Robe kabyle',
      sku: 'RK-100',
      price: 6500,
      cost_price: 3100.5,
      has_variants: true,
      variants: [
        {
          name: 'Rouge M',
          sku: 'RK-100-RM',
          price: 6500,
          attributes: colourAndSize('Rouge', 'M'),
          initial_stock: 4,
        },
        {
          name: 'Bleu L',
          sku: 'RK-100-BL',
          price: 6900,
          attributes: colourAndSize('Bleu', 'L'),
        },
      ],
      custom_fields: [sizeField, { label: 'Note', type: 'text', required: false }],
      low_stock_threshold: 2,
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      name: 'Robe kabyle',
      sku: 'RK-100',
      price: 6500,
      cost_price: 3100.5,
      active: true,
      has_variants: true,
      custom_fields: [sizeField, { label: 'Note', type: 'text', required: false, placeholder: null, options: [] }],
      low_stock_threshold: 2,
      on_hand: 4,
      reserved: 0,
      available: 4,
      is_low_stock: false,
      image_url: null,
      archived_at: null,
    });
    expect(product.variants).toMatchObject([
      { name: 'Rouge M', sku: 'RK-100-RM', price: 6500, on_hand: 4, available: 4 },
      {
        name: 'Bleu L',
        sku: 'RK-100-BL',
        price: 6900,
        on_hand: 0,
        attributes: colourAndSize('Bleu', 'L'),
      },
    ]);

    for (const search of ['kabyle', 'ROBE', 'rk-100', 'RK-100-BL']) {
      const list = (await api.get(`/dashboard/products?search=${encodeURIComponent(search)}`)).json();
      expect(list.total, search).toBe(1);
      expect(list.data[0].id).toBe(product.id);
    }
    expect((await api.get('/dashboard/products?search=nothing-like-this')).json()).toEqual({ data: [], total: 0 });
    expect((await api.get(`/dashboard/products/${product.id}`)).json()).toEqual(product);
  });

  it('rejects on the server exactly what the shared form schema rejects, field by field', async () => {
    const { api, authorization } = await ownerOfNewShop(app, database);
    const response = await api.post('/dashboard/products', {
      name: '',
      sku: 'OK-1',
      price: -1,
      has_variants: true,
      variants: [
        { name: 'A', sku: 'DUP', price: 10 },
        { name: 'B', sku: 'dup', price: 10.123 },
        { name: '', sku: 'has space', price: 10 },
      ],
      custom_fields: [{ label: 'Size', type: 'select', required: true, options: [] }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['The name field is required.'],
      price: ['The price must be at least 0.'],
      'variants.1.price': ['The price may have at most 2 decimals.'],
      'variants.1.sku': ['The sku has already been taken.'],
      'variants.2.name': ['The name field is required.'],
      'variants.2.sku': ['The sku may only contain letters, numbers, dots, dashes, underscores and slashes.'],
      'custom_fields.0.options': ['A select field needs at least one option.'],
    });
    const dupes = await api.post('/dashboard/products', {
      ...productBody(),
      has_variants: true,
      variants: [
        { name: 'A', sku: 'DUP', price: 10 },
        { name: 'a', sku: 'dup', price: 10 },
      ],
    });
    expect(dupes.json().errors).toEqual({
      'variants.1.sku': ['The sku has already been taken.'],
      'variants.1.name': ['The variant name must be unique within the product.'],
    });
    const noVariants = await api.post('/dashboard/products', { ...productBody(), has_variants: true });
    expect(noVariants.json().errors).toEqual({ variants: ['Add at least one variant.'] });
    const notJson = await app.inject({
      method: 'POST',
      url: '/dashboard/products',
      headers: { authorization, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps SKUs unique per tenant across products and variants, case-insensitively', async () => {
    const { api } = await ownerOfNewShop(app, database);
    await createProduct(api, { sku: 'TSH-1', has_variants: true, variants: [{ name: 'M', sku: 'TSH-1-M', price: 1 }] });
    const same = await api.post('/dashboard/products', productBody({ sku: 'tsh-1' }));
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({
      message: 'The sku has already been taken.',
      errors: { sku: ['The sku has already been taken.'] },
    });
    const variantClash = await api.post('/dashboard/products', productBody({ sku: 'TSH-1-M' }));
    expect(variantClash.json().errors).toEqual({ sku: ['The sku has already been taken.'] });
    const asVariant = await api.post(
      '/dashboard/products',
      productBody({
        has_variants: true,
        variants: [
          { name: 'X', sku: 'OTHER', price: 1 },
          { name: 'Y', sku: 'tsh-1', price: 1 },
        ],
      }),
    );
    expect(asVariant.json().errors).toEqual({ 'variants.1.sku': ['The sku has already been taken.'] });
    // Another shop may use the same SKU.
    const other = await ownerOfNewShop(app, database);
    expect((await other.api.post('/dashboard/products', productBody({ sku: 'TSH-1' }))).statusCode).toBe(201);
  });

  it('filters by active, has_variants and low stock, and pages with a total', async () => {
    const { api } = await ownerOfNewShop(app, database);
    await createProduct(api, { name: 'Alpha', active: false });
    await createProduct(api, {
      name: 'Beta',
      has_variants: true,
      variants: [{ name: 'V', sku: `B-V-${Date.now()}`, price: 1 }],
    });
    await createProduct(api, { name: 'Gamma', low_stock_threshold: 3, initial_stock: 3 });
    await createProduct(api, { name: 'Delta', low_stock_threshold: 3, initial_stock: 10 });
    const names = async (query: string) =>
      ((await api.get(`/dashboard/products?${query}`)).json().data as Array<{ name: string }>).map((p) => p.name);
    expect(await names('active=false')).toEqual(['Alpha']);
    expect(await names('has_variants=true')).toEqual(['Beta']);
    // Alpha and Beta have no threshold of their own: the shop's default (5) counts them low at 0,
    // as the low-stock card does (docs/decisions/0093).
    expect(await names('low_stock=true')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('low_stock=false')).toEqual(['Delta']);
    const page = (await api.get('/dashboard/products?per_page=10&page=1')).json();
    expect(page.total).toBe(4);
    expect(page.data.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect((await api.get('/dashboard/products?per_page=7')).statusCode).toBe(422);
    expect((await api.get('/dashboard/products?active=maybe')).statusCode).toBe(422);
    expect((await api.get('/dashboard/products?search=%25')).json().total).toBe(0);
  });

  it("reads the shop's default threshold for products without their own, as the low-stock card does", async () => {
    const { api } = await ownerOfNewShop(app, database);
    await createProduct(api, { name: 'Own', low_stock_threshold: 3, initial_stock: 8 });
    await createProduct(api, { name: 'Shop default', initial_stock: 8 });
    const listed = async (query: string) =>
      (
        (await api.get(`/dashboard/products?${query}`)).json().data as Array<{ name: string; is_low_stock: boolean }>
      ).map((p) => `${p.name}:${p.is_low_stock}`);
    // The shop's default is 5: 8 is above both thresholds.
    expect(await listed('low_stock=true')).toEqual([]);
    const settings = (await api.get('/dashboard/shop-settings')).json();
    const saved = await api.put('/dashboard/shop-settings', { ...settings, low_stock_threshold: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    // Now 10: the product without a threshold is low, in the filter and in its flag; its own 3 still holds.
    expect(await listed('low_stock=true')).toEqual(['Shop default:true']);
    expect(await listed('low_stock=false')).toEqual(['Own:false']);
  });

  it('pages a long list and a long search with the right totals', async () => {
    const { api } = await ownerOfNewShop(app, database);
    for (let i = 1; i <= 12; i++) await createProduct(api, { name: `Item ${String(i).padStart(2, '0')}` });
    await createProduct(api, { name: 'Other thing' });
    const page = async (query: string) => (await api.get(`/dashboard/products?per_page=10&${query}`)).json();
    expect(await page('page=1')).toMatchObject({ total: 13 });
    expect((await page('page=2')).data.map((p: { name: string }) => p.name)).toEqual([
      'Item 11',
      'Item 12',
      'Other thing',
    ]);
    expect((await page('page=2')).total).toBe(13);
    expect((await page('page=3')).total).toBe(13);
    const search = await page('search=item&page=1');
    expect(search.total).toBe(12);
    expect(search.data).toHaveLength(10);
    expect((await page('search=item&page=2')).total).toBe(12);
    expect((await page('search=item&page=5')).total).toBe(12);
  });

  it('edits variants in place: keeps ids and stock, adds new ones, removes empty ones', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const product = await createProduct(api, {
      has_variants: true,
      variants: [
        { name: 'S', sku: 'E-S', price: 100, initial_stock: 5 },
        { name: 'M', sku: 'E-M', price: 100 },
      ],
    });
    const [small, medium] = product.variants;
    const edited = await api.put(`/dashboard/products/${product.id}`, {
      ...productBody({ name: product.name, sku: product.sku }),
      has_variants: true,
      variants: [
        { id: small!.id, name: 'Small', sku: 'E-S', price: 120 },
        { name: 'L', sku: 'E-L', price: 130, initial_stock: 2 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().variants).toMatchObject([
      { id: small!.id, name: 'Small', price: 120, on_hand: 5 },
      { name: 'L', on_hand: 2 },
    ]);
    expect(edited.json().on_hand).toBe(7);
    expect(edited.json().variants.map((v: { id: number }) => v.id)).not.toContain(medium!.id);
    // A variant that still holds stock cannot disappear, and the product cannot drop variants.
    const drop = await api.put(`/dashboard/products/${product.id}`, {
      ...productBody({ name: product.name, sku: product.sku }),
      has_variants: false,
    });
    expect(drop.statusCode).toBe(422);
    expect(drop.json().errors).toEqual({
      has_variants: ['Set the stock to zero before switching variants on or off.'],
    });
    const foreignId = await api.put(`/dashboard/products/${product.id}`, {
      ...productBody({ name: product.name, sku: product.sku }),
      has_variants: true,
      variants: [{ id: 999999, name: 'X', sku: 'E-X', price: 1 }],
    });
    expect(foreignId.json().errors).toMatchObject({ 'variants.0.id': ['The selected variant is invalid.'] });
  });

  it('deletes a product nothing references, archives one with stock history, and restores it', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const bare = await createProduct(api);
    expect((await api.delete(`/dashboard/products/${bare.id}`)).json()).toEqual({ result: 'deleted' });
    expect((await api.get(`/dashboard/products/${bare.id}`)).statusCode).toBe(404);

    const stocked = await createProduct(api, { initial_stock: 3 });
    expect((await api.delete(`/dashboard/products/${stocked.id}`)).json()).toEqual({ result: 'archived' });
    expect((await api.get('/dashboard/products')).json().data.map((p: { id: number }) => p.id)).not.toContain(
      stocked.id,
    );
    const archived = (await api.get('/dashboard/products?archived=true')).json();
    expect(archived.data).toMatchObject([{ id: stocked.id, on_hand: 3 }]);
    expect(archived.data[0].archived_at).not.toBeNull();
    // Its SKU is free for a new product while it is archived; restoring then refuses the clash.
    const clash = await createProduct(api, { sku: stocked.sku });
    expect((await api.post(`/dashboard/products/${stocked.id}/restore`)).json().errors).toEqual({
      sku: ['The sku has already been taken.'],
    });
    await api.delete(`/dashboard/products/${clash.id}`);
    const restored = await api.post(`/dashboard/products/${stocked.id}/restore`);
    expect(restored.json()).toMatchObject({ id: stocked.id, archived_at: null });
  });

  it('stores an uploaded picture as WebP with a thumbnail, serves it, and refuses non-images', async () => {
    const { api, tenant, authorization } = await ownerOfNewShop(app, database);
    const product = await createProduct(api);
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const upload = (file: Buffer, name = 'photo.png') =>
      app.inject({
        method: 'POST',
        url: `/dashboard/products/${product.id}/image`,
        ...multipartFile('image', file, name, authorization, 'application/octet-stream'),
      });

    const uploaded = await upload(png);
    expect(uploaded.statusCode).toBe(200);
    const { image_url, thumbnail_url } = uploaded.json();
    expect(image_url).toMatch(new RegExp(`^/uploads/${tenant.id}/[A-Za-z0-9_-]{22}\\.webp$`));
    const image = await app.inject({ method: 'GET', url: image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 576 });
    const thumb = await app.inject({ method: 'GET', url: thumbnail_url });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(svg, 'x.svg');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ image: ['The image must be a JPEG, PNG, WebP or GIF picture.'] });
    const noFile = await app.inject({
      method: 'POST',
      url: `/dashboard/products/${product.id}/image`,
      headers: { authorization },
      payload: {},
    });
    expect(noFile.json().errors).toEqual({ image: ['The image field is required.'] });

    const removed = await api.delete(`/dashboard/products/${product.id}/image`);
    expect(removed.json().image_url).toBeNull();
    expect((await app.inject({ method: 'GET', url: image_url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/uploads/${tenant.id}/..%2F..%2Fetc%2Fpasswd` })).statusCode).toBe(
      404,
    );
  });

  it('needs view products to read and manage products to write, and audits changes', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const keeper = await createTestUser(database, tenant, 'Stock Keeper');
    const asAgent = clientOf(app, (await loginAs(app, agent.email)).authorization);
    const asKeeper = clientOf(app, (await loginAs(app, keeper.email)).authorization);
    expect((await asAgent.get('/dashboard/products')).statusCode).toBe(403);
    expect((await asAgent.post('/dashboard/products', productBody())).statusCode).toBe(403);
    const made = await asKeeper.post('/dashboard/products', productBody());
    expect(made.statusCode).toBe(201);
    await api.put(`/dashboard/products/${made.json().id}`, productBody({ name: 'Renamed', sku: made.json().sku }));
    const audit = await withTenant(database.db, tenant.id, (tx) =>
      rows<{ action: string; user_id: number }>(
        tx,
        sql`select action, user_id from audit_log where entity = 'product' and entity_id = ${String(made.json().id)} order by id`,
      ),
    );
    expect(audit).toEqual([
      { action: 'create', user_id: keeper.id },
      { action: 'update', user_id: tenant.ownerId },
    ]);
  });
});
