import crypto from 'node:crypto';
import type { TOrderRow } from '@cod/shared';
import type { Database } from '../../src/db/client.js';
import type { TApp } from '../../src/http/app.js';
import { createOrder, freshPhone, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { loginAs, openTestApp } from '../support/test-db.js';

/** The app with a credentials key, so shipping companies can be created (decision 0019). */
export const openFuzzApp = () => openTestApp({ CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64') });

/** A shop with something of every kind, so a route's path parameters name real rows. */
export interface TFuzzShop {
  shop: TShop;
  companyId: number;
  order: TOrderRow;
  providerId: number;
  customerPhone: string;
  /** The key of a channel used only by the intake API (the channel of `:id` routes may be revoked). */
  intakeKey: string;
  /** A second session of the owner, for the route that ends its own session. */
  spareAuthorization: string;
}

async function created(response: { statusCode: number; body: string; json(): unknown }, what: string) {
  if (response.statusCode !== 201) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
}

export async function fuzzShop(app: TApp['app'], database: Database): Promise<TFuzzShop> {
  const shop = await shopWithCatalogue(app, database);
  const { api } = shop;
  // A company of the shop's own drivers: no carrier to reach, so the fuzz never waits on HTTP.
  const company = await created(
    await api.post('/dashboard/shipping-companies', { kind: 'manual', code: 'own-drivers', name: 'Own drivers' }),
    'company',
  );
  const confirmed = await createOrder(api, orderBody(shop));
  await api.patch(`/dashboard/orders/${confirmed.id}/status`, { status: shop.status.confirmed });
  const order = await createOrder(api, orderBody(shop));
  const provider = await created(await api.post('/dashboard/providers', { name: 'Fournisseur' }), 'provider');
  const customer = await created(await api.post('/dashboard/customers', { phone: freshPhone() }), 'customer');
  await created(await api.post('/dashboard/sales-channels', { name: 'Boutique', source_type: 'website' }), 'channel');
  const intake = await created(
    await api.post('/dashboard/sales-channels', { name: 'Landing', source_type: 'facebook' }),
    'intake channel',
  );
  const spare = await loginAs(app, shop.tenant.ownerEmail);
  return {
    shop,
    companyId: (company.data as { id: number }).id,
    order,
    providerId: provider.id as number,
    customerPhone: customer.phone as string,
    intakeKey: intake.intake_key as string,
    spareAuthorization: spare.authorization,
  };
}

/**
 * A valid body per route ('METHOD /url'), so a payload with one wrong field reaches past the
 * others to that field's checks (and beyond, into the service). Routes without one start from {}.
 */
export function seedsOf(fx: TFuzzShop): Record<string, object> {
  const { shop, order, companyId } = fx;
  const ids = { order_ids: [order.id] };
  const withCompany = { shipping_company_id: companyId, ...ids };
  const login = { email: 'nobody@fuzz.test', password: 'wrong-password-1' };
  return {
    'POST /login': login,
    'POST /central/login': login,
    'POST /forgot-password': { email: 'nobody@fuzz.test' },
    'POST /reset-password': {
      token: 'x'.repeat(40),
      email: 'nobody@fuzz.test',
      password: 'secret-pass-456',
      password_confirmation: 'secret-pass-456',
    },
    'POST /locale': { locale: 'fr' },
    'PUT /dashboard/statuses/:id': { color: '#123456', display_name: 'Fuzzed' },
    'POST /dashboard/products': { name: 'Fuzz', sku: 'FUZZ-1', price: 100, initial_stock: 1 },
    'PUT /dashboard/products/:id': { name: shop.watch.name, sku: 'FUZZ-2', price: 2500 },
    'PUT /dashboard/user-product-permissions/:id': { restricted: false, product_ids: [shop.watch.id] },
    'POST /dashboard/providers': { name: 'Fournisseur', notes: 'n', contacts: [{ name: 'Ali', email: 'a@b.dz' }] },
    'PUT /dashboard/providers/:id': { name: 'Fournisseur', notes: 'n', contacts: [{ name: 'Ali' }] },
    'POST /dashboard/stock/adjustments': { product_id: shop.watch.id, quantity: 1, reason: 'count' },
    'POST /dashboard/stock/purchases': {
      provider_id: fx.providerId,
      lines: [{ product_id: shop.watch.id, quantity: 1, unit_cost: 10 }],
      note: 'n',
    },
    'POST /dashboard/customers': { phone: '0555000111', name: 'Amina', note: 'n' },
    'PUT /dashboard/customers/:phone': { name: 'Amina', note: 'n' },
    'POST /dashboard/customers/:phone/block': { reason: 'fraud' },
    'POST /dashboard/customers/:phone/unblock': { reason: 'ok' },
    'POST /dashboard/sales-channels': { name: 'Boutique 2', source_type: 'website', active: true },
    'PUT /dashboard/sales-channels/:id': { name: 'Boutique', source_type: 'website', active: true },
    'POST /dashboard/orders': orderBody(shop, { note: 'n', source_metadata: { utm_source: 'fb' } }),
    'PUT /dashboard/orders/:id': orderBody(shop, { customer_phone_1: order.customer_phone_1, note: 'n' }),
    'PATCH /dashboard/orders/:id/status': { status: shop.status.no_answer, description: 'd' },
    'POST /dashboard/orders/bulk-status-update': { status: shop.status.no_answer, description: 'd', ...ids },
    'POST /dashboard/orders/:id/report': { report_date: '2031-01-01 10:00', description: 'd' },
    'POST /dashboard/orders/assign-agent': { agent_id: shop.tenant.ownerId, ...ids },
    'POST /api/orders': orderBody(shop, { campaign_id: 'c', source_metadata: { utm_source: 'fb' } }),
    'POST /dashboard/shipping-companies': { kind: 'manual', code: 'fuzz', name: 'Fuzz' },
    'PUT /dashboard/shipping-companies/:id/fees': { fees: [{ state_id: 16, home_fee: 400, stopdesk_fee: 300 }] },
    'POST /dashboard/orders/calculate-delivery-fee': {
      shipping_company_id: companyId,
      state_id: 16,
      delivery_type: 'home_delivery',
    },
    'POST /dashboard/orders/assign-shipping': withCompany,
    'POST /dashboard/orders/dispatch': withCompany,
    'POST /dashboard/orders/validate-dispatched': ids,
    'POST /dashboard/orders/view-parcel-tickets': ids,
    'POST /dashboard/orders/:id/ecotrack-notify-driver': { message: 'hello' },
    'POST /api/orders/barcode-action': { barcode: 'ABC123', action: 'select' },
    'POST /dashboard/orders/export-xlsx': ids,
    'POST /dashboard/orderspdf/link': ids,
  };
}
