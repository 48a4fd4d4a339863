import { boolean, integer, jsonb, text } from 'drizzle-orm/pg-core';
import type { TCustomField, TSalesSourceType, TStockMovementKind } from '@cod/shared';
import {
  archivable,
  createdAt,
  keyedTable,
  money,
  tenantLogTable,
  tenantTable,
  timestamps,
  ts,
  updatedAt,
} from './columns.js';
import { searchTermsTable } from './search-terms.js';

// Issue 3 tables; the SQL (keys, checks, indexes, RLS) is migrations/0003_catalogue.sql.
/** A product's or a variant's stock: sum(on_hand_delta) and sum(reserved_delta) of its stock movements. */
const stockBalance = () => ({
  onHand: integer('on_hand').notNull().default(0),
  reserved: integer('reserved').notNull().default(0),
});

/** What a product and a variant both are to sell: a name, a SKU, a price and what it costs the shop. */
const sellable = () => ({
  name: text('name').notNull(),
  sku: text('sku').notNull(),
  price: money('price').notNull(),
  costPrice: money('cost_price'),
});

export const products = tenantTable('products', {
  ...sellable(),
  active: boolean('active').notNull().default(true),
  hasVariants: boolean('has_variants').notNull().default(false),
  customFields: jsonb('custom_fields').$type<TCustomField[]>().notNull().default([]),
  lowStockThreshold: integer('low_stock_threshold'),
  imageKey: text('image_key'),
  thumbnailKey: text('thumbnail_key'),
  ...stockBalance(),
  ...archivable(),
});

export const productVariants = tenantTable('product_variants', {
  productId: integer('product_id').notNull(),
  ...sellable(),
  attributes: jsonb('attributes').$type<Array<{ name: string; value: string }>>().notNull().default([]),
  position: integer('position').notNull().default(0),
  ...stockBalance(),
  ...archivable(),
});

export const userProductScopes = keyedTable('user_product_scopes', ['userId'], {
  userId: integer('user_id').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});

export const userProductPermissions = keyedTable('user_product_permissions', ['userId', 'productId'], {
  userId: integer('user_id').notNull(),
  productId: integer('product_id').notNull(),
});

/** How to reach a provider or one of its people. */
const contactDetails = () => ({ phone: text('phone'), email: text('email') });

export const providers = tenantTable('providers', {
  name: text('name').notNull(),
  ...contactDetails(),
  address: text('address'),
  notes: text('notes'),
  ...archivable(),
});

export const providerContacts = tenantTable('provider_contacts', {
  providerId: integer('provider_id').notNull(),
  name: text('name').notNull(),
  role: text('role'),
  ...contactDetails(),
  position: integer('position').notNull().default(0),
});

export const stockMovements = tenantLogTable('stock_movements', {
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
});

export const customers = tenantTable('customers', {
  phone: text('phone').notNull(),
  name: text('name'),
  note: text('note'),
  ...timestamps(),
});

export const customerSearchTerms = searchTermsTable('customer_search_terms', 'customerId', 'customer_id');

export const customerBlocks = tenantTable('customer_blocks', {
  customerId: integer('customer_id').notNull(),
  reason: text('reason').notNull(),
  blockedBy: integer('blocked_by'),
  createdAt: createdAt(),
  unblockedAt: ts('unblocked_at'),
  unblockedBy: integer('unblocked_by'),
  unblockReason: text('unblock_reason'),
});

export const salesChannels = tenantTable('sales_channels', {
  name: text('name').notNull(),
  icon: text('icon'),
  sourceType: text('source_type').$type<TSalesSourceType>().notNull(),
  active: boolean('active').notNull().default(true),
  intakeKeyHash: text('intake_key_hash'),
  intakeKeyPrefix: text('intake_key_prefix'),
  intakeKeyCreatedAt: ts('intake_key_created_at'),
  ...archivable(),
});
