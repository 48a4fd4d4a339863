import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { signChargilyBody } from '../../src/modules/payments/chargily-gateway.js';
import { createTestTenant, loginAs, openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';
import { centralAdmin, planWith } from './central-support.js';

const SECRET = `test_sk_${crypto.randomBytes(8).toString('hex')}`;
const { app, database } = await openTestApp({ CHARGILY_MODE: 'sandbox', CHARGILY_SECRET_KEY: SECRET });
const admin = await centralAdmin(app, database);

let phoneSeq = Math.floor(Math.random() * 9_000_000);
const nextPhone = () => `055${String(1_000_000 + (phoneSeq++ % 8_999_999)).padStart(7, '0')}`;
const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function signup(overrides: Record<string, unknown> = {}, ip = randomIp()) {
  const name = unique('Boutique');
  return app.inject({
    method: 'POST',
    url: '/central/register',
    remoteAddress: ip,
    payload: {
      shop_name: name,
      owner_name: 'Yacine Owner',
      phone: nextPhone(),
      email: `${name.toLowerCase()}@signup.dz`,
      wilaya_id: 16,
      expected_orders: 300,
      locale: 'fr',
      ...overrides,
    },
  });
}

/** A shop owner opens an online-payment checkout of a plan for a month or a year. */
function openCheckout(authorization: string, planId: number, period: 'month' | 'year') {
  return app.inject({
    method: 'POST',
    url: '/dashboard/subscription/checkout',
    headers: { authorization },
    payload: { plan_id: planId, period },
  });
}

async function waitingOf(email: string) {
  const [row] = await rows<{ id: number; status: string; tenant_id: number | null }>(
    database.db,
    sql`select id, status, tenant_id from waiting_list where email = ${email}`,
  );
  return row;
}

describe('public sign-up and the waiting list (issue 19.5)', () => {
  it('refuses bad input field by field and serves the plans and wilayas publicly', async () => {
    const bad = await signup({ shop_name: '', phone: '123', email: 'nope', wilaya_id: 99, expected_orders: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(
      ['email', 'expected_orders', 'phone', 'shop_name', 'wilaya_id'].sort(),
    );
    const plans = await app.inject({ method: 'GET', url: '/central/public/plans' });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().data.some((p: { is_trial: boolean }) => p.is_trial)).toBe(true);
    const states = await app.inject({ method: 'GET', url: '/central/public/states' });
    expect(states.json().data).toHaveLength(58);
  });

  it('register -> waiting list -> approve (twice) -> exactly one tenant whose owner sets a password and signs in', async () => {
    const email = `${unique('owner')}@signup.dz`;
    const created = await signup({ email });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'register.waiting', data: { status: 'waiting' } });
    const entry = (await waitingOf(email))!;
    expect(entry.status).toBe('pending');

    const again = await signup({ email: email.toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json().error_codes.email[0].code).toBe('register.email_taken');

    const [first, second] = await Promise.all([
      admin.post(`/central/waiting-list/${entry.id}/approve`),
      admin.post(`/central/waiting-list/${entry.id}/approve`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const tenants = await rows<{ id: number }>(
      database.db,
      sql`select t.id from tenants t join users u on u.tenant_id = t.id where lower(u.email) = lower(${email})`,
    );
    expect(tenants).toHaveLength(1);
    const approved = (await waitingOf(email))!;
    expect(approved).toMatchObject({ status: 'approved', tenant_id: tenants[0]!.id });
    const [sub] = await rows<{ plan: string; status: string }>(
      database.db,
      sql`select p.name as plan, s.status from subscriptions s join plans p on p.id = s.plan_id
          where s.tenant_id = ${tenants[0]!.id} and s.current`,
    );
    expect(sub).toEqual({ plan: 'Trial', status: 'trialing' });

    const [mail] = await rows<{ body: string }>(
      database.db,
      sql`select body from mail_outbox where to_email = ${email} order by id desc limit 1`,
    );
    const link = /resetpassword\?token=([^&\s]+)/.exec(mail!.body);
    expect(link).not.toBeNull();
    const reset = await app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: { token: link![1], email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await loginAs(app, email);
    expect(login.token).toBeTruthy();

    const waiting = await admin.get('/central/waiting-list?status=approved');
    expect(waiting.json().data.some((w: { id: number }) => w.id === entry.id)).toBe(true);
  });

  it('rejects with a reason; a honeypot stores nothing; an address is limited to 5 sign-ups an hour', async () => {
    const email = `${unique('reject')}@signup.dz`;
    await signup({ email });
    const entry = (await waitingOf(email))!;
    const noReason = await admin.post(`/central/waiting-list/${entry.id}/reject`, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect((await admin.post(`/central/waiting-list/${entry.id}/reject`, { reason: 'Duplicate' })).statusCode).toBe(
      200,
    );
    expect((await waitingOf(email))!.status).toBe('rejected');

    const botEmail = `${unique('bot')}@signup.dz`;
    const bot = await signup({ email: botEmail, website: 'http://spam.example' });
    expect(bot.statusCode).toBe(201);
    expect(await waitingOf(botEmail)).toBeUndefined();

    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) expect((await signup({}, ip)).statusCode).toBe(201);
    const limited = await signup({}, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('with open sign-up the shop is created on the Trial at once', async () => {
    const before = (await admin.get('/central/settings')).json().data;
    await admin.put('/central/settings', { ...before, open_signup: true });
    try {
      const email = `${unique('open')}@signup.dz`;
      const created = await signup({ email });
      expect(created.json()).toMatchObject({ code: 'register.created', data: { status: 'created' } });
      expect((await waitingOf(email))!.status).toBe('approved');
    } finally {
      await admin.put('/central/settings', { ...before, open_signup: false });
    }
  });
});

describe('the central dashboard (issue 19.6)', () => {
  it('answers the figures and 30 days of orders', async () => {
    const answer = await admin.get('/central/dashboard');
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.tenants.trialing).toBeGreaterThan(0);
    expect(data.orders_per_day).toHaveLength(30);
    expect(data.signups_per_week).toHaveLength(8);
    expect(typeof data.mrr).toBe('number');
  });
});

describe('Chargily Pay (issue 19.4)', () => {
  async function shopCheckout(priceMonth = 2900) {
    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    const plan = await planWith(admin, {});
    if (priceMonth !== 2900)
      await database.db.execute(sql`update plans set price_month = ${priceMonth} where id = ${plan.id}`);
    const opened = await openCheckout(shop.authorization, plan.id, 'month');
    expect(opened.statusCode, opened.body).toBe(201);
    return { tenant, shop, plan, checkout: opened.json().data as { id: string; checkout_url: string; amount: number } };
  }

  async function validTo(tenantId: number) {
    const [row] = await rows<{ valid_to: string; plan: string }>(
      database.db,
      sql`select s.valid_to::text as valid_to, p.name as plan from subscriptions s join plans p on p.id = s.plan_id
          where s.tenant_id = ${tenantId} and s.current`,
    );
    return row!;
  }

  const deliver = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/webhooks/chargily',
      headers: { 'content-type': 'application/json', signature },
      payload: body,
    });

  const paidEvent = (checkout: { id: string; amount: number }, overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: `evt_${crypto.randomBytes(6).toString('hex')}`,
      entity: 'event',
      type: 'checkout.paid',
      data: { id: checkout.id, amount: checkout.amount, currency: 'dzd', status: 'paid', ...overrides },
    });

  it('a valid signature records one payment and extends; a replay and a second event change nothing', async () => {
    const { tenant, plan, checkout } = await shopCheckout();
    const before = await validTo(tenant.id);
    const body = paidEvent(checkout);
    const first = await deliver(body, signChargilyBody(body, SECRET));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().outcome).toBe('paid');
    const after = await validTo(tenant.id);
    expect(after.plan).toBe(plan.name);
    expect(Date.parse(after.valid_to)).toBeGreaterThan(Date.parse(before.valid_to));

    const replay = await deliver(body, signChargilyBody(body, SECRET));
    expect(replay.json().outcome).toBe('duplicate');
    const other = paidEvent(checkout);
    expect((await deliver(other, signChargilyBody(other, SECRET))).json().outcome).toBe('already_paid');
    expect((await validTo(tenant.id)).valid_to).toBe(after.valid_to);
    const payments = await rows<{ method: string; amount: number; recorded_by: number | null }>(
      database.db,
      sql`select method, amount, recorded_by from payments where tenant_id = ${tenant.id}`,
    );
    expect(payments).toEqual([{ method: 'chargily', amount: 2900, recorded_by: null }]);
  });

  it('an invalid or missing signature is refused with 403 and changes nothing; a wrong amount is not recorded', async () => {
    const { tenant, checkout } = await shopCheckout();
    const before = await validTo(tenant.id);
    const body = paidEvent(checkout);
    expect((await deliver(body, signChargilyBody(body, 'wrong-secret'))).statusCode).toBe(403);
    expect((await deliver(body, '')).statusCode).toBe(403);
    const tampered = body.replace('"amount":2900', '"amount":29');
    expect((await deliver(tampered, signChargilyBody(body, SECRET))).statusCode).toBe(403);
    const cheap = paidEvent(checkout, { amount: 100 });
    expect((await deliver(cheap, signChargilyBody(cheap, SECRET))).json().outcome).toBe('amount_mismatch');
    expect((await validTo(tenant.id)).valid_to).toBe(before.valid_to);
  });

  it('the sandbox checkout page pays through its signed webhook, delivered twice, extending once', async () => {
    const { tenant, shop, checkout } = await shopCheckout();
    // The page is the app's (decision 0140); it reads and pays with the shop's own session.
    const path = new URL(checkout.checkout_url, 'http://app.test').pathname.replace(/^\/build/, '');
    const headers = { authorization: shop.authorization };
    const page = await app.inject({ method: 'GET', url: path, headers });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.amount).toBe(2900);
    const before = await validTo(tenant.id);
    const paid = await app.inject({ method: 'POST', url: `${path}/pay`, headers });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.return_url).toContain('checkout=success');
    const payments = await rows(database.db, sql`select id from payments where tenant_id = ${tenant.id}`);
    expect(payments).toHaveLength(1);
    expect(Date.parse((await validTo(tenant.id)).valid_to)).toBeGreaterThan(Date.parse(before.valid_to));
  });

  it('an expired shop may open a checkout; the Trial is not payable', async () => {
    const tenant = await createTestTenant(database);
    await database.db.execute(
      sql`update subscriptions set status = 'expired' where tenant_id = ${tenant.id} and current`,
    );
    const shop = await loginAs(app, tenant.ownerEmail);
    const plans = await app.inject({
      method: 'GET',
      url: '/dashboard/subscription/online-payment',
      headers: { authorization: shop.authorization },
    });
    expect(plans.json().data.enabled).toBe(true);
    const plan = plans.json().data.plans[0] as { id: number };
    const opened = await openCheckout(shop.authorization, plan.id, 'year');
    expect(opened.statusCode, opened.body).toBe(201);
    const [trial] = await rows<{ id: number }>(database.db, sql`select id from plans where is_trial`);
    const refused = await openCheckout(shop.authorization, trial!.id, 'month');
    expect(refused.statusCode).toBe(422);
  });
});

describe('plan feature switches (docs/decisions/0099)', () => {
  it('a plan without exports answers 402 naming the plan; with the switch on the route is reached', async () => {
    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    const plan = await planWith(admin, {});
    await database.db.execute(sql`update plans set features = '{"exports": false}' where id = ${plan.id}`);
    expect((await admin.post(`/central/tenants/${tenant.id}/plan`, { plan_id: plan.id })).statusCode).toBe(200);
    const refused = await app.inject({
      method: 'POST',
      url: '/dashboard/orders/export-xlsx',
      headers: { authorization: shop.authorization },
      payload: { order_ids: [1] },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'plan.feature_missing',
      params: { plan: plan.name, feature: 'exports' },
    });

    await database.db.execute(sql`update plans set features = '{"exports": true}' where id = ${plan.id}`);
    const reached = await app.inject({
      method: 'POST',
      url: '/dashboard/orders/export-xlsx',
      headers: { authorization: shop.authorization },
      payload: { order_ids: [] },
    });
    expect(reached.statusCode).toBe(422);
  });
});

describe('payment receipt PDF (issue 19.4)', () => {
  it('prints a payment in Arabic and French', async () => {
    const tenant = await createTestTenant(database);
    const recorded = await admin.post('/central/payments', {
      tenant_id: tenant.id,
      amount: 2900,
      method: 'ccp',
      reference: 'CCP 123',
      paid_on: '2026-11-20',
      period_months: 1,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const id = recorded.json().data.id as number;
    for (const locale of ['ar', 'fr']) {
      const pdf = await admin.get(`/central/payments/${id}/receipt.pdf?locale=${locale}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.rawPayload.length).toBeGreaterThan(2000);
    }
    expect((await admin.get('/central/payments/999999/receipt.pdf')).statusCode).toBe(404);
  });
});
