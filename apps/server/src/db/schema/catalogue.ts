import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TCustomField, TSalesSourceType, TStockMovementKind } from '@cod/shared';

// Issue 3 tables; the SQL (keys, checks, indexes, RLS) is migrations/0003_catalogue.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true });
const tenantId = () => integer('tenant_id').notNull();
const id = () => integer('id').generatedByDefaultAsIdentity().notNull();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
// Column groups several tables share. Spread them where the migration has the columns: drizzle selects a
// table's columns in the order they are declared.
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
const archivable = () => ({ archivedAt: ts('archived_at'), ...timestamps() });
/** A product's or a variant's stock: sum(on_hand_delta) and sum(reserved_delta) of its stock movements. */
const stockBalance = () => ({
  onHand: integer('on_hand').notNull().default(0),
  reserved: integer('reserved').notNull().default(0),
});
/** (tenant_id, id): the primary key of every table here whose rows have their own id. */
const tenantKey = (t: { tenantId: AnyPgColumn; id: AnyPgColumn }) => [primaryKey({ columns: [t.tenantId, t.id] })];

export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    price: money('price').notNull(),
    costPrice: money('cost_price'),
    active: boolean('active').notNull().default(true),
    hasVariants: boolean('has_variants').notNull().default(false),
    customFields: jsonb('custom_fields').$type<TCustomField[]>().notNull().default([]),
    lowStockThreshold: integer('low_stock_threshold'),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    ...stockBalance(),
    ...archivable(),
  },
  tenantKey,
);

export const productVariants = pgTable(
  'product_variants',
  {
    tenantId: tenantId(),
    id: id(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    price: money('price').notNull(),
    attributes: jsonb('attributes').$type<Array<{ name: string; value: string }>>().notNull().default([]),
    position: integer('position').notNull().default(0),
    ...stockBalance(),
    ...archivable(),
  },
  tenantKey,
);

export const userProductScopes = pgTable(
  'user_product_scopes',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

export const userProductPermissions = pgTable(
  'user_product_permissions',
  { tenantId: tenantId(), userId: integer('user_id').notNull(), productId: integer('product_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.productId] })],
);

export const providers = pgTable(
  'providers',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    notes: text('notes'),
    ...archivable(),
  },
  tenantKey,
);

export const providerContacts = pgTable(
  'provider_contacts',
  {
    tenantId: tenantId(),
    id: id(),
    providerId: integer('provider_id').notNull(),
    name: text('name').notNull(),
    role: text('role'),
    phone: text('phone'),
    email: text('email'),
    position: integer('position').notNull().default(0),
  },
  tenantKey,
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id'),
    kind: text('kind').$type<TStockMovementKind>().notNull(),
    quantity: integer('quantity').notNull(),
    onHandDelta: integer('on_hand_delta').notNull(),
    reservedDelta: integer('reserved_delta').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    providerId: integer('provider_id'),
    unitCost: money('unit_cost'),
    orderId: integer('order_id'),
    reason: text('reason'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  tenantKey,
);

export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    id: id(),
    phone: text('phone').notNull(),
    name: text('name'),
    note: text('note'),
    ...timestamps(),
  },
  tenantKey,
);

export const customerSearchTerms = pgTable(
  'customer_search_terms',
  { tenantId: tenantId(), term: text('term').notNull(), customerId: integer('customer_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.term, t.customerId] })],
);

export const customerBlocks = pgTable(
  'customer_blocks',
  {
    tenantId: tenantId(),
    id: id(),
    customerId: integer('customer_id').notNull(),
    reason: text('reason').notNull(),
    blockedBy: integer('blocked_by'),
    createdAt: createdAt(),
    unblockedAt: ts('unblocked_at'),
    unblockedBy: integer('unblocked_by'),
    unblockReason: text('unblock_reason'),
  },
  tenantKey,
);

export const salesChannels = pgTable(
  'sales_channels',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    icon: text('icon'),
    sourceType: text('source_type').$type<TSalesSourceType>().notNull(),
    active: boolean('active').notNull().default(true),
    intakeKeyHash: text('intake_key_hash'),
    intakeKeyPrefix: text('intake_key_prefix'),
    intakeKeyCreatedAt: ts('intake_key_created_at'),
    ...archivable(),
  },
  tenantKey,
);
