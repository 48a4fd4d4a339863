import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ALL_PERMISSIONS,
  DEFAULT_ROLE_PERMISSIONS,
  DEFAULT_STATUSES,
  type TCommissionType,
  type TRoleName,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';
import {
  passwordResets,
  permissions,
  plans,
  rolePermissions,
  roles,
  statuses,
  subscriptions,
  tenants,
  users,
} from '../../db/schema/index.js';

export async function findTenantByCqName(tx: Tx, cqName: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.cqName, cqName)).limit(1);
  return row;
}

export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const found = await rows(tx, sql`select 1 from users where lower(email) = lower(${email}) limit 1`);
  return found.length > 0;
}

export async function insertTenant(tx: Tx, values: { cqName: string; name: string; timeZone: string }) {
  const [row] = await tx.insert(tenants).values(values).returning();
  return row!;
}

export async function findPlanByName(tx: Tx, name: string) {
  const [row] = await tx.select().from(plans).where(eq(plans.name, name)).limit(1);
  return row;
}

/**
 * Starts the tenant's current subscription (docs/decisions/0063): the previous current one, if
 * any, becomes history. The demo seed moves its shop to a paid plan this way.
 */
export async function insertSubscription(
  tx: Tx,
  values: { tenantId: number; planId: number; validTo: Date; status?: 'active' | 'trialing' },
) {
  await tx.execute(sql`
    update subscriptions set current = false, ended_at = now(),
      status = case when status in ('active', 'trialing', 'past_due') then 'cancelled' else status end
    where tenant_id = ${values.tenantId} and current`);
  await tx.insert(subscriptions).values({ status: 'active', ...values });
}

/** The current subscription and its plan, for the page props' tenant_payment_status. */
export async function latestSubscription(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select({ status: subscriptions.status, validTo: subscriptions.validTo, plan: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tenantId), sql`${subscriptions.current}`))
    .orderBy(desc(subscriptions.validTo))
    .limit(1);
  return row;
}

/** The permission catalogue, the four default roles and the default statuses of a new shop. */
export async function seedTenantDefaults(tx: Tx, tenantId: number): Promise<Map<TRoleName, number>> {
  const permissionRows = await tx
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ tenantId, name })))
    .returning({ id: permissions.id, name: permissions.name });
  const permissionId = new Map(permissionRows.map((p) => [p.name, p.id]));

  const roleIds = new Map<TRoleName, number>();
  for (const [name, granted] of Object.entries(DEFAULT_ROLE_PERMISSIONS) as [TRoleName, readonly string[]][]) {
    const [role] = await tx.insert(roles).values({ tenantId, name }).returning({ id: roles.id });
    roleIds.set(name, role!.id);
    await tx
      .insert(rolePermissions)
      .values(granted.map((p) => ({ tenantId, roleId: role!.id, permissionId: permissionId.get(p)! })));
  }
  // Named in three languages (issue 12.2); the first of each type is its system status (0056).
  const systemTypes = new Set<string>();
  await tx.insert(statuses).values(
    DEFAULT_STATUSES.map((s, position) => ({
      tenantId,
      name: s.name,
      type: s.type,
      color: s.color,
      displayName: s.display_name,
      names: s.names,
      isSystem: !systemTypes.has(s.type) && Boolean(systemTypes.add(s.type)),
      position,
    })),
  );
  return roleIds;
}

export async function insertUser(
  tx: Tx,
  values: {
    tenantId: number;
    name: string;
    email: string;
    passwordHash: string;
    roleId: number;
    isAdmin?: boolean;
    commissionType?: TCommissionType;
    locale?: 'en' | 'fr' | 'ar';
  },
) {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!;
}

/** The owner's one-use set-password link (the same table and form as a team invitation, decision 0058). */
export async function insertInvitationLink(
  tx: Tx,
  values: { tenantId: number; userId: number; tokenHash: string; expiresAt: Date },
) {
  await tx.insert(passwordResets).values({ ...values, purpose: 'invite' });
}

/** Whether a shop already uses this identifier, for a free one derived from a shop name. */
export async function cqNameTaken(tx: Tx, cqName: string): Promise<boolean> {
  return Boolean(await findTenantByCqName(tx, cqName));
}
