import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** docs/decisions/0034: a link to a download is good for one use within this many seconds. */
export const LINK_TTL_SECONDS = 60;

const hash = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export async function createDownloadLink(
  tx: Tx,
  values: { tenantId: number; userId: number; kind: 'orders-pdf'; payload: Record<string, unknown> },
): Promise<{ key: string; expiresInSeconds: number }> {
  const key = crypto.randomBytes(24).toString('base64url');
  await tx.execute(
    sql`insert into download_links (tenant_id, user_id, key_hash, kind, payload, expires_at)
        values (${values.tenantId}, ${values.userId}, ${hash(key)}, ${values.kind}, ${JSON.stringify(values.payload)}::jsonb,
          now() + make_interval(secs => ${LINK_TTL_SECONDS}))`,
  );
  // Spent and expired links are of no use: each creation sweeps the shop's old ones.
  await tx.execute(
    sql`delete from download_links where tenant_id = ${values.tenantId} and expires_at < now() - interval '1 hour'`,
  );
  return { key, expiresInSeconds: LINK_TTL_SECONDS };
}

/**
 * Spends a link: the first use inside its minute gets its owner and payload, any other use gets
 * nothing. The key is the only credential (its SHA-256 is stored), looked up like a bearer token:
 * before any tenant is known (so through withSystem).
 */
export async function spendDownloadLink(tx: Tx, key: string, kind: 'orders-pdf') {
  const [row] = await rows<{ tenant_id: number; user_id: number; payload: Record<string, unknown>; shop_name: string }>(
    tx,
    sql`update download_links set used_at = now()
        where key_hash = ${hash(key)} and kind = ${kind} and used_at is null and expires_at > now()
        returning tenant_id, user_id, payload, (select t.name from tenants t where t.id = download_links.tenant_id) as shop_name`,
  );
  return row;
}
