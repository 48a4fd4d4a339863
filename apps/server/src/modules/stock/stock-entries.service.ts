import type { TPurchaseInput, TStockAdjustmentInput } from '@cod/shared';
import { CATALOGUE_MESSAGES as M } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { TActor } from '../products/actor.js';
import { findProviderRow } from '../providers/providers.repository.js';
import { underPrefix } from './stock.errors.js';
import { applyStockMovement, type TAppliedStockMovement } from './stock.service.js';

/** Issue 3.4: a counted correction with its reason, by the stock screens. */
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
export async function recordPurchase(
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
