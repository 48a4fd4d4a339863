import { boolean, integer, jsonb, numeric, text } from 'drizzle-orm/pg-core';
import type { TCommissionOn, TCommissionType, TStatusNames, TStatusType } from '@cod/shared';
import { createdAt, credentials, keyedTable, tenantLogTable, tenantTable, timestamps, ts } from './columns.js';

export const roles = tenantTable('roles', { name: text('name').notNull(), createdAt: createdAt() });

export const permissions = tenantTable('permissions', { name: text('name').notNull() });

export const rolePermissions = keyedTable('role_permissions', ['roleId', 'permissionId'], {
  roleId: integer('role_id').notNull(),
  permissionId: integer('permission_id').notNull(),
});

export const users = tenantTable('users', {
  ...credentials(),
  roleId: integer('role_id').notNull(),
  // Migration 0010 (docs/decisions/0058): what the money ledger reads.
  commissionType: text('commission_type').$type<TCommissionType>().notNull().default('none'),
  commissionAmount: numeric('commission_amount', { precision: 14, scale: 2 }).notNull().default('0'),
  commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  commissionOn: text('commission_on').$type<TCommissionOn>().notNull().default('delivered'),
  phone: text('phone'),
  isAdmin: boolean('is_admin').notNull().default(false),
  avatarUrl: text('avatar_url'),
  locale: text('locale').$type<'en' | 'fr' | 'ar'>().notNull().default('en'),
  active: boolean('active').notNull().default(true),
  lastLoginAt: ts('last_login_at'),
  ...timestamps(),
});

/** A user's secret, kept as its hash: a session, a password reset or an invitation. */
const userToken = () => ({ userId: integer('user_id').notNull(), tokenHash: text('token_hash').notNull() });

export const authTokens = tenantTable('auth_tokens', {
  ...userToken(),
  createdAt: createdAt(),
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

export const passwordResets = tenantTable('password_resets', {
  ...userToken(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
  purpose: text('purpose').$type<'reset' | 'invite'>().notNull().default('reset'),
});

export const statuses = tenantTable('statuses', {
  name: text('name').notNull(),
  type: text('type').$type<TStatusType>().notNull(),
  color: text('color').notNull(),
  displayName: text('display_name').notNull(),
  position: integer('position').notNull().default(0),
  // Migration 0010 (docs/decisions/0055, 0056).
  names: jsonb('names').$type<TStatusNames>().notNull().default({}),
  active: boolean('active').notNull().default(true),
  isSystem: boolean('is_system').notNull().default(false),
  archivedAt: ts('archived_at'),
  createdAt: createdAt(),
});

export const auditLog = tenantLogTable('audit_log', {
  userId: integer('user_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  ip: text('ip'),
  createdAt: createdAt(),
});
