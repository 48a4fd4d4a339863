import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withSystem, withTenant } from '../../src/db/tenant-context.js';
import {
  createTestTenant,
  createTestUser,
  loginAs,
  openTestApp,
  TEST_PASSWORD,
  unique,
  type TTestTenant,
} from '../support/test-db.js';
import { clientOf, createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { centralAdmin, planWith } from '../central/central-support.js';

const { app, database } = await openTestApp();

async function ownerOfNewShop() {
  const tenant = await createTestTenant(database);
  const { authorization } = await loginAs(app, tenant.ownerEmail);
  return { tenant, owner: clientOf(app, authorization) };
}

/** A support agent's body for the users route: its name, e-mail and the rest (commission, password). */
const supportAgent = (tenant: TTestTenant, name: string, email: string, rest: Record<string, unknown>) => ({
  name,
  email,
  role_id: tenant.roleIds.get('Support Agent'),
  ...rest,
});

const fixedOnDelivery = (amount: number) => ({
  commission_type: 'fixed',
  commission_amount: amount,
  commission_on: 'delivered',
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('users: invitations (issue 18.1)', () => {
  it('invites by e-mail: a one-use set-password link, mailed through the outbox and answered to copy', async () => {
    const { tenant, owner } = await ownerOfNewShop();
    const email = `${unique('invited')}@test.dz`;
    const invited = await owner.post(
      '/dashboard/users',
      supportAgent(tenant, 'Lina Agent', email, fixedOnDelivery(150)),
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const body = invited.json();
    expect(body.user).toMatchObject({
      email,
      invitation_pending: true,
      commission_type: 'fixed',
      commission_amount: 150,
    });
    expect(body.link).toContain('/build/resetpassword?token=');
    const hours = (new Date(body.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const mail = await withSystem(database.db, (tx) =>
      rows<{ body: string }>(tx, sql`select body from mail_outbox where to_email = ${email}`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(body.link);

    // No password yet: nobody signs in with an empty one.
    const blank = await app.inject({ method: 'POST', url: '/login', payload: { email, password: '' } });
    expect(blank.statusCode).toBe(422);

    const reset = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/reset-password',
        payload: { token, email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      });
    expect((await reset(tokenOf(body.link))).statusCode).toBe(200);
    await loginAs(app, email, 'brand-new-pass');
    // The link works once.
    expect((await reset(tokenOf(body.link))).statusCode).toBe(422);
    const after = (await owner.get(`/dashboard/users/${body.user.id}`)).json();
    expect(after.invitation_pending).toBe(false);
    expect((await owner.post(`/dashboard/users/${body.user.id}/resend-invitation`)).json().code).toBe(
      'team.invitation_not_pending',
    );
  });

  it("writes the invitation in the inviter's language, which the new member starts with", async () => {
    const { tenant, owner } = await ownerOfNewShop();
    expect((await owner.post('/locale', { locale: 'ar' })).statusCode).toBe(200);
    const email = `${unique('invited-ar')}@test.dz`;
    const invited = await owner.post('/dashboard/users', supportAgent(tenant, 'Amina', email, fixedOnDelivery(100)));
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await withSystem(database.db, (tx) =>
      rows<{ subject: string; body: string }>(tx, sql`select subject, body from mail_outbox where to_email = ${email}`),
    );
    expect(mail!.subject).toBe('تمت دعوتك إلى المتجر');
    expect(mail!.body).toContain('مرحبًا Amina');
    expect(mail!.body).toContain(invited.json().link);
    const [user] = await withSystem(database.db, (tx) =>
      rows<{ locale: string }>(tx, sql`select locale from users where email = ${email}`),
    );
    expect(user!.locale).toBe('ar');
  });

  it('re-sending an invitation spends the earlier link', async () => {
    const { tenant, owner } = await ownerOfNewShop();
    const email = `${unique('invited')}@test.dz`;
    const first = (
      await owner.post('/dashboard/users', { name: 'A', email, role_id: tenant.roleIds.get('Manager') })
    ).json();
    const second = (await owner.post(`/dashboard/users/${first.user.id}/resend-invitation`)).json();
    expect(second.link).not.toBe(first.link);
    const reset = (link: string) =>
      app.inject({
        method: 'POST',
        url: '/reset-password',
        payload: { token: tokenOf(link), email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      });
    expect((await reset(first.link)).statusCode).toBe(422);
    expect((await reset(second.link)).statusCode).toBe(200);
  });

  it('creates with a password, refuses a taken e-mail, checks the commission', async () => {
    const { tenant, owner } = await ownerOfNewShop();
    const email = `${unique('made')}@test.dz`;
    const made = await owner.post(
      '/dashboard/users',
      supportAgent(tenant, 'Made', email, {
        password: TEST_PASSWORD,
        commission_type: 'percent',
        commission_rate: 2.5,
        commission_on: 'confirmed',
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ link: null, user: { invitation_pending: false, commission_rate: 2.5 } });
    await loginAs(app, email);
    const taken = await owner.post('/dashboard/users', {
      name: 'X',
      email: email.toUpperCase(),
      role_id: tenant.roleIds.get('Manager'),
    });
    expect(taken.json().error_codes.email[0].code).toBe('team.email_taken');
    const noAmount = await owner.post('/dashboard/users', {
      name: 'X',
      email: `${unique('x')}@test.dz`,
      role_id: tenant.roleIds.get('Manager'),
      commission_type: 'fixed',
    });
    expect(noAmount.json().error_codes.commission_amount[0].code).toBe('team.commission_amount_required');
    const [stored] = await withTenant(database.db, tenant.id, (tx) =>
      rows<{ commission_type: string; commission_rate: string; commission_amount: string; commission_on: string }>(
        tx,
        sql`select commission_type, commission_rate, commission_amount, commission_on from users where lower(email) = ${email}`,
      ),
    );
    expect(stored).toEqual({
      commission_type: 'percent',
      commission_rate: '2.50',
      commission_amount: '0.00',
      commission_on: 'confirmed',
    });
  });
});

describe('users: edit, deactivate, reset (issue 18.1)', () => {
  it("refuses a deactivated user's token on the very next request", async () => {
    const { tenant, owner } = await ownerOfNewShop();
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const { authorization } = await loginAs(app, agent.email);
    expect((await app.inject({ method: 'GET', url: '/me', headers: { authorization } })).statusCode).toBe(200);
    const off = await owner.post(`/dashboard/users/${agent.id}/deactivate`, { reassign_to: null });
    expect(off.statusCode, off.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/me', headers: { authorization } })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/login', payload: { email: agent.email, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(422);
    expect((await owner.post(`/dashboard/users/${agent.id}/activate`)).json().active).toBe(true);
    // The ended session stays ended; a new sign-in works.
    expect((await app.inject({ method: 'GET', url: '/me', headers: { authorization } })).statusCode).toBe(401);
    await loginAs(app, agent.email);
  });

  it('never deactivates nor demotes the last owner; a second owner can be', async () => {
    const { tenant, owner } = await ownerOfNewShop();
    const manager = await createTestUser(database, tenant, 'Manager');
    const managerApi = clientOf(app, (await loginAs(app, manager.email)).authorization);
    // Only an owner acts on an owner's account at all (decision 0139).
    const demote = await managerApi.put(`/dashboard/users/${tenant.ownerId}`, {
      name: 'Owner Test',
      role_id: tenant.roleIds.get('Manager'),
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().code).toBe('team.only_owner_acts_on_owner');
    expect((await managerApi.post(`/dashboard/users/${tenant.ownerId}/deactivate`)).json().code).toBe(
      'team.only_owner_acts_on_owner',
    );
    // Nobody changes their own role (decision 0139), the last owner least of all.
    const selfDemote = await owner.put(`/dashboard/users/${tenant.ownerId}`, {
      name: 'Owner Test',
      role_id: tenant.roleIds.get('Manager'),
    });
    expect(selfDemote.json().code).toBe('team.own_role_locked');
    // A second owner: now the first may be demoted, by the second.
    const promoted = await owner.put(`/dashboard/users/${manager.id}`, {
      name: 'Co-owner',
      role_id: tenant.roleIds.get('Owner'),
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const coOwner = clientOf(app, (await loginAs(app, manager.email)).authorization);
    const now = await coOwner.put(`/dashboard/users/${tenant.ownerId}`, {
      name: 'Owner Test',
      role_id: tenant.roleIds.get('Manager'),
    });
    expect(now.statusCode, now.body).toBe(200);
    // The co-owner, now the last, cannot be deactivated by anyone.
    const formerOwner = clientOf(app, (await loginAs(app, tenant.ownerEmail)).authorization);
    expect((await formerOwner.post(`/dashboard/users/${manager.id}/deactivate`)).statusCode).toBe(403);
    const owners = await withTenant(database.db, tenant.id, (tx) =>
      rows(
        tx,
        sql`select u.id from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id where r.name = 'Owner' and u.active`,
      ),
    );
    expect(owners).toHaveLength(1);
  });

  it("hands the deactivated agent's open orders to the chosen agent, or leaves them", async () => {
    const shop = await shopWithCatalogue(app, database);
    const a = await createTestUser(database, shop.tenant, 'Support Agent', { name: 'Agent A' });
    const b = await createTestUser(database, shop.tenant, 'Support Agent', { name: 'Agent B' });
    const c = await createTestUser(database, shop.tenant, 'Support Agent', { name: 'Agent C' });
    const mine: number[] = [];
    for (let i = 0; i < 3; i++) mine.push((await createOrder(shop.api, orderBody(shop, { agent_id: a.id }))).id);
    const cOrder = (await createOrder(shop.api, orderBody(shop, { agent_id: c.id }))).id;
    const off = await shop.api.post(`/dashboard/users/${a.id}/deactivate`, { reassign_to: b.id });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().orders_reassigned).toBe(3);
    const left = await shop.api.post(`/dashboard/users/${c.id}/deactivate`, { reassign_to: null });
    expect(left.json().orders_reassigned).toBe(0);
    const agents = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ id: number; agent_id: number }>(tx, sql`select id, agent_id from orders order by id`),
    );
    expect(agents.filter((o) => mine.includes(o.id)).map((o) => o.agent_id)).toEqual([b.id, b.id, b.id]);
    expect(agents.find((o) => o.id === cOrder)!.agent_id).toBe(c.id);
  });

  it('edits name, phone, role and commission, audited before and after', async () => {
    const { tenant, owner } = await ownerOfNewShop();
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const edited = await owner.put(`/dashboard/users/${agent.id}`, {
      name: 'Renamed',
      phone: '0555123456',
      role_id: tenant.roleIds.get('Stock Keeper'),
      commission_type: 'none',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Renamed',
      phone: '0555123456',
      role: 'Stock Keeper',
      commission_type: 'none',
    });
    const audit = await withTenant(database.db, tenant.id, (tx) =>
      rows<{ action: string; changes: { before: { name: string }; after: { name: string } } }>(
        tx,
        sql`select action, changes from audit_log where entity = 'user' and entity_id = ${String(agent.id)}`,
      ),
    );
    expect(audit[0]).toMatchObject({
      action: 'update_user',
      changes: { before: { name: 'Support Agent User' }, after: { name: 'Renamed' } },
    });
  });

  it('resets a password: a new one signs the user out everywhere; or a link by e-mail', async () => {
    const { tenant, owner } = await ownerOfNewShop();
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const { authorization } = await loginAs(app, agent.email);
    const set = await owner.post(`/dashboard/users/${agent.id}/reset-password`, { password: 'another-pass-1' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/me', headers: { authorization } })).statusCode).toBe(401);
    await loginAs(app, agent.email, 'another-pass-1');
    const mailed = await owner.post(`/dashboard/users/${agent.id}/reset-password`, {});
    expect(mailed.json().link).toContain('token=');
  });

  it("refuses to reset one's own password from the team screen: that is the profile's, and the session stays", async () => {
    const { tenant, owner } = await ownerOfNewShop();
    for (const body of [{ password: 'another-pass-1' }, {}]) {
      const own = await owner.post(`/dashboard/users/${tenant.ownerId}/reset-password`, body);
      expect(own.statusCode, own.body).toBe(422);
      expect(own.json().error_codes.id[0].code).toBe('team.own_password_on_profile');
    }
    expect((await owner.get('/me')).statusCode).toBe(200);
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD);
  });
});

describe('users: plan limit (issue 19.7)', () => {
  it('a plan of N users refuses the N+1th, invited or created, and a reactivation beyond it (402)', async () => {
    const admin = await centralAdmin(app, database);
    const { tenant, owner } = await ownerOfNewShop();
    const [count] = await withTenant(database.db, tenant.id, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from users where tenant_id = ${tenant.id} and active`),
    );
    const plan = await planWith(admin, { max_users: count!.n + 1 });
    expect((await admin.post(`/central/tenants/${tenant.id}/plan`, { plan_id: plan.id })).statusCode).toBe(200);
    const body = (name: string, extra: object = {}) => ({
      name,
      email: `${unique(name.toLowerCase())}@test.dz`,
      role_id: tenant.roleIds.get('Support Agent'),
      commission_type: 'none',
      ...extra,
    });
    const first = await owner.post('/dashboard/users', body('Within', { password: TEST_PASSWORD }));
    expect(first.statusCode, first.body).toBe(201);
    const invited = await owner.post('/dashboard/users', body('Beyond'));
    expect(invited.statusCode, invited.body).toBe(402);
    expect(invited.json()).toMatchObject({ code: 'plan.user_limit', params: { plan: plan.name, limit: count!.n + 1 } });
    const created = await owner.post('/dashboard/users', body('Beyond', { password: TEST_PASSWORD }));
    expect(created.statusCode).toBe(402);
    // A place freed by a deactivation can be taken; taking it back with a reactivation is refused.
    const firstId = first.json().user.id as number;
    expect((await owner.post(`/dashboard/users/${firstId}/deactivate`, {})).statusCode).toBe(200);
    expect((await owner.post('/dashboard/users', body('Replacement'))).statusCode).toBe(201);
    const back = await owner.post(`/dashboard/users/${firstId}/activate`, {});
    expect(back.statusCode).toBe(402);
    expect(back.json().code).toBe('plan.user_limit');
  });
});
