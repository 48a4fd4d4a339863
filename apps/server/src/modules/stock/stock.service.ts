import { m, MAX_STOCK_QUANTITY, type TStockMovementKind } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './stock.repository.js';
import type { TBalance, TBalanceChange } from './stock.repository.js';
import { watchLowStock } from './low-stock-alerts.js';
import { insufficientStock, invalidProduct, invalidVariant, notReserved, variantRequired } from './stock.errors.js';

/**
 * One stock movement, as the stock screens and the orders issue ask for it.
 * `quantity` is a positive number of units, except for an adjustment where its sign says
 * whether units were found (+) or lost (-).
 */
export interface TStockMovementRequest {
  tenantId: number;
  userId: number | null;
  productId: number;
  variantId?: number | null;
  kind: TStockMovementKind;
  quantity: number;
  orderId?: number | null;
  providerId?: number | null;
  unitCost?: number | null;
  /** Required for an adjustment (issue 3.4); a free note otherwise. */
  reason?: string | null;
}

export interface TAppliedStockMovement {
  id: number;
  onHand: number;
  reserved: number;
  available: number;
}

/**
 * docs/decisions/0008: what each kind does to on_hand (units in the warehouse) and reserved (units
 * held by confirmed orders); available = on_hand - reserved and never goes below zero.
 */
const EFFECTS: Record<TStockMovementKind, (q: number) => TBalanceChange> = {
  purchase: (q) => ({ onHandDelta: q, reservedDelta: 0, needAvailable: 0, needReserved: 0 }),
  adjustment: (q) => ({ onHandDelta: q, reservedDelta: 0, needAvailable: Math.max(0, -q), needReserved: 0 }),
  order_reserved: (q) => ({ onHandDelta: 0, reservedDelta: q, needAvailable: q, needReserved: 0 }),
  order_released: (q) => ({ onHandDelta: 0, reservedDelta: -q, needAvailable: 0, needReserved: q }),
  order_shipped: (q) => ({ onHandDelta: -q, reservedDelta: -q, needAvailable: 0, needReserved: q }),
  order_returned: (q) => ({ onHandDelta: q, reservedDelta: 0, needAvailable: 0, needReserved: 0 }),
};

/**
 * The only way stock changes (issue 3.4). Runs inside the caller's tenant transaction: the balance
 * update and the movement row commit or roll back together with whatever else the caller does
 * (an order status change, a purchase). Throws AppError 'insufficient_stock' (422,
 * `Insufficient stock for "{product}"`) when the stock does not allow it; nothing is written then.
 */
export async function applyStockMovement(tx: Tx, request: TStockMovementRequest): Promise<TAppliedStockMovement> {
  assertQuantity(request);
  if (request.kind === 'adjustment' && !request.reason?.trim()) {
    throw AppError.validation({ reason: [m('validation.required', { field: 'reason' })] });
  }
  if (request.kind === 'purchase' && (request.providerId == null || request.unitCost == null)) {
    throw new Error('A purchase movement needs providerId and unitCost.');
  }
  const change = EFFECTS[request.kind](request.quantity);
  const variantId = request.variantId ?? null;
  const { balance, product } =
    variantId === null
      ? await moveProduct(tx, request, change)
      : await moveVariant(tx, { ...request, variantId }, change);
  // SPEC 9: the product (sum of its variants) may have just gone under its low-stock threshold.
  const availableAfter = product.onHand - product.reserved;
  watchLowStock(tx, request.tenantId, request.productId, {
    availableBefore: availableAfter - (change.onHandDelta - change.reservedDelta),
    lowered: change.onHandDelta - change.reservedDelta < 0,
  });
  const movement = await repo.insertMovement(tx, request.tenantId, {
    productId: request.productId,
    variantId,
    kind: request.kind,
    quantity: request.quantity,
    onHandDelta: change.onHandDelta,
    reservedDelta: change.reservedDelta,
    onHandAfter: balance.onHand,
    reservedAfter: balance.reserved,
    providerId: request.providerId ?? null,
    unitCost: request.unitCost ?? null,
    orderId: request.orderId ?? null,
    reason: request.reason?.trim() || null,
    userId: request.userId,
  });
  return { id: movement.id, ...balance, available: balance.onHand - balance.reserved };
}

function assertQuantity({ kind, quantity }: TStockMovementRequest): void {
  const ok =
    Number.isInteger(quantity) &&
    Math.abs(quantity) <= MAX_STOCK_QUANTITY &&
    (kind === 'adjustment' ? quantity !== 0 : quantity > 0);
  if (!ok) throw AppError.validation({ quantity: [m('stock.quantity_positive')] });
}

/** The moved balance (the product's, or the variant's) and the product's totals after the move. */
type TMoved = { balance: TBalance; product: TBalance };

async function moveProduct(tx: Tx, request: TStockMovementRequest, change: TBalanceChange): Promise<TMoved> {
  const after = await repo.moveProductBalance(tx, request.tenantId, request.productId, change);
  if (after) return { balance: after, product: after };
  throw await refusal(tx, request, change);
}

async function moveVariant(
  tx: Tx,
  request: TStockMovementRequest & { variantId: number },
  change: TBalanceChange,
): Promise<TMoved> {
  const product = await repo.lockProductForStock(tx, request.tenantId, request.productId);
  if (!product) throw invalidProduct();
  if (!product.hasVariants) throw invalidVariant();
  const after = await repo.moveVariantBalance(tx, request.tenantId, request, change);
  if (!after) throw await refusal(tx, request, change);
  const totals = await repo.addToProductTotals(tx, request.tenantId, request.productId, change);
  return { balance: after, product: totals };
}

/** Why the conditional update changed nothing: an unknown target, or not enough stock. */
async function refusal(tx: Tx, request: TStockMovementRequest, change: TBalanceChange): Promise<AppError> {
  const variantId = request.variantId ?? null;
  const target = await repo.findStockTarget(tx, request.tenantId, request.productId, variantId);
  if (!target) return invalidProduct();
  if (variantId === null && target.hasVariants) return variantRequired();
  if (variantId !== null && !target.variant) return invalidVariant();
  // Each kind needs either available or reserved units, never both: the kind says which ran short.
  return change.needAvailable > 0
    ? insufficientStock(target.name, target.variant?.name)
    : notReserved(target.name, target.variant?.name);
}
