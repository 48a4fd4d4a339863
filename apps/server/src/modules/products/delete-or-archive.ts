import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation } from './db-errors.js';

export type TDeleteOutcome = 'deleted' | 'archived';

/**
 * Issue 3.1: a row that something else references (stock movements today, order lines once the
 * orders issue adds its foreign keys) is archived instead of deleted. The database's own foreign
 * keys decide, inside a savepoint, so every future reference is respected without changing this
 * code (docs/decisions/0011-archive-instead-of-delete.md).
 */
export async function deleteOrArchive(
  tx: Tx,
  actions: { remove: (savepoint: Tx) => Promise<unknown>; archive: () => Promise<unknown> },
): Promise<TDeleteOutcome> {
  try {
    await tx.transaction(async (savepoint) => {
      await actions.remove(savepoint);
    });
    return 'deleted';
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    await actions.archive();
    return 'archived';
  }
}

/**
 * A catalogue row's removal: 404 when `current` was not found; an archived row stays archived;
 * any other is deleted or archived as above; the audit records which ('delete' or 'archive').
 */
export async function removeCatalogueRow(
  tx: Tx,
  current: { archivedAt: Date | null } | undefined,
  entity: Parameters<typeof AppError.notFound>[0],
  actions: {
    remove: (savepoint: Tx) => Promise<unknown>;
    archive: () => Promise<unknown>;
    audit: (action: 'delete' | 'archive') => Promise<unknown>;
  },
): Promise<TDeleteOutcome> {
  if (!current) throw AppError.notFound(entity);
  const result = current.archivedAt ? 'archived' : await deleteOrArchive(tx, actions);
  await actions.audit(result === 'deleted' ? 'delete' : 'archive');
  return result;
}
