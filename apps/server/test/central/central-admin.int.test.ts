import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { monthIn } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { moveSubscriptions, runSubscriptionDay } from '../../src/modules/subscriptions/subscriptions.service.js';
import { splitByOrderQuota } from '../../src/modules/subscriptions/plan-limits.js';
import { clientOf, orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { createTestTenant, loginAs, openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';
import { centralAdmin, planWith } from './central-support.js';

const { app, database } = await openTestApp();
const admin = await centralAdmin(app, database);
const DAY = 24 * 60 * 60 * 1000;

async function subscriptionOf(tenantId: number) {
  const [row] = await rows<{ id: number; status: string; valid_to: string; plan: string }>(
    database.db,
    sql`select s.id, s.status, to_char(s.valid_to at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as valid_to,
               p.name as plan
        from subscriptions s join plans p on p.id = s.plan_id where s.tenant_id = ${tenantId} and s.current`,
  );
  return row!;
}

async function setValidTo(tenantId: number, validTo: Date) {
  await database.db.execute(
    sql`update subscriptions set valid_to = ${validTo.toISOString()} where tenant_id = ${tenantId} and current`,
  );
}

describe('central realm boundaries', () => {
  it('central routes refuse shop tokens and shop routes refuse central tokens', async () => {
    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    for (const url of ['/central/plans', '/central/tenants', '/central/payments', '/central/subscriptions']) {
      const refused = await app.inject({ method: 'GET', url, headers: { authorization: shop.authorization } });
      expect(refused.statusCode, url).toBe(401);
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
    expect((await admin.get('/dashboard/page-props')).statusCode).toBe(401);
    expect((await admin.get('/dashboard/orders')).statusCode).toBe(401);
  });
});

describe('plans (issue 19.1)', () => {
  it('creates, edits and archives a plan; the Trial cannot be archived; archived plans keep subscribers', async () => {
    const plan = await planWith(admin, { max_orders_per_month: 100, max_users: 2 });
    const listed = (await admin.get('/central/plans')).json().data as Array<{ id: number; is_trial: boolean }>;
    expect(listed.some((p) => p.id === plan.id)).toBe(true);
    const trial = listed.find((p) => p.is_trial)!;
    expect(trial).toMatchObject({ name: 'Trial', duration_days: 14 });
    expect((await admin.post(`/central/plans/${trial.id}/archive`)).json().code).toBe('plan.trial_not_archivable');

    const bad = await admin.put(`/central/plans/${plan.id}`, { name: '', price_month: -1, price_year: 1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'price_month']));

    const tenant = await createTestTenant(database);
    expect((await admin.post(`/central/tenants/${tenant.id}/plan`, { plan_id: plan.id })).statusCode).toBe(200);
    expect((await admin.post(`/central/plans/${plan.id}/archive`)).statusCode).toBe(200);
    expect((await subscriptionOf(tenant.id)).plan).toBe(plan.name);
    const other = await createTestTenant(database);
    const refused = await admin.post(`/central/tenants/${other.id}/plan`, { plan_id: plan.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.plan_id).toEqual(['This plan is archived and cannot be chosen.']);
  });
});

describe('tenants (issue 19.2)', () => {
  it('creates a shop with its owner on the Trial, lists and shows it with usage, users and audit', async () => {
    const cqName = unique('central');
    const created = await admin.post('/central/tenants', {
      cq_name: cqName,
      name: 'Boutique Centrale',
      owner_email: `${cqName}@test.dz`,
      owner_name: 'Amina Owner',
      owner_password: TEST_PASSWORD,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data as { id: number };
    await loginAs(app, `${cqName}@test.dz`);
    const duplicate = await admin.post('/central/tenants', {
      cq_name: cqName,
      owner_email: `${cqName}@test.dz`,
      owner_password: TEST_PASSWORD,
    });
    expect(duplicate.statusCode).toBe(422);

    const list = (await admin.get(`/central/tenants?search=${cqName}`)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, plan: 'Trial', status: 'trialing', users: 1 });
    const shown = (await admin.get(`/central/tenants/${id}`)).json().data;
    expect(shown.usage.orders).toEqual({ used: 0, limit: null });
    expect(shown.users[0]).toMatchObject({ email: `${cqName}@test.dz`, role: 'Owner' });
    expect(shown.last_activity).not.toBeNull();
    expect(shown.audit[0]).toMatchObject({ action: 'create', entity: 'tenant', admin_name: 'Central Tester' });
    expect((await admin.get('/central/tenants/999999')).statusCode).toBe(404);
  });

  it('suspends a shop: its writes get 402 at once, its reads stay open; reactivation restores them', async () => {
    const shop = await shopWithCatalogue(app, database);
    expect((await shop.api.post('/dashboard/orders', orderBody(shop))).statusCode).toBe(201);
    const channel = (await shop.api.post('/dashboard/sales-channels', { name: 'Site', source_type: 'website' })).json();

    expect((await admin.post(`/central/tenants/${shop.tenant.id}/suspend`, { reason: 'unpaid' })).statusCode).toBe(200);
    const refused = await shop.api.post('/dashboard/orders', orderBody(shop));
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'subscription.suspended_write' });
    const intake = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-intake-key': channel.intake_key },
      payload: orderBody(shop),
    });
    expect(intake.statusCode).toBe(402);
    expect((await shop.api.get('/dashboard/orders')).statusCode).toBe(200);
    const props = (await shop.api.get('/dashboard/page-props')).json();
    expect(props.tenant_payment_status.status).toBe('suspended');

    expect((await admin.post(`/central/tenants/${shop.tenant.id}/reactivate`)).statusCode).toBe(200);
    expect((await shop.api.post('/dashboard/orders', orderBody(shop))).statusCode).toBe(201);
    const audit = (await admin.get(`/central/tenants/${shop.tenant.id}`)).json().data.audit;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['suspend', 'reactivate']));
  });

  it('extends valid_to by days from max(now, valid_to)', async () => {
    const tenant = await createTestTenant(database);
    const before = new Date((await subscriptionOf(tenant.id)).valid_to);
    expect((await admin.post(`/central/tenants/${tenant.id}/extend`, { days: 10 })).statusCode).toBe(200);
    expect(new Date((await subscriptionOf(tenant.id)).valid_to).getTime() - before.getTime()).toBe(10 * DAY);
  });
});

describe('subscriptions and the daily job (issue 19.3)', () => {
  it('moves a Trial to past_due after valid_to, then to expired after the grace days, on the job clock', async () => {
    const tenant = await createTestTenant(database);
    const validTo = new Date((await subscriptionOf(tenant.id)).valid_to);
    expect((await subscriptionOf(tenant.id)).status).toBe('trialing');
    const only = { tenantIds: [tenant.id] };

    await moveSubscriptions(database.db, new Date(validTo.getTime() - DAY), only);
    expect((await subscriptionOf(tenant.id)).status).toBe('trialing');
    await moveSubscriptions(database.db, new Date(validTo.getTime() + 60_000), only);
    expect((await subscriptionOf(tenant.id)).status).toBe('past_due');
    const shop = await loginAs(app, tenant.ownerEmail);
    const api = clientOf(app, shop.authorization);
    expect((await api.get('/dashboard/page-props')).json().tenant_payment_status.status).toBe('past_due');
    await moveSubscriptions(database.db, new Date(validTo.getTime() + 2 * DAY), only);
    expect((await subscriptionOf(tenant.id)).status).toBe('past_due');
    await moveSubscriptions(database.db, new Date(validTo.getTime() + 3 * DAY + 60_000), only);
    expect((await subscriptionOf(tenant.id)).status).toBe('expired');

    // Expired: writes refused with 402, reads and the export still answer.
    const write = await api.post('/dashboard/sales-channels', { name: 'Site', source_type: 'website' });
    expect(write.statusCode).toBe(402);
    expect(write.json().code).toBe('subscription.expired_write');
    expect((await api.get('/dashboard/orders')).statusCode).toBe(200);
    const exported = await api.post('/dashboard/orders/export-xlsx', { ids: [] });
    expect(exported.statusCode).not.toBe(402);
    expect((await api.get('/dashboard/page-props')).json().tenant_payment_status.status).toBe('expired');
  });

  it('runs a day once however often it is started, and writes each reminder once', async () => {
    const tenant = await createTestTenant(database);
    const validTo = new Date((await subscriptionOf(tenant.id)).valid_to);
    // A day far from any other test's: 7 days before valid_to, in some past year.
    const now = new Date(validTo.getTime() - 7 * DAY);
    await setValidTo(tenant.id, validTo);
    const first = await runSubscriptionDay(database.db, now, { tenantIds: [tenant.id] });
    const again = await runSubscriptionDay(database.db, now, { tenantIds: [tenant.id] });
    expect([first.ran, again.ran].filter(Boolean).length).toBeLessThanOrEqual(1);
    await moveSubscriptions(database.db, now, { tenantIds: [tenant.id] });
    await moveSubscriptions(database.db, now, { tenantIds: [tenant.id] });
    const mails = await rows<{ subject: string; to_email: string }>(
      database.db,
      sql`select subject, to_email from mail_outbox where tenant_id = ${tenant.id} and subject like '%ends in%'`,
    );
    expect(mails).toEqual([{ subject: expect.stringContaining('ends in 7 days'), to_email: tenant.ownerEmail }]);
  });
});

describe('payments (issue 19.4)', () => {
  it('extends from valid_to while it is in the future, from now once it has passed; a void takes it back', async () => {
    const tenant = await createTestTenant(database);
    const pro = ((await admin.get('/central/plans')).json().data as Array<{ id: number; name: string }>).find(
      (p) => p.name === 'Pro',
    )!;
    const future = new Date((await subscriptionOf(tenant.id)).valid_to);
    const pay = (fields: Record<string, unknown>) =>
      admin.post('/central/payments', {
        tenant_id: tenant.id,
        amount: 5900,
        method: 'ccp',
        reference: 'CCP-123',
        paid_on: '2026-11-25',
        period_months: 1,
        ...fields,
      });
    const first = await pay({ plan_id: pro.id });
    expect(first.statusCode, first.body).toBe(201);
    const after = await subscriptionOf(tenant.id);
    expect(after).toMatchObject({ plan: 'Pro', status: 'active' });
    const expected = new Date(future);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(after.valid_to).toBe(expected.toISOString());
    expect(first.json().data).toMatchObject({ amount: 5900, method: 'ccp', recorded_by: 'Central Tester' });

    // Long expired: the next month starts today, not at the old valid_to.
    const past = new Date(Date.now() - 40 * DAY);
    await setValidTo(tenant.id, past);
    const before = Date.now();
    const second = await pay({});
    expect(second.statusCode).toBe(201);
    const extended = new Date((await subscriptionOf(tenant.id)).valid_to).getTime();
    expect(extended).toBeGreaterThanOrEqual(before + 28 * DAY);
    expect(extended).toBeLessThanOrEqual(Date.now() + 31 * DAY);

    const voided = await admin.post(`/central/payments/${second.json().data.id}/void`, { reason: 'cheque bounced' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data).toMatchObject({ void_reason: 'cheque bounced', voided_by: 'Central Tester' });
    expect((await subscriptionOf(tenant.id)).valid_to).toBe(past.toISOString());
    expect((await admin.post(`/central/payments/${second.json().data.id}/void`, { reason: 'again' })).statusCode).toBe(
      409,
    );
    const shown = (await admin.get(`/central/tenants/${tenant.id}`)).json().data;
    expect(shown.payments).toHaveLength(2);
    expect(shown.audit.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['record_payment', 'void_payment']),
    );
  });

  it('stores a receipt whose bytes match its type and refuses a disguised one', async () => {
    const tenant = await createTestTenant(database);
    const form = (fileName: string, data: Buffer) => {
      const boundary = 'X-BOUNDARY-19';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(
          field('tenant_id', String(tenant.id)) +
            field('amount', '2900') +
            field('method', 'baridimob') +
            field('paid_on', '2026-11-20') +
            field('period_months', '1'),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: '/central/payments',
        headers: { authorization: admin.authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const ok = await form('recu.pdf', pdf);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ has_receipt: true, receipt_name: 'recu.pdf', method: 'baridimob' });
    const receipt = await admin.get(`/central/payments/${ok.json().data.id}/receipt`);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.equals(pdf)).toBe(true);
    const disguised = await form('recu.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().error_codes.receipt[0].code).toBe('payment.receipt_type');
  });
});

describe('plan limits (issue 19.7)', () => {
  it('50 concurrent order creations with 10 left in the month create exactly 10 (form)', async () => {
    const shop = await shopWithCatalogue(app, database);
    const plan = await planWith(admin, { max_orders_per_month: 1000 });
    await admin.post(`/central/tenants/${shop.tenant.id}/plan`, { plan_id: plan.id });
    await withTenant(database.db, shop.tenant.id, (tx) =>
      tx.execute(sql`insert into tenant_usage (tenant_id, month, orders) values (${shop.tenant.id}, ${monthIn(new Date())}, 990)
                     on conflict (tenant_id, month) do update set orders = 990`),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, () => shop.api.post('/dashboard/orders', orderBody(shop))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.statusCode === 402)).toBe(true);
    expect(refused[0]!.json()).toMatchObject({
      code: 'plan.order_limit',
      params: { plan: plan.name, limit: 1000 },
    });
    const [count] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from orders where tenant_id = ${shop.tenant.id}`,
    );
    expect(Number(count!.n)).toBe(10);
  });

  it('50 concurrent intake requests with 10 left create exactly 10', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = (await shop.api.post('/dashboard/sales-channels', { name: 'Site', source_type: 'website' })).json();
    const plan = await planWith(admin, { max_orders_per_month: 10 });
    await admin.post(`/central/tenants/${shop.tenant.id}/plan`, { plan_id: plan.id });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { 'x-intake-key': channel.intake_key },
          payload: orderBody(shop),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(40);
  });

  it('an import chunk keeps the rows the quota allows and refuses the rest as row errors', async () => {
    const tenant = await createTestTenant(database);
    const plan = await planWith(admin, { max_orders_per_month: 3 });
    await admin.post(`/central/tenants/${tenant.id}/plan`, { plan_id: plan.id });
    const split = await withTenant(database.db, tenant.id, (tx) => splitByOrderQuota(tx, tenant.id, [1, 2, 3, 4, 5]));
    expect(split.allowed).toEqual([1, 2, 3]);
    expect(split.refused).toEqual([4, 5]);
    expect(split.message).toBe(
      `The ${plan.name} plan allows 3 orders per calendar month and this month's quota is used up.`,
    );
  });

  it('refuses a sales channel and a shipping company past the plan limit', async () => {
    const tenant = await createTestTenant(database);
    const api = clientOf(app, (await loginAs(app, tenant.ownerEmail)).authorization);
    const plan = await planWith(admin, { max_sales_channels: 1, max_shipping_companies: 0 });
    await admin.post(`/central/tenants/${tenant.id}/plan`, { plan_id: plan.id });
    expect((await api.post('/dashboard/sales-channels', { name: 'One', source_type: 'website' })).statusCode).toBe(201);
    const second = await api.post('/dashboard/sales-channels', { name: 'Two', source_type: 'website' });
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({ code: 'plan.channel_limit', params: { plan: plan.name, limit: 1 } });
    const carrier = await api.post('/dashboard/shipping-companies', { code: 'yalidine', name: 'Yalidine' });
    expect([402, 422]).toContain(carrier.statusCode);
  });
});

describe('support WhatsApp number (SPEC 1, issue 12.7)', () => {
  it('is a central setting the shops read', async () => {
    const tenant = await createTestTenant(database);
    const api = clientOf(app, (await loginAs(app, tenant.ownerEmail)).authorization);
    const bad = await admin.put('/central/settings', { support_whatsapp: 'call me', grace_days: 3 });
    expect(bad.statusCode).toBe(422);
    expect(
      (await admin.put('/central/settings', { support_whatsapp: '+213 555 12 34 56', grace_days: 3 })).statusCode,
    ).toBe(200);
    expect((await api.get('/dashboard/support-contact')).json()).toEqual({ whatsapp: '213555123456' });
    expect((await admin.get('/central/settings')).json().data).toEqual({
      support_whatsapp: '213555123456',
      grace_days: 3,
      open_signup: false,
    });
  });
});
