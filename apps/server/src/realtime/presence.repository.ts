import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../db/client.js';

/** SPEC 7: presence as the client reads it (`status/{tenant}/{user}`: online, last_changed). */
export interface TPresenceRow {
  user_id: number;
  online: boolean;
  last_changed: Date | null;
}

/**
 * Creates the row on first sight and locks it: every recompute of one user, on any instance,
 * runs one after the other, so the last writer is the one that saw the latest sockets.
 */
export async function lockPresence(tx: Tx, tenantId: number, userId: number): Promise<{ online: boolean }> {
  await tx.execute(
    sql`insert into presence (tenant_id, user_id) values (${tenantId}, ${userId}) on conflict do nothing`,
  );
  const [row] = await rows<{ online: boolean }>(
    tx,
    sql`select online from presence where tenant_id = ${tenantId} and user_id = ${userId} for update`,
  );
  return row ?? { online: false };
}

export async function setPresence(tx: Tx, tenantId: number, userId: number, online: boolean): Promise<TPresenceRow> {
  const [row] = await rows<TPresenceRow>(
    tx,
    sql`update presence set online = ${online}, last_changed = now()
        where tenant_id = ${tenantId} and user_id = ${userId}
        returning user_id, online, last_changed`,
  );
  if (!row) throw new Error('presence row vanished under its lock');
  return row;
}

/** Every active user of the tenant; one never seen is offline with no last_changed. */
export async function listPresence(tx: Tx, tenantId: number): Promise<TPresenceRow[]> {
  return rows<TPresenceRow>(
    tx,
    sql`select u.id as user_id, coalesce(p.online, false) as online, p.last_changed
        from users u left join presence p on p.tenant_id = u.tenant_id and p.user_id = u.id
        where u.tenant_id = ${tenantId} and u.active
        order by u.id`,
  );
}

export async function onlineUserIds(tx: Tx, tenantId: number): Promise<number[]> {
  const list = await rows<{ user_id: number }>(
    tx,
    sql`select user_id from presence where tenant_id = ${tenantId} and online`,
  );
  return list.map((r) => r.user_id);
}
