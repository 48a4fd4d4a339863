import type { TListQuery, TProvider, TProviderInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import { removeCatalogueRow, type TDeleteOutcome } from '../products/delete-or-archive.js';
import { listMovementsIn } from '../stock/stock-entries.service.js';
import * as repo from './providers.repository.js';

/** A provider's row inside the caller's transaction (a purchase checks its provider, issue 3.4). */
export function findProviderRow(tx: Tx, tenantId: number, id: number) {
  return repo.findProviderRow(tx, tenantId, id);
}

export function listProviders(
  deps: TAppDeps,
  tenantId: number,
  query: TListQuery & { archived?: boolean },
): Promise<{ data: TProvider[]; total: number }> {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.listProviders(tx, tenantId, { ...query, page: query.page, perPage: query.per_page }),
  );
}

export async function getProvider(deps: TAppDeps, tenantId: number, id: number): Promise<TProvider> {
  const provider = await withTenant(deps.db, tenantId, (tx) => repo.findProvider(tx, tenantId, id));
  if (!provider) throw AppError.notFound('Provider');
  return provider;
}

/** Purchases are stock movements of kind purchase (issue 3.3): {data, total} plus their totals. */
export function listPurchases(deps: TAppDeps, tenantId: number, id: number, query: TListQuery) {
  return withTenant(deps.db, tenantId, async (tx) => {
    if (!(await repo.findProviderRow(tx, tenantId, id))) throw AppError.notFound('Provider');
    const page = await listMovementsIn(tx, tenantId, { ...query, provider_id: id, kind: 'purchase' });
    return { ...page, totals: await repo.purchaseTotals(tx, tenantId, id) };
  });
}

async function createProviderInTx(tx: Tx, actor: TActor, input: TProviderInput): Promise<TProvider> {
  const { contacts, ...values } = input;
  const { id } = await repo.insertProvider(tx, actor.tenantId, values);
  await repo.replaceContacts(tx, actor.tenantId, id, contacts);
  await recordAudit(tx, { ...auditBy(actor, 'provider', id), action: 'create', changes: input });
  return (await repo.findProvider(tx, actor.tenantId, id))!;
}

async function updateProviderInTx(tx: Tx, actor: TActor, id: number, input: TProviderInput): Promise<TProvider> {
  if (!(await repo.findProviderRow(tx, actor.tenantId, id, { lock: true }))) throw AppError.notFound('Provider');
  const { contacts, ...values } = input;
  await repo.updateProviderRow(tx, actor.tenantId, id, values);
  await repo.replaceContacts(tx, actor.tenantId, id, contacts);
  await recordAudit(tx, { ...auditBy(actor, 'provider', id), action: 'update', changes: input });
  return (await repo.findProvider(tx, actor.tenantId, id))!;
}

/** A provider with purchases keeps them: it is archived (docs/decisions/0011). */
async function removeProviderInTx(tx: Tx, actor: TActor, id: number): Promise<TDeleteOutcome> {
  const current = await repo.findProviderRow(tx, actor.tenantId, id, { lock: true });
  return removeCatalogueRow(tx, current, 'Provider', {
    remove: (savepoint) => repo.deleteProviderRow(savepoint, actor.tenantId, id),
    archive: () => repo.setProviderArchived(tx, actor.tenantId, id, true),
    audit: (action) => recordAudit(tx, { ...auditBy(actor, 'provider', id), action }),
  });
}

async function restoreProviderInTx(tx: Tx, actor: TActor, id: number): Promise<TProvider> {
  const current = await repo.findProviderRow(tx, actor.tenantId, id, { lock: true });
  if (!current) throw AppError.notFound('Provider');
  if (current.archivedAt) {
    await repo.setProviderArchived(tx, actor.tenantId, id, false);
    await recordAudit(tx, { ...auditBy(actor, 'provider', id), action: 'restore' });
  }
  return (await repo.findProvider(tx, actor.tenantId, id))!;
}

export function createProvider(deps: TAppDeps, actor: TActor, input: TProviderInput): Promise<TProvider> {
  return withTenant(deps.db, actor.tenantId, (tx) => createProviderInTx(tx, actor, input));
}

export function updateProvider(deps: TAppDeps, actor: TActor, id: number, input: TProviderInput): Promise<TProvider> {
  return withTenant(deps.db, actor.tenantId, (tx) => updateProviderInTx(tx, actor, id, input));
}

export function removeProvider(deps: TAppDeps, actor: TActor, id: number): Promise<TDeleteOutcome> {
  return withTenant(deps.db, actor.tenantId, (tx) => removeProviderInTx(tx, actor, id));
}

export function restoreProvider(deps: TAppDeps, actor: TActor, id: number): Promise<TProvider> {
  return withTenant(deps.db, actor.tenantId, (tx) => restoreProviderInTx(tx, actor, id));
}
