import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './statuses.repository.js';

/** SPEC 3 statuses, as the list answers them. */
export async function listStatuses(deps: TAppDeps, tenantId: number) {
  const data = await withTenant(deps.db, tenantId, (tx) => repo.listStatuses(tx, tenantId));
  return { data, total: data.length };
}

export async function getStatus(deps: TAppDeps, tenantId: number, id: number) {
  const status = await withTenant(deps.db, tenantId, (tx) => repo.findStatus(tx, tenantId, id));
  if (!status) throw AppError.notFound('Status');
  return status;
}

/** A status's colour or display name, audited in the same transaction. */
export function updateStatus(
  deps: TAppDeps,
  actor: TActor,
  id: number,
  changes: { color?: string; display_name?: string },
) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const updated = await repo.updateStatus(tx, actor.tenantId, id, {
      color: changes.color,
      displayName: changes.display_name,
    });
    if (!updated) throw AppError.notFound('Status');
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'update',
      entity: 'status',
      entityId: id,
      changes,
      ip: actor.ip,
    });
    return updated;
  });
}
