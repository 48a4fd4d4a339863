import { ALL_PERMISSIONS } from '@cod/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { clientOf, type TClient } from '../orders/orders-support.js';
import { createTestTenant, createTestUser, loginAs, openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';

/**
 * Decision 0139: nobody in a shop acts on a user stronger than themself, nor grants a permission
 * they do not hold. Each case below was open before: a manager took over the owner's account, and
 * a user allowed to manage users gave themself every permission.
 */
const { app, database } = await openTestApp();

async function shop() {
  const tenant = await createTestTenant(database);
  const owner = clientOf(app, (await loginAs(app, tenant.ownerEmail)).authorization);
  const manager = await createTestUser(database, tenant, 'Manager');
  const managerApi = clientOf(app, (await loginAs(app, manager.email)).authorization);
  return { tenant, owner, manager, managerApi };
}

async function customRole(owner: TClient, permissions: readonly string[]) {
  const created = await owner.post('/dashboard/roles', { name: unique('role'), permissions });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number };
}

/** A user of `roleId` with a password, made by the owner, and their signed-in client. */
async function member(owner: TClient, roleId: number) {
  const email = `${unique('member')}@test.dz`;
  const made = await owner.post('/dashboard/users', {
    name: 'Member',
    email,
    role_id: roleId,
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = (made.json() as { user: { id: number } }).user.id;
  return { id, email, api: clientOf(app, (await loginAs(app, email)).authorization) };
}

const refusals = (tenantId: number, entityId: number | null) =>
  withTenant(database.db, tenantId, (tx) =>
    rows<{ action: string; changes: { code: string } }>(
      tx,
      sql`select action, changes from audit_log where tenant_id = ${tenantId} and action like 'refused_%'
          and (${entityId}::text is null or entity_id = ${String(entityId)}) order by id`,
    ),
  );

function expectRefused(response: { statusCode: number; body: string; json: () => unknown }, code: string) {
  expect(response.statusCode, response.body).toBe(403);
  expect((response.json() as { code: string }).code).toBe(code);
}

describe('acting on another user needs all they hold, and an owner for an owner (decision 0139)', () => {
  it("a manager cannot take over the owner's account: no reset, link, edit, deactivation or scope change", async () => {
    const { tenant, owner, managerApi } = await shop();
    const ownerId = tenant.ownerId;
    const ownerSession = (await loginAs(app, tenant.ownerEmail)).authorization;

    const attempts = [
      await managerApi.post(`/dashboard/users/${ownerId}/reset-password`, { password: 'taken-over-123' }),
      await managerApi.post(`/dashboard/users/${ownerId}/reset-password`, {}),
      await managerApi.post(`/dashboard/users/${ownerId}/deactivate`, {}),
      await managerApi.post(`/dashboard/users/${ownerId}/activate`, {}),
      await managerApi.put(`/dashboard/users/${ownerId}`, {
        name: 'Renamed',
        role_id: tenant.roleIds.get('Owner'),
        commission_type: 'none',
      }),
      await managerApi.put(`/dashboard/user-product-permissions/${ownerId}`, { restricted: true, product_ids: [] }),
    ];
    for (const response of attempts) expectRefused(response, 'team.only_owner_acts_on_owner');

    // The owner's password and session are untouched; the manager cannot sign in as the owner.
    const stillIn = await app.inject({ method: 'GET', url: '/profile', headers: { authorization: ownerSession } });
    expect(stillIn.statusCode).toBe(200);
    await loginAs(app, tenant.ownerEmail);
    const takeover = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: tenant.ownerEmail, password: 'taken-over-123' },
    });
    expect(takeover.statusCode).toBe(422);
    const scope = await owner.get(`/dashboard/user-product-permissions/${ownerId}`);
    expect(scope.json()).toMatchObject({ restricted: false });

    // Each refusal is in the audit log with its reason.
    const audited = await refusals(tenant.id, ownerId);
    expect(audited.map((r) => r.action)).toEqual([
      'refused_set_password',
      'refused_send_password_link',
      'refused_deactivate_user',
      'refused_activate_user',
      'refused_update_user',
      'refused_update',
    ]);
    expect(audited.every((r) => r.changes.code === 'team.only_owner_acts_on_owner')).toBe(true);
  });

  it('refuses acting on a user who holds a permission the actor lacks, allows it on one who holds less', async () => {
    const { tenant, owner, managerApi } = await shop();
    // 'manage roles' is not a Manager's: its holder outranks a manager on that point.
    const lead = await member(owner, (await customRole(owner, ['view users', 'manage roles'])).id);
    expectRefused(
      await managerApi.post(`/dashboard/users/${lead.id}/reset-password`, { password: 'new-pass-1234' }),
      'team.target_outranks_actor',
    );
    expectRefused(await managerApi.post(`/dashboard/users/${lead.id}/deactivate`, {}), 'team.target_outranks_actor');
    await loginAs(app, lead.email);

    const agent = await createTestUser(database, tenant, 'Support Agent');
    const reset = await managerApi.post(`/dashboard/users/${agent.id}/reset-password`, { password: 'new-pass-1234' });
    expect(reset.statusCode, reset.body).toBe(200);
    await loginAs(app, agent.email, 'new-pass-1234');
    // An owner acts on anyone, another owner included.
    const secondOwner = await member(owner, tenant.roleIds.get('Owner')!);
    const byOwner = await owner.post(`/dashboard/users/${secondOwner.id}/reset-password`, {});
    expect(byOwner.statusCode, byOwner.body).toBe(200);
  });
});

describe('nobody grants more than they hold (decision 0139)', () => {
  it('a user who manages users cannot give themself, or anyone, a role holding more', async () => {
    const { tenant, owner } = await shop();
    const small = await customRole(owner, ['view users', 'manage users', 'view home']);
    const everything = await customRole(
      owner,
      ALL_PERMISSIONS.filter((p) => p !== 'manage settings'),
    );
    const lead = await member(owner, small.id);

    const self = await lead.api.put(`/dashboard/users/${lead.id}`, {
      name: 'Lead',
      role_id: everything.id,
      commission_type: 'none',
    });
    expectRefused(self, 'team.own_role_locked');
    // A peer holding what the lead holds: the lead may act on them, not raise them.
    const peer = await member(owner, small.id);
    const other = await lead.api.put(`/dashboard/users/${peer.id}`, {
      name: 'Peer',
      role_id: everything.id,
      commission_type: 'none',
    });
    expectRefused(other, 'team.permission_not_held');
    const invite = await lead.api.post('/dashboard/users', {
      name: 'Accomplice',
      email: `${unique('accomplice')}@test.dz`,
      role_id: everything.id,
      commission_type: 'none',
    });
    expectRefused(invite, 'team.permission_not_held');

    // Nothing changed: the lead still holds three permissions, and no accomplice exists.
    const me = (await lead.api.get('/me')).json() as { userData: { permissions: string[] } };
    expect(me.userData.permissions.sort()).toEqual(['manage users', 'view home', 'view users']);
    const list = await owner.get('/dashboard/users?search=accomplice');
    expect((list.json() as { total: number }).total).toBe(0);
    expect((await refusals(tenant.id, null)).map((r) => r.action)).toEqual([
      'refused_update_user',
      'refused_update_user',
      'refused_create_user',
    ]);
  });

  it('a manager cannot assign the owner-made all-powerful role, nor change their own role', async () => {
    const { tenant, owner, manager, managerApi } = await shop();
    const everything = await customRole(owner, ALL_PERMISSIONS);
    const own = await managerApi.put(`/dashboard/users/${manager.id}`, {
      name: 'Manager',
      role_id: everything.id,
      commission_type: 'none',
    });
    expectRefused(own, 'team.own_role_locked');
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const given = await managerApi.put(`/dashboard/users/${agent.id}`, {
      name: 'Agent',
      role_id: everything.id,
      commission_type: 'none',
    });
    expectRefused(given, 'team.permission_not_held');
    expect((given.json() as { params: { permissions: string } }).params.permissions).toContain('manage roles');
    // Within what the manager holds, assigning works.
    const stock = await managerApi.put(`/dashboard/users/${agent.id}`, {
      name: 'Agent',
      role_id: tenant.roleIds.get('Stock Keeper'),
      commission_type: 'none',
    });
    expect(stock.statusCode, stock.body).toBe(200);

    // The users screen's role picker says which roles the manager may give.
    const options = (await managerApi.get('/dashboard/users/roles')).json() as {
      data: Array<{ id: number; grantable: boolean }>;
    };
    const grantable = (id: number | undefined) => options.data.find((r) => r.id === id)?.grantable;
    expect(grantable(everything.id)).toBe(false);
    expect(grantable(tenant.roleIds.get('Owner'))).toBe(false);
    expect(grantable(tenant.roleIds.get('Stock Keeper'))).toBe(true);
    expect(grantable(tenant.roleIds.get('Manager'))).toBe(true);
    const ownerOptions = (await owner.get('/dashboard/users/roles')).json() as { data: Array<{ grantable: boolean }> };
    expect(ownerOptions.data.every((r) => r.grantable)).toBe(true);
  });

  it('a role manager cannot create, duplicate, widen, edit or delete a role holding what they lack', async () => {
    const { owner } = await shop();
    const roleKeeper = await member(owner, (await customRole(owner, ['view roles-permissions', 'manage roles'])).id);
    const api = roleKeeper.api;
    const create = await api.post('/dashboard/roles', { name: unique('r'), permissions: ['manage settings'] });
    expectRefused(create, 'team.permission_not_held');
    expect((create.json() as { params: { permissions: string } }).params.permissions).toBe('manage settings');
    const ownerRole = (
      (await owner.get('/dashboard/roles')).json() as { data: Array<{ id: number; is_owner: boolean }> }
    ).data.find((r) => r.is_owner)!;
    expectRefused(
      await api.post('/dashboard/roles', { name: unique('copy'), copy_from: ownerRole.id }),
      'team.permission_not_held',
    );
    const mine = await api.post('/dashboard/roles', { name: unique('mine'), permissions: ['manage roles'] });
    expect(mine.statusCode, mine.body).toBe(201);
    const mineId = (mine.json() as { id: number }).id;
    expectRefused(
      await api.put(`/dashboard/roles/${mineId}`, { permissions: ['manage roles', 'delete orders'] }),
      'team.permission_not_held',
    );
    const strong = await customRole(owner, ['manage settings']);
    expectRefused(
      await api.put(`/dashboard/roles/${strong.id}`, { name: unique('renamed') }),
      'team.permission_not_held',
    );
    expectRefused(await api.delete(`/dashboard/roles/${strong.id}`), 'team.permission_not_held');
    const roles = (
      (await owner.get('/dashboard/roles')).json() as { data: Array<{ id: number; permissions: string[] }> }
    ).data;
    expect(roles.find((r) => r.id === mineId)?.permissions).toEqual(['manage roles']);
    expect(roles.find((r) => r.id === strong.id)?.permissions).toEqual(['manage settings']);
  });
});
