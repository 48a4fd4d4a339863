import { sql } from 'drizzle-orm';
import type { TCentralAuditRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/** The central audit log (who, what, before/after) and the central settings (docs/decisions/0065). */
export interface TCentralAuditEntry {
  adminId: number | null;
  tenantId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function insertCentralAudit(tx: Tx, entry: TCentralAuditEntry): Promise<void> {
  await tx.execute(sql`
    insert into central_audit_log (admin_id, tenant_id, action, entity, entity_id, before, after)
    values (${entry.adminId}, ${entry.tenantId}, ${entry.action}, ${entry.entity},
            ${entry.entityId === null ? null : String(entry.entityId)},
            ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
            ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}

export type { TCentralAuditRow };

export function listCentralAudit(tx: Tx, tenantId: number, limit: number) {
  return rows<TCentralAuditRow>(
    tx,
    sql`select l.id::int as id, a.name as admin_name, l.action, l.entity, l.entity_id, l.before, l.after,
               to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
        from central_audit_log l left join central_admins a on a.id = l.admin_id
        where l.tenant_id = ${tenantId} order by l.id desc limit ${limit}`,
  );
}

export async function readSettings(tx: Tx): Promise<Record<string, unknown>> {
  // As text, parsed here: the drivers do not all hand jsonb back the same way.
  const found = await rows<{ key: string; value: string }>(
    tx,
    sql`select key, value::text as value from central_settings`,
  );
  return Object.fromEntries(found.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

export async function writeSetting(tx: Tx, key: string, value: unknown): Promise<void> {
  await tx.execute(sql`
    insert into central_settings (key, value, updated_at) values (${key}, ${JSON.stringify(value)}::jsonb, now())
    on conflict (key) do update set value = excluded.value, updated_at = now()`);
}
