import type { TOrderRow, TStatusType } from '@cod/shared';
import type { Database } from '../../src/db/client.js';
import type { TApp } from '../../src/http/app.js';
import { createTestTenant, createTestUser, loginAs, type TTestTenant } from '../support/test-db.js';

// Every route of the orders issue lives under one of these; orders-tenancy.int.test.ts walks them
// (the foundation's tenancy test can leave them to it, like the catalogue's).
const ORDER_PREFIXES = ['/dashboard/orders', '/dashboard/agents', '/api/orders', '/api/docs'];
export const isOrdersRoute = (url: string) => ORDER_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));

/** One status of each type in the default set (SPEC 3 status types), by name. */
export const STATUS_OF_TYPE: Record<TStatusType, string> = {
  new: 'new',
  pending: 'no_answer',
  confirmed: 'confirmed',
  reported: 'reported',
  'follow-up': 'out_for_delivery',
  inDispatch: 'in_dispatch',
  delivered: 'delivered',
  returned: 'returned',
  cancelled: 'cancelled',
};

type TInjectResponse = Awaited<ReturnType<TApp['app']['inject']>>;

export interface TClient {
  get(url: string): Promise<TInjectResponse>;
  post(url: string, payload?: unknown): Promise<TInjectResponse>;
  put(url: string, payload?: unknown): Promise<TInjectResponse>;
  patch(url: string, payload?: unknown): Promise<TInjectResponse>;
  delete(url: string): Promise<TInjectResponse>;
}

export function clientOf(app: TApp['app'], authorization: string): TClient {
  const headers = { authorization };
  const send = (method: 'POST' | 'PUT' | 'PATCH') => (url: string, payload?: unknown) =>
    app.inject({ method, url, headers, payload: (payload ?? {}) as object });
  return {
    get: (url) => app.inject({ method: 'GET', url, headers }),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: (url) => app.inject({ method: 'DELETE', url, headers }),
  };
}

export interface TShop {
  tenant: TTestTenant;
  api: TClient;
  authorization: string;
  /** Status ids of the default set by name (new, no_answer, confirmed, reported, ...). */
  status: Record<string, number>;
  watch: { id: number; name: string; price: number };
  shirt: { id: number; name: string; variants: Array<{ id: number; name: string; price: number }> };
  pen: { id: number; name: string; price: number };
}

let counter = 0;
const sku = (p: string) => `${p}-${++counter}-${Date.now() % 1_000_000}`;

async function mustCreate(api: TClient, body: Record<string, unknown>) {
  const response = await api.post('/dashboard/products', body);
  if (response.statusCode !== 201) throw new Error(`product: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * A fresh shop with three products: a watch (no variants, 50 in stock), a T-shirt with two
 * variants (20 each), a pen with custom fields (a required text, a required checkbox, a select).
 */
export async function shopWithCatalogue(app: TApp['app'], database: Database): Promise<TShop> {
  const tenant = await createTestTenant(database);
  const { authorization } = await loginAs(app, tenant.ownerEmail);
  const api = clientOf(app, authorization);
  const watch = await mustCreate(api, { name: 'Montre Classic', sku: sku('W'), price: 2500, initial_stock: 50 });
  const shirt = await mustCreate(api, {
    name: 'T-shirt',
    sku: sku('T'),
    price: 1500,
    has_variants: true,
    variants: [
      { name: 'S', sku: sku('TS'), price: 1500, initial_stock: 20 },
      { name: 'M', sku: sku('TM'), price: 1600, initial_stock: 20 },
    ],
  });
  const pen = await mustCreate(api, {
    name: 'Stylo gravé',
    sku: sku('P'),
    price: 800,
    initial_stock: 30,
    custom_fields: [
      { label: 'Gravure', type: 'text', required: true },
      { label: 'Cadeau', type: 'checkbox', required: true },
      { label: 'Couleur', type: 'select', required: false, options: ['Bleu', 'Noir'] },
    ],
  });
  const statuses = (await api.get('/dashboard/statuses')).json().data as Array<{ id: number; name: string }>;
  return {
    tenant,
    api,
    authorization,
    status: Object.fromEntries(statuses.map((s) => [s.name, s.id])),
    watch: { id: watch.id, name: watch.name, price: watch.price },
    shirt: { id: shirt.id, name: shirt.name, variants: shirt.variants },
    pen: { id: pen.id, name: pen.name, price: pen.price },
  };
}

let phoneCounter = 0;
/** A valid mobile number, different on every call. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `055${String((Date.now() + phoneCounter * 7919) % 10_000_000).padStart(7, '0')}`;
}

/** A valid order form payload (Alger Centre, one watch); override any field. */
export function orderBody(shop: TShop, overrides: Record<string, unknown> = {}) {
  return {
    customer_full_name: 'Karim Benali',
    customer_phone_1: freshPhone(),
    state_id: 16,
    city_id: 1601,
    customer_address: 'Rue Didouche Mourad',
    products: [{ product_id: shop.watch.id, quantity: 1 }],
    ...overrides,
  };
}

export async function createOrder(api: TClient, body: Record<string, unknown>): Promise<TOrderRow> {
  const response = await api.post('/dashboard/orders', body);
  if (response.statusCode !== 201) throw new Error(`create order: ${response.statusCode} ${response.body}`);
  return response.json().data as TOrderRow;
}

export async function agentOf(app: TApp['app'], database: Database, shop: TShop, name = 'Agent Test') {
  const user = await createTestUser(database, shop.tenant, 'Support Agent', { name });
  const { authorization } = await loginAs(app, user.email);
  return { id: user.id, api: clientOf(app, authorization) };
}
