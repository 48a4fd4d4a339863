import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  cqName: text('cq_name').notNull().unique(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default('Africa/Algiers'),
  createdAt: createdAt(),
});

export const plans = pgTable('plans', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
  durationDays: integer('duration_days').notNull(),
  isTrial: boolean('is_trial').notNull().default(false),
  maxUsers: integer('max_users'),
  createdAt: createdAt(),
});

export const subscriptions = pgTable('subscriptions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tenantId: integer('tenant_id').notNull(),
  planId: integer('plan_id').notNull(),
  status: text('status').$type<'active' | 'trialing' | 'past_due' | 'expired' | 'suspended' | 'cancelled'>().notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  // Migration 0012: one current subscription per tenant, the rest is its history.
  current: boolean('current').notNull().default(true),
  createdAt: createdAt(),
});

export const centralAdmins = pgTable('central_admins', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const centralAuthTokens = pgTable('central_auth_tokens', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  adminId: integer('admin_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const loginAttempts = pgTable('login_attempts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  key: text('key').notNull(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tenantId: integer('tenant_id'),
  toEmail: text('to_email').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});
