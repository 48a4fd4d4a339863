import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { TUserProductPermissions } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { roles, userProductPermissions, userProductScopes, users } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql-lists.js';

/**
 * Issue 3.2, for the orders issue: the products a user may work with. 'all' unless the user has
 * been limited on /userproductpermissions; then exactly the listed ids (possibly none). The orders
 * list, the order form and the product options filter with this.
 */
export async function allowedProductIds(tx: Tx, tenantId: number, userId: number): Promise<number[] | 'all'> {
  const [scope] = await tx
    .select({ userId: userProductScopes.userId })
    .from(userProductScopes)
    .where(and(eq(userProductScopes.tenantId, tenantId), eq(userProductScopes.userId, userId)));
  if (!scope) return 'all';
  const rows = await tx
    .select({ productId: userProductPermissions.productId })
    .from(userProductPermissions)
    .where(and(eq(userProductPermissions.tenantId, tenantId), eq(userProductPermissions.userId, userId)))
    .orderBy(asc(userProductPermissions.productId));
  return rows.map((r) => r.productId);
}

const userColumns = { user_id: users.id, name: users.name, email: users.email, role: roles.name };

export async function listUserProductPermissions(
  tx: Tx,
  tenantId: number,
  query: { search?: string; page: number; perPage: number; userId?: number },
): Promise<{ data: TUserProductPermissions[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(users.tenantId, tenantId),
    query.userId !== undefined ? eq(users.id, query.userId) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const page = await tx
    .select({
      ...userColumns,
      restricted: sql<boolean>`${userProductScopes.userId} is not null`,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .leftJoin(
      userProductScopes,
      and(eq(userProductScopes.tenantId, users.tenantId), eq(userProductScopes.userId, users.id)),
    )
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await tx.select({ value: count() }).from(users).where(where);
  const ids = page.filter((u) => u.restricted).map((u) => u.user_id);
  const granted = ids.length
    ? await tx
        .select({ userId: userProductPermissions.userId, productId: userProductPermissions.productId })
        .from(userProductPermissions)
        .where(and(eq(userProductPermissions.tenantId, tenantId), inArray(userProductPermissions.userId, ids)))
        .orderBy(asc(userProductPermissions.productId))
    : [];
  const data = page.map((u) => ({
    ...u,
    product_ids: granted.filter((g) => g.userId === u.user_id).map((g) => g.productId),
  }));
  return { data, total: total?.value ?? 0 };
}

/** Replaces a user's product scope in one go (the caller's transaction). */
export async function replaceUserProductScope(
  tx: Tx,
  tenantId: number,
  userId: number,
  scope: { restricted: boolean; productIds: number[]; updatedBy: number },
) {
  // Deleting the scope row cascades to its permissions.
  await tx
    .delete(userProductScopes)
    .where(and(eq(userProductScopes.tenantId, tenantId), eq(userProductScopes.userId, userId)));
  if (!scope.restricted) return;
  await tx.insert(userProductScopes).values({ tenantId, userId, updatedBy: scope.updatedBy });
  if (scope.productIds.length) {
    await tx
      .insert(userProductPermissions)
      .values(scope.productIds.map((productId) => ({ tenantId, userId, productId })));
  }
}
