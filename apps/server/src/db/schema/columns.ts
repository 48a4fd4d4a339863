import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core';

// Column builders and column groups the schema files share. Spread a group where the migration has its
// columns: drizzle selects a table's columns in the order they are declared. The SQL itself (keys, checks,
// indexes, RLS) is the migrations'; these only describe it to drizzle.
export const ts = (name: string) => timestamp(name, { withTimezone: true });
export const tenantId = () => integer('tenant_id').notNull();
export const id = () => integer('id').generatedByDefaultAsIdentity().notNull();
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** tenant_id and an integer identity id, the first two columns of every table whose rows have their own id. */
export const tenantRow = () => ({ tenantId: tenantId(), id: id() });
/** The same with a bigint identity id (history and log tables). */
export const tenantLogRow = () => ({
  tenantId: tenantId(),
  id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
});
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
export const archivable = () => ({ archivedAt: ts('archived_at'), ...timestamps() });
/** How a person signs in: a shop's user or a central administrator. */
export const credentials = () => ({
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
});

/** (tenant_id, id): the primary key of every table whose rows have their own id. */
export const tenantKey = (t: { tenantId: AnyPgColumn; id: AnyPgColumn }) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
];

export type TColumns = Record<string, PgColumnBuilderBase>;

/** A table whose rows have their own integer id: tenant_id and id first, (tenant_id, id) its primary key. */
export const tenantTable = <N extends string, C extends TColumns>(name: N, columns: C) =>
  pgTable(name, { ...tenantRow(), ...columns } as ReturnType<typeof tenantRow> & C, tenantKey);

/** The same with a bigint id (history and log tables). */
export const tenantLogTable = <N extends string, C extends TColumns>(name: N, columns: C) =>
  pgTable(name, { ...tenantLogRow(), ...columns } as ReturnType<typeof tenantLogRow> & C, tenantKey);

/** A table keyed by tenant_id and `keys` (columns of `columns`, in that order), tenant_id first. */
export const keyedTable = <N extends string, C extends TColumns>(name: N, keys: Array<keyof C & string>, columns: C) =>
  pgTable(name, { tenantId: tenantId(), ...columns } as { tenantId: ReturnType<typeof tenantId> } & C, (t) => [
    primaryKey({ columns: [t.tenantId, ...keys.map((key) => t[key] as AnyPgColumn)] }),
  ]);
