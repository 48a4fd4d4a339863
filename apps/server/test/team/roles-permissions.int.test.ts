import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, isPermission, permissionMatrix } from '@cod/shared';
import { createTestTenant, loginAs, openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';
import { clientOf } from '../orders/orders-support.js';

const { app, routes, database } = await openTestApp();

/** Every route guarded by a permission, by that permission (the server's own route table). */
const guarded = new Map<string, Array<{ method: string; url: string }>>();
for (const route of routes) {
  if (!route.access || !isPermission(route.access)) continue;
  guarded.set(route.access, [...(guarded.get(route.access) ?? []), route]);
}

async function ownerOfNewShop() {
  const tenant = await createTestTenant(database);
  const { authorization } = await loginAs(app, tenant.ownerEmail);
  return { tenant, owner: clientOf(app, authorization) };
}

/** A user whose custom role holds `permissions`, signed in. */
async function userWithRole(owner: ReturnType<typeof clientOf>, permissions: readonly string[]) {
  const role = await owner.post('/dashboard/roles', { name: unique('Role'), permissions });
  expect(role.statusCode, role.body).toBe(201);
  const email = `${unique('member')}@test.dz`;
  const created = await owner.post('/dashboard/users', {
    name: 'Member',
    email,
    role_id: role.json().id,
    password: TEST_PASSWORD,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { authorization } = await loginAs(app, email);
  return { roleId: role.json().id as number, api: clientOf(app, authorization), authorization };
}

const call = (authorization: string, route: { method: string; url: string }) =>
  app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, '999999'),
    headers: { authorization },
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  });

describe('the one permission list (issue 18.2)', () => {
  it('the matrix shows every permission of the list once, and every permission the server guards with', () => {
    const shown = permissionMatrix().flatMap((area) => area.permissions);
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort()).toEqual([...ALL_PERMISSIONS].sort());
    const guardedWith = routes
      .map((r) => r.access)
      .filter((a) => a && !['public', 'authenticated', 'central'].includes(a));
    expect(guardedWith.filter((p) => !shown.includes(p!))).toEqual([]);
  });

  it('groups permissions under their sidebar area', () => {
    const areas = Object.fromEntries(permissionMatrix().map((a) => [a.key, a.permissions]));
    expect(areas.orders).toEqual(expect.arrayContaining(['view orders', 'dispatch orders', 'view all orders']));
    expect(areas.system).toEqual(expect.arrayContaining(['view roles-permissions', 'manage roles', 'manage statuses']));
    expect(areas.accounting).toEqual(expect.arrayContaining(['view expenses', 'manage income']));
  });

  it("refuses each guarded route on the very next request once its permission leaves the user's role", async () => {
    const { owner } = await ownerOfNewShop();
    const member = await userWithRole(owner, ALL_PERMISSIONS);
    expect(guarded.size).toBeGreaterThan(10);
    for (const [permission, guardedRoutes] of guarded) {
      for (const route of guardedRoutes) {
        const allowed = await call(member.authorization, route);
        expect(allowed.statusCode, `${permission}: ${route.method} ${route.url} while granted`).not.toBe(403);
      }
      const removed = await owner.put(`/dashboard/roles/${member.roleId}`, {
        permissions: ALL_PERMISSIONS.filter((p) => p !== permission),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      for (const route of guardedRoutes) {
        const refused = await call(member.authorization, route);
        expect(refused.statusCode, `${permission}: ${route.method} ${route.url} once removed`).toBe(403);
      }
      await owner.put(`/dashboard/roles/${member.roleId}`, { permissions: ALL_PERMISSIONS });
    }
  }, 300_000);

  it('answers the new permissions in /me at once (the sidebar follows on the next fetch)', async () => {
    const { owner } = await ownerOfNewShop();
    const member = await userWithRole(owner, ['view home', 'view orders', 'view products']);
    expect((await member.api.get('/me')).json().userData.permissions).toContain('view products');
    await owner.put(`/dashboard/roles/${member.roleId}`, { permissions: ['view home', 'view orders'] });
    expect((await member.api.get('/me')).json().userData.permissions).not.toContain('view products');
    expect((await member.api.get('/dashboard/products')).statusCode).toBe(403);
  });
});

describe('roles (issue 18.2)', () => {
  it('lists roles with user counts; the Owner holds every permission and is not editable', async () => {
    const { owner } = await ownerOfNewShop();
    const list = (await owner.get('/dashboard/roles')).json().data as Array<Record<string, unknown>>;
    expect(list.map((r) => r.name)).toEqual(['Owner', 'Manager', 'Support Agent', 'Stock Keeper']);
    const ownerRole = list.find((r) => r.name === 'Owner')!;
    expect(ownerRole).toMatchObject({ users_count: 1, is_owner: true, built_in: true });
    expect(ownerRole.permissions).toHaveLength(ALL_PERMISSIONS.length);
    const edit = await owner.put(`/dashboard/roles/${ownerRole.id}`, { permissions: ['view home'] });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().code).toBe('team.owner_role_locked');
  });

  it('creates, renames, duplicates and deletes; refuses unknown permissions, taken names and built-in renames', async () => {
    const { owner } = await ownerOfNewShop();
    const created = (
      await owner.post('/dashboard/roles', { name: 'Confirmer', permissions: ['view orders', 'update orders'] })
    ).json();
    expect(created).toMatchObject({ name: 'Confirmer', users_count: 0, built_in: false });
    expect(created.permissions).toEqual(['update orders', 'view orders']);
    const renamed = await owner.put(`/dashboard/roles/${created.id}`, { name: 'Confirmation' });
    expect(renamed.json().name).toBe('Confirmation');
    const copy = await owner.post('/dashboard/roles', { name: 'Confirmation (copy)', copy_from: created.id });
    expect(copy.json().permissions).toEqual(['update orders', 'view orders']);
    expect((await owner.post('/dashboard/roles', { name: 'confirmation' })).json().code).toBe('team.role_name_taken');
    const unknown = await owner.post('/dashboard/roles', { name: 'Bad', permissions: ['fly planes'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error_codes.permissions[0]).toEqual({
      code: 'team.permission_unknown',
      params: { name: 'fly planes' },
    });
    const manager = (await owner.get('/dashboard/roles'))
      .json()
      .data.find((r: { name: string }) => r.name === 'Manager');
    expect((await owner.put(`/dashboard/roles/${manager.id}`, { name: 'Boss' })).json().code).toBe(
      'team.role_builtin_locked',
    );
    expect((await owner.delete(`/dashboard/roles/${manager.id}`)).json().code).toBe('team.role_builtin_locked');
    expect((await owner.delete(`/dashboard/roles/${copy.json().id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a role while users hold it, with their count', async () => {
    const { owner } = await ownerOfNewShop();
    const member = await userWithRole(owner, ['view home']);
    const refused = await owner.delete(`/dashboard/roles/${member.roleId}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_codes.id[0]).toEqual({ code: 'team.role_in_use', params: { count: 1 } });
  });
});
