import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { TCommissionOn, TCommissionType, TTeamUser } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';
import { passwordResets, roles, users } from '../../db/schema/index.js';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  avatar_url: users.avatarUrl,
  role: roles.name,
  role_id: users.roleId,
  commission_type: users.commissionType,
  commission_amount: users.commissionAmount,
  commission_rate: users.commissionRate,
  commission_on: users.commissionOn,
  is_admin: users.isAdmin,
  active: users.active,
  // Invited and not yet through the set-password link: no password at all (docs/decisions/0058).
  invitation_pending: sql<boolean>`${users.passwordHash} = ''`,
  last_login_at: users.lastLoginAt,
  created_at: users.createdAt,
};

type TRow = Omit<TTeamUser, 'commission_amount' | 'commission_rate' | 'last_login_at' | 'created_at'> & {
  commission_amount: string | number;
  commission_rate: string | number;
  last_login_at: Date | string | null;
  created_at: Date | string;
};

/** numeric columns arrive as strings; the screen and the ledger read numbers. */
function toTeamUser(row: TRow): TTeamUser {
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    ...row,
    commission_amount: Number(row.commission_amount),
    commission_rate: Number(row.commission_rate),
    invitation_pending: Boolean(row.invitation_pending),
    last_login_at: iso(row.last_login_at),
    created_at: iso(row.created_at)!,
  };
}

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
  return { data: data.map((r) => toTeamUser(r as TRow)), total: total?.value ?? 0 };
}

export async function findUser(tx: Tx, tenantId: number, id: number): Promise<TTeamUser | undefined> {
  const [row] = await tx
    .select(columns)
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row ? toTeamUser(row as TRow) : undefined;
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

export interface TUserValues {
  name: string;
  phone: string | null;
  roleId: number;
  commissionType: TCommissionType;
  commissionAmount: number;
  commissionRate: number;
  commissionOn: TCommissionOn;
}

const numericValues = (v: TUserValues) => ({
  ...v,
  commissionAmount: v.commissionAmount.toFixed(2),
  commissionRate: v.commissionRate.toFixed(2),
});

export async function insertUser(
  tx: Tx,
  values: TUserValues & { tenantId: number; email: string; passwordHash: string; locale: 'en' | 'fr' | 'ar' },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, ...numericValues(values) })
    .returning({ id: users.id });
  return row!.id;
}

export async function updateUser(tx: Tx, tenantId: number, id: number, values: TUserValues) {
  await tx
    .update(users)
    .set({ ...numericValues(values), updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

/** The user's language (the mails they get are written in it); 'en' for an unknown id. */
export async function localeOf(tx: Tx, tenantId: number, id: number): Promise<'en' | 'fr' | 'ar'> {
  const [row] = await tx
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row?.locale ?? 'en';
}

export async function setPasswordHash(tx: Tx, tenantId: number, id: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

/** The shop's active owners, locked: two demotions at once cannot both see another owner left. */
export async function lockActiveOwners(tx: Tx, tenantId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select u.id from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
        where u.tenant_id = ${tenantId} and u.active and r.name = 'Owner' order by u.id for update of u`,
  );
  return found.map((r) => r.id);
}

/** A one-use set-password link (an invitation, or a reset the owner sends); earlier open ones are spent. */
export async function insertSetPasswordLink(
  tx: Tx,
  values: { tenantId: number; userId: number; tokenHash: string; expiresAt: Date; purpose: 'invite' | 'reset' },
) {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tenantId, values.tenantId),
        eq(passwordResets.userId, values.userId),
        isNull(passwordResets.usedAt),
      ),
    );
  await tx.insert(passwordResets).values(values);
}

/** The user's open orders (not delivered, returned nor cancelled), for the hand-over at deactivation. */
export async function openOrderIdsOf(tx: Tx, tenantId: number, userId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from orders where tenant_id = ${tenantId} and agent_id = ${userId} and deleted_at is null
          and status_type not in ('delivered', 'returned', 'cancelled') order by id`,
  );
  return found.map((r) => r.id);
}

/** System context: whether any shop has an account with this e-mail (one e-mail, one shop). */
export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const found = await rows(tx, sql`select 1 from users where lower(email) = lower(${email}) limit 1`);
  return found.length > 0;
}
