import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TCommissionOn, TCommissionType, TStatusNames, TStatusType } from '@cod/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const tenantId = () => integer('tenant_id').notNull();
const id = () => integer('id').generatedByDefaultAsIdentity().notNull();

export const roles = pgTable(
  'roles',
  { tenantId: tenantId(), id: id(), name: text('name').notNull(), createdAt: ts('created_at').notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const permissions = pgTable(
  'permissions',
  { tenantId: tenantId(), id: id(), name: text('name').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const rolePermissions = pgTable(
  'role_permissions',
  { tenantId: tenantId(), roleId: integer('role_id').notNull(), permissionId: integer('permission_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    tenantId: tenantId(),
    id: id(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: tenantId(),
    id: id(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    purpose: text('purpose').$type<'reset' | 'invite'>().notNull().default('reset'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const statuses = pgTable(
  'statuses',
  {
    tenantId: tenantId(),
    id: id(),
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
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
