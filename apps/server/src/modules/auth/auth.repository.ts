import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';
import { authTokens, passwordResets, users } from '../../db/schema/index.js';

/** The signed-in user as every request sees it (one query, run before tenant context exists). */
export interface TSessionRow {
  token_id: number;
  tenant_id: number;
  user_id: number;
  last_used_at: Date;
  name: string;
  email: string;
  avatar_url: string | null;
  commission_type: string | null;
  is_admin: boolean;
  locale: 'en' | 'fr' | 'ar';
  role: string;
  cq_name: string;
  time_zone: string;
  permissions: string[];
}

const SESSION_COLUMNS = sql`
  u.tenant_id, u.id as user_id, u.name, u.email, u.avatar_url, u.commission_type, u.is_admin,
  u.locale, r.name as role, tn.cq_name, tn.time_zone,
  coalesce((select array_agg(p.name order by p.name) from role_permissions rp
            join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
            where rp.tenant_id = u.tenant_id and rp.role_id = u.role_id), '{}') as permissions`;

const SESSION_JOINS = sql`
  join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
  join tenants tn on tn.id = u.tenant_id`;

/** System context: finds the account an e-mail signs in to, across tenants. */
export async function findLoginUser(tx: Tx, email: string) {
  const [row] = await rows<Omit<TSessionRow, 'token_id' | 'last_used_at'> & { password_hash: string; active: boolean }>(
    tx,
    sql`select ${SESSION_COLUMNS}, u.password_hash, u.active from users u ${SESSION_JOINS}
        where lower(u.email) = lower(${email}) limit 1`,
  );
  return row;
}

/**
 * System context: the live session behind a token hash, or nothing. One read-only statement, so
 * it needs no transaction of its own: callers pass the database itself (docs/decisions/0128).
 */
export async function findSession(tx: Db | Tx, tokenHash: string, idleDays: number) {
  const [row] = await rows<TSessionRow>(
    tx,
    sql`select t.id as token_id, t.last_used_at, ${SESSION_COLUMNS}
        from auth_tokens t join users u on u.tenant_id = t.tenant_id and u.id = t.user_id ${SESSION_JOINS}
        where t.token_hash = ${tokenHash} and t.revoked_at is null and t.expires_at > now()
          and t.last_used_at > now() - make_interval(days => ${idleDays}) and u.active`,
  );
  return row;
}

export async function insertToken(
  tx: Tx,
  values: {
    tenantId: number;
    userId: number;
    tokenHash: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
) {
  await tx.insert(authTokens).values(values);
}

export async function touchToken(tx: Tx, tenantId: number, tokenId: number) {
  await tx
    .update(authTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(authTokens.tenantId, tenantId), eq(authTokens.id, tokenId)));
}

export async function revokeToken(tx: Tx, tenantId: number, tokenId: number) {
  await tx
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.tenantId, tenantId), eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

export async function revokeAllTokens(tx: Tx, tenantId: number, userId: number) {
  await tx
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.tenantId, tenantId), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export async function markLoggedIn(tx: Tx, tenantId: number, userId: number) {
  await tx
    .update(users)
    .set({ lastLoginAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function setLocale(tx: Tx, tenantId: number, userId: number, locale: 'en' | 'fr' | 'ar') {
  await tx
    .update(users)
    .set({ locale, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function insertPasswordReset(
  tx: Tx,
  values: { tenantId: number; userId: number; tokenHash: string; expiresAt: Date },
) {
  await tx.insert(passwordResets).values(values);
}

/** System context: an unused, unexpired reset token for this e-mail. */
export async function findPasswordReset(tx: Tx, tokenHash: string, email: string) {
  const [row] = await rows<{ id: number; tenant_id: number; user_id: number }>(
    tx,
    sql`select pr.id, pr.tenant_id, pr.user_id from password_resets pr
        join users u on u.tenant_id = pr.tenant_id and u.id = pr.user_id
        where pr.token_hash = ${tokenHash} and lower(u.email) = lower(${email})
          and pr.used_at is null and pr.expires_at > now()`,
  );
  return row;
}

/** Sets the new password and spends every open reset token of the user. */
export async function consumePasswordReset(tx: Tx, tenantId: number, userId: number, passwordHash: string) {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(eq(passwordResets.tenantId, tenantId), eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)),
    );
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
