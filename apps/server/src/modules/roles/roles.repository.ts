import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';
import { permissions, rolePermissions, roles } from '../../db/schema/index.js';

export interface TRoleRecord {
  id: number;
  name: string;
  users_count: number;
  permissions: string[];
}

const ROLE_SELECT = sql`
  select r.id, r.name,
    (select count(*)::int from users u where u.tenant_id = r.tenant_id and u.role_id = r.id) as users_count,
    coalesce((select array_agg(p.name order by p.name) from role_permissions rp
              join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
              where rp.tenant_id = r.tenant_id and rp.role_id = r.id), '{}') as permissions
  from roles r`;

export function listRoles(tx: Tx, tenantId: number) {
  return rows<TRoleRecord>(tx, sql`${ROLE_SELECT} where r.tenant_id = ${tenantId} order by r.id`);
}

export async function findRole(tx: Tx, tenantId: number, id: number, lock = false) {
  const [row] = await rows<TRoleRecord>(
    tx,
    sql`${ROLE_SELECT} where r.tenant_id = ${tenantId} and r.id = ${id}${lock ? sql` for update of r` : sql``}`,
  );
  return row;
}

export async function roleNameTaken(tx: Tx, tenantId: number, name: string, exceptId?: number): Promise<boolean> {
  const found = await rows(
    tx,
    sql`select 1 from roles where tenant_id = ${tenantId} and lower(name) = lower(${name})
        ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return found.length > 0;
}

export async function insertRole(tx: Tx, tenantId: number, name: string): Promise<number> {
  const [row] = await tx.insert(roles).values({ tenantId, name }).returning({ id: roles.id });
  return row!.id;
}

export async function renameRole(tx: Tx, tenantId: number, id: number, name: string) {
  await tx
    .update(roles)
    .set({ name })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

export async function deleteRole(tx: Tx, tenantId: number, id: number) {
  await tx.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

/**
 * The shop's rows of the permission catalogue for these names, created when missing: a permission
 * appended to the shared list after the shop was made gets its row the first time a role takes it.
 */
export async function permissionIds(tx: Tx, tenantId: number, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  await tx
    .insert(permissions)
    .values(names.map((name) => ({ tenantId, name })))
    .onConflictDoNothing();
  const found = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.tenantId, tenantId), inArray(permissions.name, [...names])));
  return found.map((p) => p.id);
}

/** Replaces a role's permissions with exactly these. */
export async function setRolePermissions(tx: Tx, tenantId: number, roleId: number, ids: readonly number[]) {
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  if (ids.length > 0) {
    await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ tenantId, roleId, permissionId })));
  }
}

export interface TUserRoleRecord {
  role: string;
  permissions: string[];
}

/** A user's role name and its permission names (the containment rules' input, decision 0139). */
export async function findUserRole(tx: Tx, tenantId: number, userId: number) {
  const [row] = await rows<TUserRoleRecord>(
    tx,
    sql`select r.name as role,
          coalesce((select array_agg(p.name) from role_permissions rp
                    join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
                    where rp.tenant_id = r.tenant_id and rp.role_id = r.id), '{}') as permissions
        from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
        where u.tenant_id = ${tenantId} and u.id = ${userId}`,
  );
  return row;
}
