import type { Tx } from '../../db/client.js';
import * as repo from './audit.repository.js';

export type { TAuditEntry } from './audit.repository.js';

/**
 * Who changed what, when: every module records its changes here, in the transaction of the change
 * (a module never calls another's repository, docs/decisions/0044).
 */
export function recordAudit(tx: Tx, entry: repo.TAuditEntry): Promise<void> {
  return repo.recordAudit(tx, entry);
}

/** Who (`actor`, from where) changed which row (`entity`, `id`): spread into an entry with its action. */
export function auditBy(actor: { tenantId: number; userId: number; ip: string | null }, entity: string, id: number) {
  return { tenantId: actor.tenantId, userId: actor.userId, entity, entityId: id, ip: actor.ip };
}

/** A change of the shop's own settings by `actor`: entity 'settings', the shop's id. */
export function recordSettingsAudit(
  tx: Tx,
  actor: { tenantId: number; userId: number; ip?: string | null },
  changes: Record<string, unknown>,
  action = 'update',
): Promise<void> {
  const { tenantId, userId, ip } = actor;
  return repo.recordAudit(tx, { tenantId, userId, action, entity: 'settings', entityId: tenantId, changes, ip });
}
