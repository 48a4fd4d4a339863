import { sql } from 'drizzle-orm';
import type { TWaitingEntry } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const COLUMNS = sql`w.id, w.shop_name, w.owner_name, w.phone, w.email, w.wilaya_id, s.name as wilaya, w.expected_orders,
  w.locale, w.status, w.reject_reason, w.tenant_id, t.cq_name, a.name as decided_by, ${iso('w.decided_at')} as decided_at,
  ${iso('w.created_at')} as created_at`;

const FROM = sql`from waiting_list w left join states s on s.id = w.wilaya_id left join tenants t on t.id = w.tenant_id
  left join central_admins a on a.id = w.decided_by`;

/** The waiting list (issue 19.5, docs/decisions/0097), newest first. */
export function listWaiting(tx: Tx, status: string | null) {
  return rows<TWaitingEntry>(
    tx,
    sql`select ${COLUMNS} ${FROM} where (${status}::text is null or w.status = ${status}) order by w.id desc limit 500`,
  );
}

/** One sign-up, locked when it is about to be decided (two clicks on Approve decide it once). */
export async function findWaiting(tx: Tx, id: number, options: { lock?: boolean } = {}) {
  const [row] = await rows<TWaitingEntry>(
    tx,
    sql`select ${COLUMNS} ${FROM} where w.id = ${id} ${options.lock ? sql`for update of w` : sql``}`,
  );
  return row;
}

export async function insertWaiting(
  tx: Tx,
  v: {
    shopName: string;
    ownerName: string;
    phone: string;
    email: string;
    wilayaId: number;
    expectedOrders: number;
    locale: string;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into waiting_list (shop_name, owner_name, phone, email, wilaya_id, expected_orders, locale)
        values (${v.shopName}, ${v.ownerName}, ${v.phone}, ${v.email}, ${v.wilayaId}, ${v.expectedOrders}, ${v.locale})
        returning id`,
  );
  return row!.id;
}

export async function markApproved(tx: Tx, id: number, tenantId: number, adminId: number | null): Promise<void> {
  await tx.execute(sql`update waiting_list set status = 'approved', tenant_id = ${tenantId}, decided_by = ${adminId},
                       decided_at = now() where id = ${id}`);
}

export async function markRejected(tx: Tx, id: number, reason: string, adminId: number): Promise<void> {
  await tx.execute(sql`update waiting_list set status = 'rejected', reject_reason = ${reason}, decided_by = ${adminId},
                       decided_at = now() where id = ${id}`);
}

/** A live sign-up (pending or approved) with this e-mail, or a shop account with it. */
export async function emailSignedUp(tx: Tx, email: string): Promise<boolean> {
  const found = await rows(
    tx,
    sql`select 1 from waiting_list where lower(email) = lower(${email}) and status <> 'rejected'
        union all select 1 from users where lower(email) = lower(${email}) limit 1`,
  );
  return found.length > 0;
}

/** Whether the e-mail is a central administrator's (any account, active or not). */
export async function isCentralAdminEmail(tx: Tx, email: string): Promise<boolean> {
  const found = await rows(tx, sql`select 1 from central_admins where lower(email) = lower(${email}) limit 1`);
  return found.length > 0;
}

export async function phoneSignedUp(tx: Tx, phone: string): Promise<boolean> {
  const found = await rows(tx, sql`select 1 from waiting_list where phone = ${phone} and status <> 'rejected' limit 1`);
  return found.length > 0;
}

/** In the approval's transaction, so a rolled-back approval mails nobody. */
export async function insertOutboxMail(
  tx: Tx,
  mail: { tenantId: number | null; to: string; subject: string; body: string },
): Promise<void> {
  await tx.execute(sql`insert into mail_outbox (tenant_id, to_email, subject, body)
                      values (${mail.tenantId}, ${mail.to}, ${mail.subject}, ${mail.body})`);
}

export async function countPending(tx: Tx): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from waiting_list where status = 'pending'`,
  );
  return row?.n ?? 0;
}
