import type { TApp } from '../../src/http/app.js';
import type { Database } from '../../src/db/client.js';
import { createTestTenant, loginAs, type TTestTenant } from '../support/test-db.js';

// Every catalogue route lives under one of these (issue 3). catalogue-tenancy.int.test.ts walks them;
// the foundation's tenancy test can leave them to it.
const CATALOGUE_PREFIXES = [
  '/dashboard/products',
  '/dashboard/user-product-permissions',
  '/dashboard/providers',
  '/dashboard/stock',
  '/dashboard/customers',
  '/dashboard/sales-channels',
];
export const isCatalogueRoute = (url: string) => CATALOGUE_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));

type TInjectResponse = Awaited<ReturnType<TApp['app']['inject']>>;

/** A signed-in client of the API, as the web app calls it. */
export interface TClient {
  get(url: string): Promise<TInjectResponse>;
  post(url: string, payload?: unknown): Promise<TInjectResponse>;
  put(url: string, payload?: unknown): Promise<TInjectResponse>;
  delete(url: string): Promise<TInjectResponse>;
}

export function clientOf(app: TApp['app'], authorization: string): TClient {
  const headers = { authorization };
  return {
    get: (url) => app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => app.inject({ method: 'POST', url, headers, payload: (payload ?? {}) as object }),
    put: (url, payload) => app.inject({ method: 'PUT', url, headers, payload: (payload ?? {}) as object }),
    delete: (url) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** A fresh shop and its owner's client (every test makes its own tenant). */
export async function ownerOfNewShop(
  app: TApp['app'],
  database: Database,
): Promise<{ tenant: TTestTenant; api: TClient; authorization: string }> {
  const tenant = await createTestTenant(database);
  const { authorization } = await loginAs(app, tenant.ownerEmail);
  return { tenant, api: clientOf(app, authorization), authorization };
}

let counter = 0;
/** A valid product body; SKUs are unique within a test run. */
export function productBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { name: `Product ${counter}`, sku: `SKU-${counter}-${Date.now() % 100000}`, price: 2500, ...overrides };
}

export async function createProduct(api: TClient, overrides: Record<string, unknown> = {}) {
  const response = await api.post('/dashboard/products', productBody(overrides));
  if (response.statusCode !== 201) throw new Error(`create product: ${response.statusCode} ${response.body}`);
  return response.json() as {
    id: number;
    name: string;
    sku: string;
    variants: Array<{ id: number; name: string; sku: string; on_hand: number }>;
    on_hand: number;
    reserved: number;
    available: number;
  };
}
