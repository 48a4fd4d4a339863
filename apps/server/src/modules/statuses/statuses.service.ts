import { m, type TCreateStatusRequest, type TEditStatusRequest } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './statuses.repository.js';

/** SPEC 3 statuses, as the list answers them (archived ones never), with their names per language. */
export async function listStatuses(deps: TAppDeps, tenantId: number) {
  const data = await withTenant(deps.db, tenantId, (tx) => repo.listStatuses(tx, tenantId));
  return { data, total: data.length };
}

export async function getStatus(deps: TAppDeps, tenantId: number, id: number) {
  const status = await withTenant(deps.db, tenantId, (tx) => repo.findStatus(tx, tenantId, id));
  if (!status) throw AppError.notFound('Status');
  return status;
}

/** The technical name of a new status: its display name in lower-case ASCII words, made unique. */
function slugOf(displayName: string): string {
  const slug = displayName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return slug || 'status';
}

/** Issue 18.3: a status added inside a type. */
export function createStatus(deps: TAppDeps, actor: TActor, input: TCreateStatusRequest) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const base = slugOf(input.display_name);
    let name = base;
    for (let n = 2; await repo.nameTaken(tx, actor.tenantId, name); n++) name = `${base}_${n}`;
    const created = await repo.insertStatus(tx, {
      tenantId: actor.tenantId,
      name,
      type: input.type,
      color: input.color,
      displayName: input.display_name,
      names: input.names,
      position: input.position ?? (await repo.nextPosition(tx, actor.tenantId)),
      active: input.active,
    });
    await recordAudit(tx, { ...auditOf(actor, created.id), action: 'create', changes: { after: created } });
    return created;
  });
}

/** Names, colour, position and active flag; the system status of a type stays active. */
export function updateStatus(deps: TAppDeps, actor: TActor, id: number, changes: TEditStatusRequest) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = await repo.findStatus(tx, actor.tenantId, id);
    if (!before) throw AppError.notFound('Status');
    if (before.is_system && changes.active === false) {
      throw AppError.validation({ active: [m('team.status_system_locked')] });
    }
    const updated = await repo.updateStatus(tx, actor.tenantId, id, {
      color: changes.color,
      displayName: changes.display_name,
      names: changes.names,
      position: changes.position,
      active: changes.active,
    });
    if (!updated) throw AppError.notFound('Status');
    await recordAudit(tx, { ...auditOf(actor, id), action: 'update', changes: { before, after: updated } });
    return updated;
  });
}

/**
 * Issue 18.3: removes a status. A system status never goes; one that orders have needs a
 * replacement of the same type (a type change would bypass the order transitions and stock rules,
 * docs/decisions/0056), and its orders and history rows move to it in this one transaction.
 */
export function deleteStatus(deps: TAppDeps, actor: TActor, id: number, replacementId: number | undefined) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    // Lock order: the statuses (this one and its replacement, by id), then the orders that have it.
    // A status change reads its target FOR SHARE before it locks its orders (orders/change-status.ts),
    // so it either lands before this removal (and its order moves) or sees the status gone (422),
    // never a foreign-key failure (docs/decisions/0092).
    const locked = await repo.lockStatuses(
      tx,
      actor.tenantId,
      replacementId === undefined ? [id] : [id, replacementId],
    );
    if (!locked.some((s) => s.id === id)) throw AppError.notFound('Status');
    const status = await repo.findStatus(tx, actor.tenantId, id);
    if (!status) throw AppError.notFound('Status');
    if (status.is_system) throw AppError.validation({ id: [m('team.status_system_locked')] });
    await repo.lockOrdersWithStatus(tx, actor.tenantId, id);
    const used = await repo.countOrdersWithStatus(tx, actor.tenantId, id);
    let replacement: Awaited<ReturnType<typeof repo.findStatus>>;
    if (replacementId !== undefined) {
      replacement = await repo.findStatus(tx, actor.tenantId, replacementId);
      if (!replacement || replacement.id === id || replacement.type !== status.type || !replacement.active) {
        throw AppError.validation({ replacement_id: [m('team.status_replacement_invalid')] });
      }
    }
    if (used > 0 && !replacement) {
      throw AppError.validation({ replacement_id: [m('team.status_replacement_required', { count: used })] });
    }
    const moved = replacement ? await repo.moveStatus(tx, actor.tenantId, id, replacement.id) : 0;
    await repo.deleteStatus(tx, actor.tenantId, id);
    await recordAudit(tx, {
      ...auditOf(actor, id),
      action: 'delete',
      changes: { before: status, replacement_id: replacement?.id ?? null, orders_moved: moved },
    });
    return { deleted: id, replacement_id: replacement?.id ?? null, orders_moved: moved };
  });
}

const auditOf = (actor: TActor, id: number) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  entity: 'status',
  entityId: id,
  ip: actor.ip,
});
