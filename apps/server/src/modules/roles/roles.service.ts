import {
  actOnRefusal,
  ALL_PERMISSIONS,
  authorityOf,
  isBuiltInRole,
  isPermission,
  m,
  OWNER_ROLE,
  permissionsBeyond,
  type TAuthority,
  type TCreateRoleRequest,
  type TRoleRow,
  type TUpdateRoleRequest,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditingRefusals, recordAudit } from '../audit/audit.service.js';
import * as repo from './roles.repository.js';

function toRow(record: repo.TRoleRecord): TRoleRow {
  const isOwner = record.name === OWNER_ROLE;
  return {
    id: record.id,
    name: record.name,
    built_in: isBuiltInRole(record.name),
    is_owner: isOwner,
    users_count: record.users_count,
    // The Owner holds every permission, whatever its rows say (apps/server/src/modules/auth/session.ts).
    permissions: isOwner ? [...ALL_PERMISSIONS] : record.permissions.filter(isPermission),
  };
}

/** Issue 18.2: the shop's roles with how many users hold each and their permissions. */
export async function listRoles(deps: TAppDeps, tenantId: number) {
  const data = (await withTenant(deps.db, tenantId, (tx) => repo.listRoles(tx, tenantId))).map(toRow);
  return { data, total: data.length };
}

/**
 * The roles a user can be given (the users screen): names, and whether the viewer may assign each
 * (decision 0139: not one holding a permission they lack, the Owner role only by an owner).
 */
export async function listRoleOptions(deps: TAppDeps, actor: TActor) {
  const { tenantId } = actor;
  const { roles, viewer } = await withTenant(deps.db, tenantId, async (tx) => ({
    roles: (await repo.listRoles(tx, tenantId)).map(toRow),
    viewer: await actorAuthority(tx, actor),
  }));
  const data = roles.map((r) => ({
    id: r.id,
    name: r.name,
    built_in: r.built_in,
    grantable: (!r.is_owner || viewer.isOwner) && permissionsBeyond(viewer, r.permissions).length === 0,
  }));
  return { data, total: data.length };
}

/** What a team member holds (decision 0139), inside the caller's transaction; undefined for an unknown user. */
export async function authorityOfUser(tx: Tx, tenantId: number, userId: number): Promise<TAuthority | undefined> {
  const record = await repo.findUserRole(tx, tenantId, userId);
  return record && authorityOf(record.role === OWNER_ROLE, record.permissions.filter(isPermission));
}

async function actorAuthority(tx: Tx, actor: TActor): Promise<TAuthority> {
  // The token was verified moments ago; a user deleted since holds nothing.
  return (await authorityOfUser(tx, actor.tenantId, actor.userId)) ?? authorityOf(false, []);
}

/** Refuses (403) to create, edit, delete or assign a role holding a permission the actor lacks. */
export async function assertMayGrant(tx: Tx, actor: TActor, permissions: readonly string[]): Promise<void> {
  const beyond = permissionsBeyond(await actorAuthority(tx, actor), permissions);
  if (beyond.length > 0) {
    throw new AppError('forbidden', m('team.permission_not_held', { permissions: beyond.join(', ') }));
  }
}

/**
 * Refuses (403) an action on another user's account unless the actor holds every permission the
 * target holds, and only an owner acts on an owner. The target must exist (the caller's 404 first).
 */
export async function assertMayActOn(tx: Tx, actor: TActor, targetId: number): Promise<void> {
  if (targetId === actor.userId) return;
  const target = await authorityOfUser(tx, actor.tenantId, targetId);
  if (!target) return;
  const refusal = actOnRefusal(await actorAuthority(tx, actor), target);
  if (refusal) throw new AppError('forbidden', m(refusal));
}

/** For the users module: the role a user is given, inside its transaction. */
export async function findRoleInTx(tx: Tx, tenantId: number, id: number) {
  const record = await repo.findRole(tx, tenantId, id);
  return record ? toRow(record) : undefined;
}

function checkedPermissions(names: readonly string[]): string[] {
  const unknown = names.find((name) => !isPermission(name));
  if (unknown) throw AppError.validation({ permissions: [m('team.permission_unknown', { name: unknown })] });
  return [...new Set(names)];
}

async function ensureFreeName(tx: Tx, tenantId: number, name: string, exceptId?: number) {
  if (await repo.roleNameTaken(tx, tenantId, name, exceptId)) {
    throw AppError.validation({ name: [m('team.role_name_taken')] });
  }
}

async function roleOrFail(tx: Tx, tenantId: number, id: number, lock = false) {
  const role = await repo.findRole(tx, tenantId, id, lock);
  if (!role) throw new AppError('not_found', m('team.role_not_found'));
  return role;
}

/** Create, or duplicate (copy_from): a new role with its own name. */
export function createRole(deps: TAppDeps, actor: TActor, input: TCreateRoleRequest) {
  return auditingRefusals(deps.db, auditOf(actor, null), 'create', () => createRoleWork(deps, actor, input));
}

function createRoleWork(deps: TAppDeps, actor: TActor, input: TCreateRoleRequest) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await ensureFreeName(tx, actor.tenantId, input.name);
    const source = input.copy_from ? toRow(await roleOrFail(tx, actor.tenantId, input.copy_from)) : undefined;
    const granted = checkedPermissions(source ? source.permissions : input.permissions);
    await assertMayGrant(tx, actor, granted);
    const id = await repo.insertRole(tx, actor.tenantId, input.name);
    await repo.setRolePermissions(tx, actor.tenantId, id, await repo.permissionIds(tx, actor.tenantId, granted));
    const created = toRow((await repo.findRole(tx, actor.tenantId, id))!);
    await recordAudit(tx, {
      ...auditOf(actor, id),
      action: source ? 'duplicate' : 'create',
      changes: { after: created, copied_from: source?.id ?? null },
    });
    return created;
  });
}

/**
 * Rename or change the permissions. The Owner role is not editable; the built-in roles keep their
 * names (the server and the screens know Support Agent and Owner by name). Takes effect on the next
 * request of every user holding the role: the guard reads permissions per request.
 */
export function updateRole(deps: TAppDeps, actor: TActor, id: number, input: TUpdateRoleRequest) {
  return auditingRefusals(deps.db, auditOf(actor, id), 'update', () => updateRoleWork(deps, actor, id, input));
}

function updateRoleWork(deps: TAppDeps, actor: TActor, id: number, input: TUpdateRoleRequest) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = toRow(await roleOrFail(tx, actor.tenantId, id, true));
    if (before.is_owner) throw AppError.validation({ permissions: [m('team.owner_role_locked')] });
    // Nobody edits a role holding more than they hold, nor gives it more (decision 0139).
    await assertMayGrant(tx, actor, before.permissions);
    if (input.name !== undefined && input.name !== before.name) {
      if (before.built_in) throw AppError.validation({ name: [m('team.role_builtin_locked')] });
      await ensureFreeName(tx, actor.tenantId, input.name, id);
      await repo.renameRole(tx, actor.tenantId, id, input.name);
    }
    if (input.permissions !== undefined) {
      const granted = checkedPermissions(input.permissions);
      await assertMayGrant(tx, actor, granted);
      await repo.setRolePermissions(tx, actor.tenantId, id, await repo.permissionIds(tx, actor.tenantId, granted));
    }
    const after = toRow((await repo.findRole(tx, actor.tenantId, id))!);
    await recordAudit(tx, { ...auditOf(actor, id), action: 'update', changes: { before, after } });
    return after;
  });
}

/** Refused for the built-in roles and while users hold the role (with their count). */
export function deleteRole(deps: TAppDeps, actor: TActor, id: number) {
  return auditingRefusals(deps.db, auditOf(actor, id), 'delete', () =>
    withTenant(deps.db, actor.tenantId, async (tx) => {
      const role = toRow(await roleOrFail(tx, actor.tenantId, id, true));
      if (role.built_in) throw AppError.validation({ id: [m('team.role_builtin_locked')] });
      await assertMayGrant(tx, actor, role.permissions);
      if (role.users_count > 0) {
        throw AppError.validation({ id: [m('team.role_in_use', { count: role.users_count })] });
      }
      await repo.deleteRole(tx, actor.tenantId, id);
      await recordAudit(tx, { ...auditOf(actor, id), action: 'delete', changes: { before: role } });
      return { deleted: id };
    }),
  );
}

const auditOf = (actor: TActor, id: number | null) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  entity: 'role',
  entityId: id,
  ip: actor.ip,
});
