import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { roles, users } from '../../db/schema/index.js';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar_url: users.avatarUrl,
  role: roles.name,
  commission_type: users.commissionType,
  is_admin: users.isAdmin,
  active: users.active,
  last_login_at: users.lastLoginAt,
  created_at: users.createdAt,
};

export async function listUsers(tx: Tx, tenantId: number, options: { search?: string; page: number; perPage: number }) {
  const where = and(
    eq(users.tenantId, tenantId),
    options.search
      ? or(ilike(users.name, `%${options.search}%`), ilike(users.email, `%${options.search}%`))
      : undefined,
  );
  const data = await tx
    .select(columns)
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(where)
    .orderBy(asc(users.name))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage);
  const [total] = await tx.select({ value: count() }).from(users).where(where);
  return { data, total: total?.value ?? 0 };
}

export async function findUser(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select(columns)
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row;
}

/** Answers whether the user exists in the tenant. */
export async function setUserActive(tx: Tx, tenantId: number, id: number, active: boolean): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning({ id: users.id });
  return changed.length > 0;
}
