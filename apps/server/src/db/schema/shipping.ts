import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Issue 5 tables; the SQL (keys, checks, indexes, RLS) is migrations/0006_shipping.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true });
const tenantId = () => integer('tenant_id').notNull();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const shippingCompanies = pgTable(
  'shipping_companies',
  {
    tenantId: tenantId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
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
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const shippingFees = pgTable(
  'shipping_fees',
  {
    tenantId: tenantId(),
    shippingCompanyId: integer('shipping_company_id').notNull(),
    stateId: integer('state_id').notNull(),
    homeFee: money('home_fee'),
    stopdeskFee: money('stopdesk_fee'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.shippingCompanyId, t.stateId] })],
);

export const stopDesks = pgTable(
  'stop_desks',
  {
    tenantId: tenantId(),
    shippingCompanyId: integer('shipping_company_id').notNull(),
    centerId: text('center_id').notNull(),
    name: text('name').notNull(),
    stateId: integer('state_id'),
    wilayaName: text('wilaya_name'),
    communeName: text('commune_name'),
    address: text('address'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.shippingCompanyId, t.centerId] })],
);

export const shipments = pgTable(
  'shipments',
  {
    tenantId: tenantId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    orderId: integer('order_id').notNull(),
    shippingCompanyId: integer('shipping_company_id').notNull(),
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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const shipmentStatuses = pgTable(
  'shipment_statuses',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    shipmentId: integer('shipment_id').notNull(),
    status: text('status'),
    rawStatus: text('raw_status').notNull(),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    eventKey: text('event_key').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const shipmentAttempts = pgTable(
  'shipment_attempts',
  {
    tenantId: tenantId(),
    orderId: integer('order_id').notNull(),
    shippingCompanyId: integer('shipping_company_id').notNull(),
    reference: text('reference').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.orderId, t.shippingCompanyId] })],
);
