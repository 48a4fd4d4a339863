import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface TAuditEntry {
  tenantId: number;
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  changes?: Record<string, unknown>;
  ip?: string | null;
}

/** Who changed what, when: written in the same transaction as the change it describes. */
export async function recordAudit(tx: Tx, entry: TAuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: entry.tenantId,
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    changes: entry.changes ?? {},
    ip: entry.ip ?? null,
  });
}
