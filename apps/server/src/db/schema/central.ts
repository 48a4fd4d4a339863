import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, credentials, tenantId, ts } from './columns.js';

// The central tables (no tenant, or one tenant's row among all): keyed by their own identity id.
const ownId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const tenants = pgTable('tenants', {
  id: ownId(),
  cqName: text('cq_name').notNull().unique(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default('Africa/Algiers'),
  createdAt: createdAt(),
});

export const plans = pgTable('plans', {
  id: ownId(),
  name: text('name').notNull().unique(),
  price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
  durationDays: integer('duration_days').notNull(),
  isTrial: boolean('is_trial').notNull().default(false),
  maxUsers: integer('max_users'),
  createdAt: createdAt(),
});

export const subscriptions = pgTable('subscriptions', {
  id: ownId(),
  tenantId: tenantId(),
  planId: integer('plan_id').notNull(),
  status: text('status').$type<'active' | 'trialing' | 'past_due' | 'expired' | 'suspended' | 'cancelled'>().notNull(),
  validFrom: ts('valid_from').notNull().defaultNow(),
  validTo: ts('valid_to').notNull(),
  // Migration 0012: one current subscription per tenant, the rest is its history.
  current: boolean('current').notNull().default(true),
  createdAt: createdAt(),
});

export const centralAdmins = pgTable('central_admins', {
  id: ownId(),
  ...credentials(),
  createdAt: createdAt(),
});

export const centralAuthTokens = pgTable('central_auth_tokens', {
  id: ownId(),
  adminId: integer('admin_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const loginAttempts = pgTable('login_attempts', {
  id: ownId(),
  key: text('key').notNull(),
  attemptedAt: ts('attempted_at').notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: ownId(),
  tenantId: integer('tenant_id'),
  toEmail: text('to_email').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});
