import type { TProvider, TProviderInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { TActor } from '../products/actor.js';
import { deleteOrArchive, type TDeleteOutcome } from '../products/delete-or-archive.js';
import * as repo from './providers.repository.js';

export async function createProvider(tx: Tx, actor: TActor, input: TProviderInput): Promise<TProvider> {
  const { contacts, ...values } = input;
  const { id } = await repo.insertProvider(tx, actor.tenantId, values);
  await repo.replaceContacts(tx, actor.tenantId, id, contacts);
  await recordAudit(tx, { ...auditBase(actor, id), action: 'create', changes: input });
  return (await repo.findProvider(tx, actor.tenantId, id))!;
}

export async function updateProvider(tx: Tx, actor: TActor, id: number, input: TProviderInput): Promise<TProvider> {
  if (!(await repo.findProviderRow(tx, actor.tenantId, id, { lock: true }))) throw AppError.notFound('Provider');
  const { contacts, ...values } = input;
  await repo.updateProviderRow(tx, actor.tenantId, id, values);
  await repo.replaceContacts(tx, actor.tenantId, id, contacts);
  await recordAudit(tx, { ...auditBase(actor, id), action: 'update', changes: input });
  return (await repo.findProvider(tx, actor.tenantId, id))!;
}

/** A provider with purchases keeps them: it is archived (docs/decisions/0011). */
export async function removeProvider(tx: Tx, actor: TActor, id: number): Promise<TDeleteOutcome> {
  const current = await repo.findProviderRow(tx, actor.tenantId, id, { lock: true });
  if (!current) throw AppError.notFound('Provider');
  const result = current.archivedAt
    ? 'archived'
    : await deleteOrArchive(tx, {
        remove: (savepoint) => repo.deleteProviderRow(savepoint, actor.tenantId, id),
        archive: () => repo.setProviderArchived(tx, actor.tenantId, id, true),
      });
  await recordAudit(tx, { ...auditBase(actor, id), action: result === 'deleted' ? 'delete' : 'archive' });
  return result;
}

export async function restoreProvider(tx: Tx, actor: TActor, id: number): Promise<TProvider> {
  const current = await repo.findProviderRow(tx, actor.tenantId, id, { lock: true });
  if (!current) throw AppError.notFound('Provider');
  if (current.archivedAt) {
    await repo.setProviderArchived(tx, actor.tenantId, id, false);
    await recordAudit(tx, { ...auditBase(actor, id), action: 'restore' });
  }
  return (await repo.findProvider(tx, actor.tenantId, id))!;
}

function auditBase(actor: TActor, id: number) {
  return { tenantId: actor.tenantId, userId: actor.userId, entity: 'provider', entityId: id, ip: actor.ip };
}
