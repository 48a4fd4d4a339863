import type {
  TProductListQuery,
  TPurchaseInput,
  TStockAdjustmentInput,
  TStockMovement,
  TStockMovementListQuery,
} from '@cod/shared';
import { CATALOGUE_MESSAGES as M } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.service.js';
import { listProductPage } from '../products/products.service.js';
import { findProviderRow } from '../providers/providers.service.js';
import * as lowStock from './low-stock.repository.js';
import * as repo from './stock.repository.js';
import { underPrefix } from './stock.errors.js';
import { applyStockMovement, type TAppliedStockMovement } from './stock.service.js';

/** Stock levels are the product list seen from the warehouse: on hand, reserved, available. */
export function listStockLevels(deps: TAppDeps, tenantId: number, query: TProductListQuery) {
  return listProductPage(deps, tenantId, query);
}

export function listStockMovements(
  deps: TAppDeps,
  tenantId: number,
  query: TStockMovementListQuery,
): Promise<{ data: TStockMovement[]; total: number }> {
  return withTenant(deps.db, tenantId, (tx) => repo.listMovements(tx, tenantId, query));
}

/** The movements of a filter inside the caller's transaction (a provider's purchases, issue 3.3). */
export function listMovementsIn(
  tx: Tx,
  tenantId: number,
  query: TStockMovementListQuery,
): Promise<{ data: TStockMovement[]; total: number }> {
  return repo.listMovements(tx, tenantId, query);
}

/**
 * Issue 3.4, the use case of the stock screen: an adjustment can take a product under its threshold,
 * so its transaction publishes the alert (withTenantEvents).
 */
export function recordAdjustment(
  deps: TAppDeps,
  actor: TActor,
  input: TStockAdjustmentInput,
): Promise<TAppliedStockMovement> {
  return withTenantEvents(deps.db, actor.tenantId, (tx) => adjustStock(tx, actor, input));
}

/** Issue 3.4: a counted correction with its reason, by the stock screens (inside the caller's transaction). */
export async function adjustStock(tx: Tx, actor: TActor, input: TStockAdjustmentInput): Promise<TAppliedStockMovement> {
  const movement = await applyStockMovement(tx, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    productId: input.product_id,
    variantId: input.variant_id,
    kind: 'adjustment',
    quantity: input.quantity,
    reason: input.reason,
  });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    action: 'adjust',
    entity: 'stock_movement',
    entityId: movement.id,
    changes: input,
    ip: actor.ip,
  });
  return movement;
}

/** Issue 3.3/3.4: one delivery from a provider; every line or none (one transaction). */
export function recordPurchase(
  deps: TAppDeps,
  actor: TActor,
  input: TPurchaseInput,
): Promise<{ movements: TAppliedStockMovement[] }> {
  return withTenant(deps.db, actor.tenantId, (tx) => recordPurchaseInTx(tx, actor, input));
}

async function recordPurchaseInTx(
  tx: Tx,
  actor: TActor,
  input: TPurchaseInput,
): Promise<{ movements: TAppliedStockMovement[] }> {
  const provider = await findProviderRow(tx, actor.tenantId, input.provider_id);
  if (!provider || provider.archivedAt) throw AppError.validation({ provider_id: [M.selectedInvalid('provider')] });
  const movements: TAppliedStockMovement[] = [];
  for (const [index, line] of input.lines.entries()) {
    const movement = await applyStockMovement(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      productId: line.product_id,
      variantId: line.variant_id,
      kind: 'purchase',
      quantity: line.quantity,
      providerId: input.provider_id,
      unitCost: line.unit_cost,
      reason: input.note,
    }).catch((error: unknown) => {
      throw underPrefix(error, `lines.${index}.`);
    });
    movements.push(movement);
  }
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    action: 'purchase',
    entity: 'provider',
    entityId: input.provider_id,
    changes: { ...input, movement_ids: movements.map((m) => m.id) },
    ip: actor.ip,
  });
  return { movements };
}

/** Products at or under their threshold (SPEC 9), for the page props every screen reads. */
export function listLowStockProducts(deps: TAppDeps, tenantId: number) {
  return withTenant(deps.db, tenantId, (tx) => lowStock.listLowStockProducts(tx, tenantId));
}
