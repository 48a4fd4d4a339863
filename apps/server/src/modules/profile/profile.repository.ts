import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/** The signed-in user's own account (issue 18.4); every query names the tenant and the user. */
export interface TProfileRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  locale: 'en' | 'fr' | 'ar';
  avatar_url: string | null;
  role: string;
}

export async function findProfile(tx: Tx, tenantId: number, userId: number): Promise<TProfileRow | undefined> {
  const [row] = await rows<TProfileRow>(
    tx,
    sql`select u.id, u.name, u.email, u.phone, u.locale, u.avatar_url, r.name as role
        from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
        where u.tenant_id = ${tenantId} and u.id = ${userId}`,
  );
  return row;
}

export async function updateProfile(
  tx: Tx,
  tenantId: number,
  userId: number,
  values: { name: string; phone: string | null; locale: 'en' | 'fr' | 'ar' },
): Promise<void> {
  await tx.execute(
    sql`update users set name = ${values.name}, phone = ${values.phone}, locale = ${values.locale}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${userId}`,
  );
}

export async function setAvatarUrl(tx: Tx, tenantId: number, userId: number, url: string | null): Promise<void> {
  await tx.execute(
    sql`update users set avatar_url = ${url}, updated_at = now() where tenant_id = ${tenantId} and id = ${userId}`,
  );
}

export async function findPasswordHash(tx: Tx, tenantId: number, userId: number): Promise<string | null> {
  const [row] = await rows<{ password_hash: string }>(
    tx,
    sql`select password_hash from users where tenant_id = ${tenantId} and id = ${userId}`,
  );
  return row?.password_hash ?? null;
}

export async function setPasswordHash(tx: Tx, tenantId: number, userId: number, hash: string): Promise<void> {
  await tx.execute(
    sql`update users set password_hash = ${hash}, updated_at = now() where tenant_id = ${tenantId} and id = ${userId}`,
  );
}

export interface TSessionTokenRow {
  id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_used_at: Date;
}

/** The user's live tokens (not revoked, not expired, not idle too long), most recently used first. */
export function listLiveTokens(tx: Tx, tenantId: number, userId: number, idleDays: number) {
  return rows<TSessionTokenRow>(
    tx,
    sql`select id, ip, user_agent, created_at, last_used_at from auth_tokens
        where tenant_id = ${tenantId} and user_id = ${userId} and revoked_at is null and expires_at > now()
          and last_used_at > now() - make_interval(days => ${idleDays})
        order by last_used_at desc, id desc`,
  );
}

/** Revokes one of the user's live tokens; answers whether there was one. */
export async function revokeToken(tx: Tx, tenantId: number, userId: number, tokenId: number): Promise<boolean> {
  const revoked = await rows<{ id: number }>(
    tx,
    sql`update auth_tokens set revoked_at = now()
        where tenant_id = ${tenantId} and user_id = ${userId} and id = ${tokenId} and revoked_at is null
        returning id`,
  );
  return revoked.length > 0;
}

/** Revokes every token of the user but `keepTokenId`; answers how many. */
export async function revokeOtherTokens(tx: Tx, tenantId: number, userId: number, keepTokenId: number) {
  const revoked = await rows<{ id: number }>(
    tx,
    sql`update auth_tokens set revoked_at = now()
        where tenant_id = ${tenantId} and user_id = ${userId} and id <> ${keepTokenId} and revoked_at is null
        returning id`,
  );
  return revoked.length;
}
