import type { TStockMovementKind } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import type { TOrderStockState } from '../../db/schema/index.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { linesOfOrders, setStockState, type TLineValues } from './orders.repository.js';

/**
 * docs/decisions/0008, the orders side. Each helper moves the stock of whole orders (every line)
 * inside the caller's transaction and records the order's new stock_state; a refusal
 * (`Insufficient stock for "..."`) rolls the whole action back. The shipping issue calls
 * `shipOrders` on dispatch and `releaseOrders` on Go Back.
 */
type TMove = { orderId: number; line: Pick<TLineValues, 'product_id' | 'variant_id' | 'quantity'> };

const TRANSITION: Record<
  'reserve' | 'release' | 'ship' | 'return',
  { kind: TStockMovementKind; to: TOrderStockState }
> = {
  reserve: { kind: 'order_reserved', to: 'reserved' },
  release: { kind: 'order_released', to: 'none' },
  ship: { kind: 'order_shipped', to: 'shipped' },
  return: { kind: 'order_returned', to: 'returned' },
};

async function move(
  tx: Tx,
  context: { tenantId: number; userId: number | null },
  orderIds: readonly number[],
  action: keyof typeof TRANSITION,
  lines?: ReadonlyMap<number, ReadonlyArray<Pick<TLineValues, 'product_id' | 'variant_id' | 'quantity'>>>,
): Promise<void> {
  if (!orderIds.length) return;
  const { kind, to } = TRANSITION[action];
  const moves: TMove[] = [];
  if (lines) {
    for (const orderId of orderIds) for (const line of lines.get(orderId) ?? []) moves.push({ orderId, line });
  } else {
    for (const line of await linesOfOrders(tx, context.tenantId, orderIds))
      moves.push({ orderId: line.order_id, line });
  }
  // One lock order for everyone (product, variant, order), so two bulk confirmations sharing
  // products queue instead of deadlocking.
  moves.sort(
    (a, b) =>
      a.line.product_id - b.line.product_id ||
      (a.line.variant_id ?? 0) - (b.line.variant_id ?? 0) ||
      a.orderId - b.orderId,
  );
  for (const { orderId, line } of merge(moves)) {
    await applyStockMovement(tx, {
      tenantId: context.tenantId,
      userId: context.userId,
      productId: line.product_id,
      variantId: line.variant_id,
      quantity: line.quantity,
      kind,
      orderId,
    });
  }
  await setStockState(tx, context.tenantId, orderIds, to);
}

/** Two lines of one order with the same product and variant move as one. */
function merge(moves: TMove[]): TMove[] {
  const merged: TMove[] = [];
  for (const m of moves) {
    const last = merged[merged.length - 1];
    if (
      last &&
      last.orderId === m.orderId &&
      last.line.product_id === m.line.product_id &&
      last.line.variant_id === m.line.variant_id
    ) {
      last.line = { ...last.line, quantity: last.line.quantity + m.line.quantity };
    } else merged.push({ orderId: m.orderId, line: { ...m.line } });
  }
  return merged;
}

type TContext = { tenantId: number; userId: number | null };
type TLinesByOrder = ReadonlyMap<number, ReadonlyArray<Pick<TLineValues, 'product_id' | 'variant_id' | 'quantity'>>>;

/** Confirmation: the goods are promised (available goes down; may fail with the stock message). */
export const reserveOrders = (tx: Tx, context: TContext, orderIds: readonly number[], lines?: TLinesByOrder) =>
  move(tx, context, orderIds, 'reserve', lines);
/** Leaving confirmed before dispatch (pending, reported, cancelled, Go Back, delete). */
export const releaseOrders = (tx: Tx, context: TContext, orderIds: readonly number[], lines?: TLinesByOrder) =>
  move(tx, context, orderIds, 'release', lines);
/** Dispatch (the shipping issue): the reservation becomes a consumption. */
export const shipOrders = (tx: Tx, context: TContext, orderIds: readonly number[]) =>
  move(tx, context, orderIds, 'ship');
/** The parcel came back to the shop. */
export const returnOrders = (tx: Tx, context: TContext, orderIds: readonly number[]) =>
  move(tx, context, orderIds, 'return');
