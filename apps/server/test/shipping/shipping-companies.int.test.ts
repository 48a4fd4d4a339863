import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/carriers/sandbox/index.js';
import { rows } from '../../src/db/client.js';
import { sql } from 'drizzle-orm';
import { openShippingWorld, shopWithCompany } from './shipping-support.js';

const world = await openShippingWorld();

describe('shipping companies (issue 5.3, 5.4)', () => {
  it('stores credentials encrypted and only ever answers them masked', async () => {
    const shop = await shopWithCompany(world);
    const secrets = Object.values(SANDBOX_CREDENTIALS.yalidine);
    const answers = [
      await shop.api.get('/dashboard/shipping-companies'),
      await shop.api.get(`/dashboard/shipping-companies/${shop.companyId}`),
      await shop.api.get('/dashboard/shipping-companies/options'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
    }
    const view = answers[1]!.json();
    expect(view.credentials.api_id).toMatch(/^•+/);
    expect(view.webhook_url).toMatch(/\/webhooks\/carriers\/[A-Za-z0-9_-]+$/);
    const [stored] = await rows<{ credentials_encrypted: string }>(
      world.database.db,
      sql`select credentials_encrypted from shipping_companies where id = ${shop.companyId}`,
    );
    expect(stored!.credentials_encrypted).toMatch(/^v1\./);
    for (const secret of secrets) expect(stored!.credentials_encrypted).not.toContain(secret);
    const audit = await rows<{ changes: unknown }>(
      world.database.db,
      sql`select changes from audit_log where tenant_id = ${shop.tenant.id} and entity = 'shipping_company'`,
    );
    for (const secret of secrets) expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('keeps a masked secret sent back by the edit form, replaces a typed one', async () => {
    const shop = await shopWithCompany(world);
    const view = (await shop.api.get(`/dashboard/shipping-companies/${shop.companyId}`)).json();
    const edit = await shop.api.put(`/dashboard/shipping-companies/${shop.companyId}`, {
      ...view,
      name: 'Yalidine Express',
      credentials: { ...view.credentials, api_token: 'a-brand-new-token-value-1234' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.credentials.api_token).toBe('••••••••1234');
    // The kept api_id still works: the connection test passes with the new token.
    const test = await shop.api.post(`/dashboard/shipping-companies/${shop.companyId}/test-connection`);
    expect(test.json()).toEqual({
      success: true,
      message: 'Connected to Yalidine Express',
      code: 'shipping_company.connected',
      params: { name: 'Yalidine Express' },
    });
  });

  it('tests the connection and reports refused credentials as a message', async () => {
    const shop = await shopWithCompany(world);
    const bad = await shop.api.post('/dashboard/shipping-companies', {
      kind: 'ecotrack',
      code: 'dhd',
      name: 'DHD',
      base_url: world.sandbox.baseUrlFor('dhd', 'ecotrack'),
      credentials: { api_token: 'invalid-token-xyz' },
    });
    expect(bad.statusCode).toBe(201);
    const answer = await shop.api.post(`/dashboard/shipping-companies/${bad.json().data.id}/test-connection`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().success).toBe(false);
    expect(answer.body).not.toContain('invalid-token-xyz');
  });

  it('refuses bad input with field errors and never a 500', async () => {
    const shop = await shopWithCompany(world);
    const cases: Array<[unknown, string]> = [
      [
        { kind: 'yalidine', code: 'yalidine2', name: 'Y', base_url: 'http://x.dz', credentials: {} },
        'credentials.api_id',
      ],
      [{ kind: 'pigeon', code: 'p', name: 'P' }, 'kind'],
      [{ kind: 'ecotrack', code: 'unknown-tenant', name: 'E', credentials: { api_token: 't' } }, 'base_url'],
      [{ kind: 'yalidine', code: 'yalidine', name: 'Again', credentials: SANDBOX_CREDENTIALS.yalidine }, 'code'],
      [[1, 2], '_'],
    ];
    for (const [body, field] of cases) {
      const answer = await shop.api.post('/dashboard/shipping-companies', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.json().errors)).toContain(field);
    }
  });

  it('imports fees from the carrier, edits them, and calculates the delivery fee from them', async () => {
    const shop = await shopWithCompany(world);
    const imported = await shop.api.post(`/dashboard/shipping-companies/${shop.companyId}/fees/import`);
    expect(imported.statusCode).toBe(200);
    const alger = imported.json().data.find((f: { state_id: number }) => f.state_id === 16);
    expect(alger.home_fee).toBeGreaterThan(0);
    const edited = await shop.api.put(`/dashboard/shipping-companies/${shop.companyId}/fees`, {
      fees: [
        { state_id: 16, home_fee: 450, stopdesk_fee: 300 },
        { state_id: 1, home_fee: null, stopdesk_fee: null },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const fee = (state_id: number, delivery_type: string) =>
      shop.api.post('/dashboard/orders/calculate-delivery-fee', {
        shipping_company_id: shop.companyId,
        state_id,
        delivery_type,
      });
    expect((await fee(16, 'home_delivery')).json()).toEqual({
      success: true,
      delivery_fee: 450,
      message: 'Delivery fee calculated',
      code: 'shipping.fee_calculated',
      params: {},
    });
    expect((await fee(16, 'stopdesk')).json().delivery_fee).toBe(300);
    expect((await fee(1, 'home_delivery')).json()).toEqual({
      success: false,
      delivery_fee: 0,
      message: 'Failed to calculate delivery fee',
      code: 'shipping.fee_failed',
      params: {},
    });
    expect((await fee(16, 'drone')).statusCode).toBe(422);
  });

  it('seeds Yalidine centres from the static file and answers them per wilaya', async () => {
    const shop = await shopWithCompany(world);
    const all = (await shop.api.get(`/dashboard/shipping-companies/${shop.companyId}/stop-desks`)).json();
    expect(all.total).toBeGreaterThan(50);
    const oran = (await shop.api.get(`/dashboard/shipping-companies/${shop.companyId}/stop-desks?state_id=31`)).json();
    expect(oran.total).toBeGreaterThan(0);
    expect(oran.data.every((d: { state_id: number }) => d.state_id === 31)).toBe(true);
    const refreshed = await shop.api.post(`/dashboard/shipping-companies/${shop.companyId}/stop-desks/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().total).toBeGreaterThan(0);
  });

  it("hides another shop's companies", async () => {
    const mine = await shopWithCompany(world);
    const other = await shopWithCompany(world);
    expect((await other.api.get(`/dashboard/shipping-companies/${mine.companyId}`)).statusCode).toBe(404);
    const fee = await other.api.post('/dashboard/orders/calculate-delivery-fee', {
      shipping_company_id: mine.companyId,
      state_id: 16,
      delivery_type: 'home_delivery',
    });
    expect(fee.statusCode).toBe(422);
  });
});
