import { ALL_PERMISSIONS, OWNER_ROLE, type TUserData } from '@cod/shared';
import type { TSessionRow } from './auth.repository.js';

/** What a signed-in request carries: taken only from the verified token (STYLE 6). */
export interface TSession {
  tenantId: number;
  userId: number;
  tokenId: number;
  cqName: string;
  timeZone: string;
  permissions: ReadonlySet<string>;
  user: TUserData;
}

/**
 * The permissions of a request, read from the role on every request (issue 18.2: a role change
 * holds from the user's next request, no re-login). The Owner role always has the whole list, so a
 * permission appended to packages/shared/src/permissions.ts reaches every owner at once.
 */
export function permissionsOf(row: { role: string; permissions: string[] }): string[] {
  return row.role === OWNER_ROLE ? [...ALL_PERMISSIONS] : row.permissions;
}

export function toUserData(row: Omit<TSessionRow, 'token_id' | 'last_used_at'>): TUserData {
  const permissions = permissionsOf(row);
  return {
    id: row.user_id,
    name: row.name,
    email: row.email,
    avatar_url: row.avatar_url,
    role: row.role,
    // SPEC 3: commission type is shown only for Support Agents.
    commission_type: row.role === 'Support Agent' ? row.commission_type : null,
    is_admin: row.is_admin,
    locale: row.locale,
    permissions,
  };
}

export function toSession(row: TSessionRow): TSession {
  return {
    tenantId: row.tenant_id,
    userId: row.user_id,
    tokenId: row.token_id,
    cqName: row.cq_name,
    timeZone: row.time_zone,
    permissions: new Set(permissionsOf(row)),
    user: toUserData(row),
  };
}
