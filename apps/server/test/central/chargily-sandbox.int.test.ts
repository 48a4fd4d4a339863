import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { rows } from '../../src/db/client.js';
import { buildApp } from '../../src/http/app.js';
import { createTestTenant, loginAs, openTestApp, testConfig } from '../support/test-db.js';
import { centralAdmin, planWith } from './central-support.js';

// Decision 0140: the Chargily Pay sandbox pays without money, so it runs only when configured,
// never in production, and a checkout is paid only by the shop that opened it, at its plan's price.
const { app, database } = await openTestApp({ CHARGILY_MODE: 'sandbox' });
const admin = await centralAdmin(app, database);

async function shopWithCheckout(period: 'month' | 'year' = 'year') {
  const tenant = await createTestTenant(database);
  const shop = await loginAs(app, tenant.ownerEmail);
  const plan = await planWith(admin, {});
  const opened = await app.inject({
    method: 'POST',
    url: '/dashboard/subscription/checkout',
    headers: { authorization: shop.authorization },
    payload: { plan_id: plan.id, period },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const checkout = opened.json().data as { id: string; checkout_url: string; amount: number };
  return { tenant, shop, plan, checkout, api: `/chargily-sandbox/checkouts/${checkout.id}` };
}

const pay = (url: string, authorization?: string) =>
  app.inject({ method: 'POST', url: `${url}/pay`, headers: authorization ? { authorization } : {} });

async function paymentsOf(tenantId: number) {
  return rows<{ amount: number; method: string; period_months: number }>(
    database.db,
    sql`select amount, method, period_months from payments where tenant_id = ${tenantId} order by id`,
  );
}

async function validTo(tenantId: number) {
  const [row] = await rows<{ valid_to: string }>(
    database.db,
    sql`select valid_to::text as valid_to from subscriptions where tenant_id = ${tenantId} and current`,
  );
  return row!.valid_to;
}

describe('the Chargily Pay sandbox (decision 0140)', () => {
  it('is off unless configured, and refused at start in production', async () => {
    expect(loadConfig({}).CHARGILY_MODE).toBe('off');
    // The former default `auto` no longer turns the sandbox on.
    expect(loadConfig({ CHARGILY_MODE: 'auto' }).CHARGILY_MODE).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'production', CHARGILY_MODE: 'sandbox' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'development', CHARGILY_MODE: 'sandbox' }).CHARGILY_MODE).toBe('sandbox');

    // A server with the default configuration, on the same database: no sandbox route at all.
    const { checkout, shop, tenant } = await shopWithCheckout();
    const plain = await buildApp(testConfig(), database);
    afterAll(() => plain.app.close());
    for (const method of ['GET', 'POST'] as const) {
      const url = `/chargily-sandbox/checkouts/${checkout.id}${method === 'POST' ? '/pay' : ''}`;
      const answer = await plain.app.inject({ method, url, headers: { authorization: shop.authorization } });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const offered = await plain.app.inject({
      method: 'GET',
      url: '/dashboard/subscription/online-payment',
      headers: { authorization: shop.authorization },
    });
    expect(offered.json().data).toMatchObject({ enabled: false, mode: null });
    expect(await paymentsOf(tenant.id)).toEqual([]);
  });

  it('refuses to pay without a session: nothing is recorded', async () => {
    const { tenant, checkout, api } = await shopWithCheckout();
    const before = await validTo(tenant.id);
    expect((await pay(api)).statusCode).toBe(401);
    expect(await paymentsOf(tenant.id)).toEqual([]);
    expect(await validTo(tenant.id)).toBe(before);
    expect((await app.inject({ method: 'GET', url: api })).statusCode).toBe(401);
    // The checkout page is the app's own, where the shop's session is.
    expect(checkout.checkout_url).toBe(`/build${api}`);
  });

  it("another shop can neither see nor pay a shop's checkout: 404, nothing recorded for either", async () => {
    const a = await shopWithCheckout();
    const b = await shopWithCheckout();
    const beforeA = await validTo(a.tenant.id);
    const beforeB = await validTo(b.tenant.id);
    const seen = await app.inject({ method: 'GET', url: a.api, headers: { authorization: b.shop.authorization } });
    expect(seen.statusCode).toBe(404);
    expect(seen.json().code).toBe('checkout.not_found');
    for (const action of ['pay', 'cancel']) {
      const answer = await app.inject({
        method: 'POST',
        url: `${a.api}/${action}`,
        headers: { authorization: b.shop.authorization },
      });
      expect(answer.statusCode, action).toBe(404);
    }
    expect(await paymentsOf(a.tenant.id)).toEqual([]);
    expect(await paymentsOf(b.tenant.id)).toEqual([]);
    expect(await validTo(a.tenant.id)).toBe(beforeA);
    expect(await validTo(b.tenant.id)).toBe(beforeB);
  });

  it('an amount that is not the plan price records nothing: 409 with a code, and the central audit says so', async () => {
    const { tenant, shop, plan, api } = await shopWithCheckout('year');
    const before = await validTo(tenant.id);
    // The plan's yearly price changed after the checkout was opened for 29 000 DA.
    await database.db.execute(sql`update plans set price_year = 119000 where id = ${plan.id}`);
    const refused = await pay(api, shop.authorization);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('checkout.amount_mismatch');
    expect(await paymentsOf(tenant.id)).toEqual([]);
    expect(await validTo(tenant.id)).toBe(before);
    const [audit] = await rows<{ action: string; after: { paid: number; plan_price: number } }>(
      database.db,
      sql`select action, after from central_audit_log where tenant_id = ${tenant.id} and entity = 'chargily_checkout'`,
    );
    expect(audit).toMatchObject({ action: 'payment_refused', after: { paid: 29000, plan_price: 119000 } });
  });

  it("the shop's own session pays its own checkout: exactly the plan's price is recorded, once", async () => {
    const { tenant, shop, checkout, api } = await shopWithCheckout('year');
    expect(checkout.amount).toBe(29000);
    const page = await app.inject({ method: 'GET', url: api, headers: { authorization: shop.authorization } });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ amount: 29000, period_months: 12, status: 'pending' });
    const before = await validTo(tenant.id);
    const paid = await pay(api, shop.authorization);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ outcome: 'paid', return_url: '/build/dashboard?checkout=success' });
    expect(await paymentsOf(tenant.id)).toEqual([{ amount: 29000, method: 'chargily', period_months: 12 }]);
    expect(Date.parse(await validTo(tenant.id))).toBeGreaterThan(Date.parse(before));
    // Paying again changes nothing.
    expect((await pay(api, shop.authorization)).json().data.outcome).toBe('already_paid');
    expect(await paymentsOf(tenant.id)).toHaveLength(1);
  });
});
