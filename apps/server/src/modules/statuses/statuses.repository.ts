import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TStatusNames, TStatusType } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';
import { statuses } from '../../db/schema/index.js';

const columns = {
  id: statuses.id,
  name: statuses.name,
  type: statuses.type,
  color: statuses.color,
  display_name: statuses.displayName,
  names: statuses.names,
  position: statuses.position,
  active: statuses.active,
  is_system: statuses.isSystem,
};

const live = (tenantId: number) => and(eq(statuses.tenantId, tenantId), isNull(statuses.archivedAt));

export function listStatuses(tx: Tx, tenantId: number) {
  return tx.select(columns).from(statuses).where(live(tenantId)).orderBy(asc(statuses.position), asc(statuses.id));
}

export async function findStatus(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select(columns)
    .from(statuses)
    .where(and(live(tenantId), eq(statuses.id, id)));
  return row;
}

/**
 * The status rows locked for removal, in id order (a removal and its replacement): concurrent
 * status changes naming them wait until the removal commits, then see what is left.
 */
export async function lockStatuses(tx: Tx, tenantId: number, ids: readonly number[]) {
  return rows<{ id: number }>(
    tx,
    sql`select id from statuses
        where tenant_id = ${tenantId} and id in (${inList([...new Set(ids)])}) and archived_at is null
        order by id for update`,
  );
}

export async function nameTaken(tx: Tx, tenantId: number, name: string): Promise<boolean> {
  const found = await rows(tx, sql`select 1 from statuses where tenant_id = ${tenantId} and name = ${name} limit 1`);
  return found.length > 0;
}

export async function nextPosition(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await rows<{ next: number }>(
    tx,
    sql`select coalesce(max(position), -1)::int + 1 as next from statuses where tenant_id = ${tenantId}`,
  );
  return row?.next ?? 0;
}

export async function insertStatus(
  tx: Tx,
  values: {
    tenantId: number;
    name: string;
    type: TStatusType;
    color: string;
    displayName: string;
    names: TStatusNames;
    position: number;
    active: boolean;
  },
) {
  const [row] = await tx.insert(statuses).values(values).returning(columns);
  return row!;
}

export async function updateStatus(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { color?: string; displayName?: string; names?: TStatusNames; position?: number; active?: boolean },
) {
  const [row] = await tx
    .update(statuses)
    .set(values)
    .where(and(live(tenantId), eq(statuses.id, id)))
    .returning(columns);
  return row;
}

/**
 * Locks, in id order, the orders (deleted ones too: the foreign key covers them) that have the
 * status, after the status itself is locked: the order in which a status change takes its locks
 * (its target status FOR SHARE, then the order rows), so the two never deadlock.
 */
export async function lockOrdersWithStatus(tx: Tx, tenantId: number, statusId: number): Promise<number> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from orders where tenant_id = ${tenantId} and status_id = ${statusId} order by id for update`,
  );
  return found.length;
}

export async function countOrdersWithStatus(tx: Tx, tenantId: number, statusId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from orders where tenant_id = ${tenantId} and status_id = ${statusId}`,
  );
  return row?.n ?? 0;
}

/** Moves every order and history row from one status to another of the same type; answers the orders moved. */
export async function moveStatus(tx: Tx, tenantId: number, fromId: number, toId: number): Promise<number> {
  const moved = await rows<{ id: number }>(
    tx,
    sql`update orders set status_id = ${toId} where tenant_id = ${tenantId} and status_id = ${fromId} returning id`,
  );
  await tx.execute(
    sql`update fulfillment_statuses set status_id = ${toId} where tenant_id = ${tenantId} and status_id = ${fromId}`,
  );
  return moved.length;
}

export async function deleteStatus(tx: Tx, tenantId: number, id: number) {
  await tx.delete(statuses).where(and(eq(statuses.tenantId, tenantId), eq(statuses.id, id)));
}
