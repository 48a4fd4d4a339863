import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';

/** A table of a shop's rows: each has the shop's id and its own, and notes when it was last written. */
type TTenantTable = PgTable & { tenantId: PgColumn; id: PgColumn; updatedAt: PgColumn };

/** One row of one shop: the condition of every write by id (row-level security guards it too). */
export function tenantRow(table: TTenantTable, tenantId: number, id: number): SQL {
  return and(eq(table.tenantId, tenantId), eq(table.id, id))!;
}

/**
 * The writes by id every catalogue table repeats (products, variants, providers): an update that
 * stamps updated_at, archiving (for tables with archived_at) and deletion.
 */
export function tenantRowWrites<T extends TTenantTable>(table: T) {
  const write = async (tx: Tx, tenantId: number, id: number, values: Record<string, unknown>) => {
    await tx
      .update(table)
      .set({ ...values, updatedAt: new Date() } as never)
      .where(tenantRow(table, tenantId, id));
  };
  return {
    update: (tx: Tx, tenantId: number, id: number, values: Partial<T['$inferInsert']>) =>
      write(tx, tenantId, id, values),
    setArchived: (tx: Tx, tenantId: number, id: number, archived: boolean) =>
      write(tx, tenantId, id, { archivedAt: archived ? new Date() : null }),
    remove: async (tx: Tx, tenantId: number, id: number) => {
      await tx.delete(table).where(tenantRow(table, tenantId, id));
    },
  };
}
