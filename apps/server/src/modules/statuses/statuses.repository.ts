import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { statuses } from '../../db/schema/index.js';

const columns = {
  id: statuses.id,
  name: statuses.name,
  type: statuses.type,
  color: statuses.color,
  display_name: statuses.displayName,
};

export function listStatuses(tx: Tx, tenantId: number) {
  return tx
    .select(columns)
    .from(statuses)
    .where(eq(statuses.tenantId, tenantId))
    .orderBy(asc(statuses.position), asc(statuses.id));
}

export async function findStatus(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select(columns)
    .from(statuses)
    .where(and(eq(statuses.tenantId, tenantId), eq(statuses.id, id)));
  return row;
}

export async function updateStatus(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { color?: string; displayName?: string },
) {
  const [row] = await tx
    .update(statuses)
    .set(values)
    .where(and(eq(statuses.tenantId, tenantId), eq(statuses.id, id)))
    .returning(columns);
  return row;
}
