import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { TPermission } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';

/**
 * docs/decisions/0034 and 0040: the links a new tab opens without the bearer header (the printed
 * orders list, parcel tickets). One mechanism for every kind: a random key whose SHA-256 is a row
 * of download_links, bound to the tenant, the user and the session (auth token) that asked for it;
 * spent by its first use within LINK_TTL_SECONDS, and refused once that session is logged out or
 * revoked, or the user deactivated or no longer allowed the kind's permission.
 */
export type TLinkKind = 'orders-pdf' | 'parcel-ticket';

/** A link is good for one use within this many seconds: the SPA opens it at once. */
export const LINK_TTL_SECONDS = 60;

/** The session a link is made for (taken from the verified token, never from the request). */
export interface TLinkOwner {
  tenantId: number;
  userId: number;
  tokenId: number;
}

/** What a spent link answers: who it acts for, as that session stands now. */
export interface TSpentLink {
  tenantId: number;
  userId: number;
  shopName: string;
  timeZone: string;
  /** The user's role has 'view all orders' now (the order scope is decided at use, not creation). */
  seesAll: boolean;
  payload: Record<string, unknown>;
}

const hash = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** Makes one link per payload, in order; answers their keys (only the hashes are stored). */
export async function createDownloadLinks(
  tx: Tx,
  owner: TLinkOwner,
  kind: TLinkKind,
  payloads: ReadonlyArray<Record<string, unknown>>,
): Promise<{ keys: string[]; expiresInSeconds: number }> {
  if (!payloads.length) return { keys: [], expiresInSeconds: LINK_TTL_SECONDS };
  const keys = payloads.map(() => crypto.randomBytes(24).toString('base64url'));
  const values = payloads.map(
    (payload, i) =>
      sql`(${owner.tenantId}, ${owner.userId}, ${owner.tokenId}, ${hash(keys[i]!)}, ${kind},
        ${JSON.stringify(payload)}::jsonb, now() + make_interval(secs => ${LINK_TTL_SECONDS}))`,
  );
  await tx.execute(
    sql`insert into download_links (tenant_id, user_id, token_id, key_hash, kind, payload, expires_at)
        values ${sql.join(values, sql`, `)}`,
  );
  // Spent and expired links are of no use: each creation sweeps the shop's old ones.
  await tx.execute(
    sql`delete from download_links where tenant_id = ${owner.tenantId} and expires_at < now() - interval '1 hour'`,
  );
  return { keys, expiresInSeconds: LINK_TTL_SECONDS };
}

export async function createDownloadLink(
  tx: Tx,
  owner: TLinkOwner,
  kind: TLinkKind,
  payload: Record<string, unknown>,
): Promise<{ key: string; expiresInSeconds: number }> {
  const { keys, expiresInSeconds } = await createDownloadLinks(tx, owner, kind, [payload]);
  return { key: keys[0]!, expiresInSeconds };
}

const hasPermission = (name: string) =>
  sql`exists (select 1 from role_permissions rp join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
        where rp.tenant_id = u.tenant_id and rp.role_id = u.role_id and p.name = ${name})`;

/**
 * A usable link of this kind: unspent, unexpired, and its session still live (not logged out or
 * revoked, not expired, the user active and still holding the permission). The tenant, the user
 * and the token must be the link's own: a link never acts for anyone else.
 */
const usable = (key: string, kind: TLinkKind, permission: TPermission): SQL =>
  sql`l.key_hash = ${hash(key)} and l.kind = ${kind} and l.used_at is null and l.expires_at > now()
      and t.tenant_id = l.tenant_id and t.id = l.token_id and t.user_id = l.user_id
      and t.revoked_at is null and t.expires_at > now()
      and u.tenant_id = t.tenant_id and u.id = t.user_id and u.active and ${hasPermission(permission)}
      and tn.id = l.tenant_id`;

/**
 * Spends a link: the first use gets its owner and payload, any other use (a second one, a
 * concurrent one: the row lock makes one winner, the other finds used_at set) gets nothing. The
 * key is the only credential, looked up like a bearer token before any tenant is known (so in
 * withSystem).
 */
export async function spendDownloadLink(
  tx: Tx,
  key: string,
  kind: TLinkKind,
  permission: TPermission,
): Promise<TSpentLink | undefined> {
  const [row] = await rows<{
    tenant_id: number;
    user_id: number;
    payload: Record<string, unknown>;
    shop_name: string;
    time_zone: string;
    sees_all: boolean;
  }>(
    tx,
    sql`update download_links l set used_at = now()
        from auth_tokens t, users u, tenants tn
        where ${usable(key, kind, permission)}
        returning l.tenant_id, l.user_id, l.payload, tn.name as shop_name, tn.time_zone,
          ${hasPermission('view all orders')} as sees_all`,
  );
  return row
    ? {
        tenantId: row.tenant_id,
        userId: row.user_id,
        shopName: row.shop_name,
        timeZone: row.time_zone,
        seesAll: row.sees_all,
        payload: row.payload,
      }
    : undefined;
}

/** Whether a link would be accepted, without spending it (a HEAD request must not use it up). */
export async function isUsableDownloadLink(
  tx: Tx,
  key: string,
  kind: TLinkKind,
  permission: TPermission,
): Promise<boolean> {
  const [row] = await rows<{ ok: number }>(
    tx,
    sql`select 1 as ok from download_links l, auth_tokens t, users u, tenants tn
        where ${usable(key, kind, permission)}`,
  );
  return row !== undefined;
}
