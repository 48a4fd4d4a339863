import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
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

/**
 * Runs `work`; a refusal (403) it throws is recorded as `refused_<action>` with its message code, in
 * a transaction of its own since the work's was rolled back, then thrown on (decision 0139).
 */
export async function auditingRefusals<T>(
  db: Db,
  entry: Omit<repo.TAuditEntry, 'action' | 'changes'>,
  action: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') {
      const changes = { code: error.messageCode ?? error.code, params: error.params };
      await withTenant(db, entry.tenantId, (tx) =>
        repo.recordAudit(tx, { ...entry, action: `refused_${action}`, changes }),
      );
    }
    throw error;
  }
}
