import { boolean, integer, jsonb, smallint, text } from 'drizzle-orm/pg-core';
import type { TCustomFieldValues, TStatusType } from '@cod/shared';
import { createdAt, keyedTable, money, tenantLogTable, tenantTable, timestamps, ts } from './columns.js';
import { searchTermsTable } from './search-terms.js';

// Issue 4 tables; the SQL (keys, checks, indexes, triggers, RLS) is migrations/0004_orders.sql.

export type TOrderStockState = 'none' | 'reserved' | 'shipped' | 'returned';

export const orderNumberCounters = keyedTable('order_number_counters', [], {
  lastNumber: integer('last_number').notNull(),
});

export const orders = tenantTable('orders', {
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
  ...timestamps(),
});

export const orderLines = tenantTable('order_lines', {
  orderId: integer('order_id').notNull(),
  position: smallint('position').notNull().default(0),
  productId: integer('product_id').notNull(),
  variantId: integer('variant_id'),
  quantity: integer('quantity').notNull(),
  price: money('price').notNull(),
  cataloguePrice: money('catalogue_price'),
});

export const fulfillmentStatuses = tenantLogTable('fulfillment_statuses', {
  orderId: integer('order_id').notNull(),
  statusId: integer('status_id').notNull(),
  description: text('description'),
  creatorId: integer('creator_id'),
  createdAt: createdAt(),
});

export const orderSearchTerms = searchTermsTable('order_search_terms', 'orderId', 'order_id');

export const intakeRequests = keyedTable('intake_requests', ['channelId', 'idempotencyKey'], {
  channelId: integer('channel_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  orderId: integer('order_id'),
  response: jsonb('response').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});
