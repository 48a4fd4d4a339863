import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

export interface TAuditFilter {
  userId?: number;
  entity?: string;
  /** Shop days, 'YYYY-MM-DD', both included, read in `timeZone`. */
  dateFrom?: string;
  dateTo?: string;
  timeZone: string;
}

export interface TAuditRow {
  /** bigint: a string from the driver. */
  id: number | string;
  created_at: Date;
  user_id: number | null;
  user_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
}

function where(tenantId: number, filter: TAuditFilter): SQL {
  const parts = [sql`a.tenant_id = ${tenantId}`];
  if (filter.userId) parts.push(sql`a.user_id = ${filter.userId}`);
  if (filter.entity) parts.push(sql`a.entity = ${filter.entity}`);
  if (filter.dateFrom)
    parts.push(sql`a.created_at >= (${filter.dateFrom}::date)::timestamp at time zone ${filter.timeZone}`);
  if (filter.dateTo) {
    parts.push(sql`a.created_at < (${filter.dateTo}::date + 1)::timestamp at time zone ${filter.timeZone}`);
  }
  return sql.join(parts, sql` and `);
}

const SELECT = sql`select a.id, a.created_at, a.user_id, u.name as user_name, a.action, a.entity,
  a.entity_id, a.changes, a.ip
  from audit_log a left join users u on u.tenant_id = a.tenant_id and u.id = a.user_id`;

/** One page, newest first. */
export function listEntries(tx: Tx, tenantId: number, filter: TAuditFilter, page: { limit: number; offset: number }) {
  return rows<TAuditRow>(
    tx,
    sql`${SELECT} where ${where(tenantId, filter)} order by a.created_at desc, a.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** Entries older than `beforeId` (the export walks the log by id, newest first). */
export function listEntriesBefore(tx: Tx, tenantId: number, filter: TAuditFilter, beforeId: number, limit: number) {
  return rows<TAuditRow>(
    tx,
    sql`${SELECT} where ${where(tenantId, filter)} and a.id < ${beforeId} order by a.id desc limit ${limit}`,
  );
}

export async function countEntries(tx: Tx, tenantId: number, filter: TAuditFilter): Promise<number> {
  const [row] = await rows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from audit_log a where ${where(tenantId, filter)}`,
  );
  return row?.total ?? 0;
}

/** The users and kinds of entity the shop's log names, for the filters. */
export async function filterValues(tx: Tx, tenantId: number) {
  const users = await rows<{ id: number; name: string }>(
    tx,
    sql`select u.id, u.name from users u
        where u.tenant_id = ${tenantId}
          and exists (select 1 from audit_log a where a.tenant_id = u.tenant_id and a.user_id = u.id)
        order by u.name`,
  );
  const entities = await rows<{ entity: string }>(
    tx,
    sql`select distinct entity from audit_log where tenant_id = ${tenantId} order by entity`,
  );
  return { users, entities: entities.map((e) => e.entity) };
}
