import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TCustomFieldValues, TStatusType } from '@cod/shared';

// Issue 4 tables; the SQL (keys, checks, indexes, triggers, RLS) is migrations/0004_orders.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true });
const tenantId = () => integer('tenant_id').notNull();
const id = () => integer('id').generatedByDefaultAsIdentity().notNull();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export type TOrderStockState = 'none' | 'reserved' | 'shipped' | 'returned';

export const orderNumberCounters = pgTable(
  'order_number_counters',
  { tenantId: tenantId(), lastNumber: integer('last_number').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);

export const orders = pgTable(
  'orders',
  {
    tenantId: tenantId(),
    id: id(),
    orderNumber: integer('order_number').notNull(),
    customerId: integer('customer_id').notNull(),
    customerFullName: text('customer_full_name').notNull(),
    customerPhone1: text('customer_phone_1').notNull(),
    customerPhone2: text('customer_phone_2'),
    stateId: integer('state_id').notNull(),
    cityId: integer('city_id').notNull(),
    customerAddress: text('customer_address'),
    agentId: integer('agent_id'),
    isStopdesk: boolean('is_stopdesk').notNull().default(false),
    stopdeskId: integer('stopdesk_id'),
    note: text('note'),
    freeDelivery: boolean('free_delivery').notNull().default(false),
    deliveryPrice: money('delivery_price').notNull().default(0),
    total: money('total').notNull(),
    statusId: integer('status_id').notNull(),
    statusType: text('status_type').$type<TStatusType>().notNull(),
    shippingCompanyId: integer('shipping_company_id'),
    trackingNumber: text('tracking_number'),
    shipmentStatus: text('shipment_status'),
    dispatchedAt: ts('dispatched_at'),
    salesSource: text('sales_source'),
    campaignId: text('campaign_id'),
    sourceMetadata: jsonb('source_metadata').$type<Record<string, unknown>>(),
    salesChannelId: integer('sales_channel_id'),
    customerCustomFields: jsonb('customer_custom_fields')
      .$type<Array<{ product_id: number; field_values: TCustomFieldValues }>>()
      .notNull()
      .default([]),
    stockState: text('stock_state').$type<TOrderStockState>().notNull().default('none'),
    reportedAt: ts('reported_at'),
    cancelledAt: ts('cancelled_at'),
    deletedAt: ts('deleted_at'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const orderLines = pgTable(
  'order_lines',
  {
    tenantId: tenantId(),
    id: id(),
    orderId: integer('order_id').notNull(),
    position: smallint('position').notNull().default(0),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id'),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    cataloguePrice: money('catalogue_price'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const fulfillmentStatuses = pgTable(
  'fulfillment_statuses',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    orderId: integer('order_id').notNull(),
    statusId: integer('status_id').notNull(),
    description: text('description'),
    creatorId: integer('creator_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const orderSearchTerms = pgTable(
  'order_search_terms',
  { tenantId: tenantId(), term: text('term').notNull(), orderId: integer('order_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.term, t.orderId] })],
);

export const intakeRequests = pgTable(
  'intake_requests',
  {
    tenantId: tenantId(),
    channelId: integer('channel_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: integer('order_id'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.channelId, t.idempotencyKey] })],
);
