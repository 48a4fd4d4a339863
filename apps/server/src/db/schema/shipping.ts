import { boolean, integer, jsonb, text } from 'drizzle-orm/pg-core';
import { archivable, createdAt, keyedTable, money, tenantLogTable, tenantTable, timestamps, ts } from './columns.js';

// Issue 5 tables; the SQL (keys, checks, indexes, RLS) is migrations/0006_shipping.sql.

/** The shipping company (carrier) a fee, a stop desk, a shipment or an attempt is of. */
const carrierId = () => integer('shipping_company_id').notNull();

export const shippingCompanies = tenantTable('shipping_companies', {
  kind: text('kind').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  icon: text('icon'),
  baseUrl: text('base_url'),
  credentialsEncrypted: text('credentials_encrypted'),
  webhookToken: text('webhook_token').notNull(),
  active: boolean('active').notNull().default(true),
  servedWilayas: integer('served_wilayas').array(),
  senderWilaya: integer('sender_wilaya'),
  lastPolledAt: ts('last_polled_at'),
  ...archivable(),
});

export const shippingFees = keyedTable('shipping_fees', ['shippingCompanyId', 'stateId'], {
  shippingCompanyId: carrierId(),
  stateId: integer('state_id').notNull(),
  homeFee: money('home_fee'),
  stopdeskFee: money('stopdesk_fee'),
});

export const stopDesks = keyedTable('stop_desks', ['shippingCompanyId', 'centerId'], {
  shippingCompanyId: carrierId(),
  centerId: text('center_id').notNull(),
  name: text('name').notNull(),
  stateId: integer('state_id'),
  wilayaName: text('wilaya_name'),
  communeName: text('commune_name'),
  address: text('address'),
});

export const shipments = tenantTable('shipments', {
  orderId: integer('order_id').notNull(),
  shippingCompanyId: carrierId(),
  reference: text('reference').notNull(),
  carrierParcelId: text('carrier_parcel_id'),
  trackingNumber: text('tracking_number').notNull(),
  labelUrl: text('label_url'),
  status: text('status'),
  rawStatus: text('raw_status'),
  driverPhone: text('driver_phone'),
  active: boolean('active').notNull().default(true),
  validatedAt: ts('validated_at'),
  statusAt: ts('status_at'),
  ...timestamps(),
});

export const shipmentStatuses = tenantLogTable('shipment_statuses', {
  shipmentId: integer('shipment_id').notNull(),
  status: text('status'),
  rawStatus: text('raw_status').notNull(),
  description: text('description'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  eventKey: text('event_key').notNull(),
  occurredAt: ts('occurred_at').notNull(),
  createdAt: createdAt(),
});

export const shipmentAttempts = keyedTable('shipment_attempts', ['orderId', 'shippingCompanyId'], {
  orderId: integer('order_id').notNull(),
  shippingCompanyId: carrierId(),
  reference: text('reference').notNull(),
  createdAt: createdAt(),
});
