import crypto from 'node:crypto';
import { afterAll } from 'vitest';
import type { TDispatchResponse, TOrderRow } from '@cod/shared';
import type { TCarrierKind } from '../../src/carriers/carrier.js';
import { SANDBOX_CREDENTIALS, startCarrierSandbox, type TCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import type { Database } from '../../src/db/client.js';
import type { TApp } from '../../src/http/app.js';
import { setCarrierAdapterOverrides } from '../../src/modules/shipping-companies/carrier-runtime.js';
import { openTestApp } from '../support/test-db.js';
import { createOrder, orderBody, shopWithCatalogue, type TClient, type TShop } from '../orders/orders-support.js';

/**
 * Routes of the shipping issue outside /dashboard/orders (orders-tenancy.int.test.ts walks those);
 * shipping-tenancy.int.test.ts walks these, so the foundation's tenancy test can leave them to it.
 */
const SHIPPING_PREFIXES = ['/dashboard/shipping-companies', '/orders/', '/webhooks/carriers/'];
export const isShippingRoute = (url: string) => SHIPPING_PREFIXES.some((p) => url.startsWith(p));

/** One credentials key per test file (decision 0019), never a key file on disk. */
export const TEST_CARRIER_KEY = crypto.randomBytes(32).toString('base64');

/** HTTP settings for tests: short timeouts and retry delays, no client-side pacing. */
export const TEST_HTTP = { timeoutMs: 700, baseDelayMs: 5, maxDelayMs: 30, rateLimit: {} } as const;

export interface TWorld {
  app: TApp['app'];
  routes: TApp['routes'];
  database: Database;
  sandbox: TCarrierSandbox;
}

export async function openShippingWorld(overrides: Record<string, string> = {}): Promise<TWorld> {
  // The sandbox is a local fake carrier on loopback (docs/decisions/0037).
  const { app, routes, database } = await openTestApp({
    CARRIER_SECRET_KEY: TEST_CARRIER_KEY,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ...overrides,
  });
  const sandbox = await startCarrierSandbox();
  afterAll(() => sandbox.close());
  setCarrierAdapterOverrides({ http: TEST_HTTP, settleMs: 20 });
  return { app, routes, database, sandbox };
}

export interface TShippingShop extends TShop {
  companyId: number;
  perfume: { id: number; name: string; price: number };
}

let skuCounter = 0;

/** A shop with a catalogue, a well-stocked product and one company pointing at the sandbox. */
export async function shopWithCompany(
  world: TWorld,
  company: { kind: Exclude<TCarrierKind, 'manual'> | 'manual'; code: string; name?: string } = {
    kind: 'yalidine',
    code: 'yalidine',
  },
): Promise<TShippingShop> {
  const shop = await shopWithCatalogue(world.app, world.database);
  const perfume = await shop.api.post('/dashboard/products', {
    name: 'Parfum Oud',
    sku: `PO-${++skuCounter}-${Date.now() % 1_000_000}`,
    price: 3000,
    initial_stock: 5000,
  });
  if (perfume.statusCode !== 201) throw new Error(`product: ${perfume.body}`);
  const companyId = await addCompany(world, shop.api, company);
  return { ...shop, companyId, perfume: perfume.json() };
}

/**
 * Sandbox credentials of a fresh account: parcels are namespaced per account, and every test shop
 * numbers its orders from 1, so shops must not share one (as real sellers do not).
 */
export function accountOf(kind: Exclude<TCarrierKind, 'manual'>): Record<string, string> {
  const suffix = crypto.randomBytes(4).toString('hex');
  return Object.fromEntries(
    Object.entries(SANDBOX_CREDENTIALS[kind]).map(([k, v]) => [
      k,
      k === 'webhook_secret' || k === 'tenant_id' ? v : `${v}-${suffix}`,
    ]),
  );
}

export async function addCompany(
  world: TWorld,
  api: TClient,
  company: { kind: TCarrierKind; code: string; name?: string; credentials?: Record<string, string> },
): Promise<number> {
  const response = await api.post('/dashboard/shipping-companies', {
    kind: company.kind,
    code: company.code,
    name: company.name ?? company.code,
    base_url: company.kind === 'manual' ? null : world.sandbox.baseUrlFor(company.code, company.kind),
    credentials: company.credentials ?? (company.kind === 'manual' ? {} : accountOf(company.kind)),
  });
  if (response.statusCode !== 201) throw new Error(`company: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}

/** `count` orders in the ready tab (confirmed, stock reserved), each with one perfume. */
export async function readyOrders(
  shop: TShippingShop,
  count: number,
  overrides: Record<string, unknown> = {},
): Promise<TOrderRow[]> {
  const orders: TOrderRow[] = [];
  for (let i = 0; i < count; i += 1) {
    orders.push(
      await createOrder(
        shop.api,
        orderBody(shop, { products: [{ product_id: shop.perfume.id, quantity: 1 }], ...overrides }),
      ),
    );
  }
  const confirmed = await shop.api.post('/dashboard/orders/bulk-status-update', {
    status: shop.status.confirmed,
    order_ids: orders.map((o) => o.id),
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return orders;
}

export async function orderOf(shop: TShop, id: number): Promise<TOrderRow> {
  const response = await shop.api.get(`/dashboard/orders/${id}`);
  if (response.statusCode !== 200) throw new Error(`order ${id}: ${response.statusCode} ${response.body}`);
  return response.json() as TOrderRow;
}

/** Dispatches `orderIds` with company `companyId` through the orders route: its answer's body. */
export async function dispatchOrders(shop: TShop, companyId: number, orderIds: number[]): Promise<TDispatchResponse> {
  const response = await shop.api.post('/dashboard/orders/dispatch', {
    shipping_company_id: companyId,
    order_ids: orderIds,
  });
  return response.json() as TDispatchResponse;
}
