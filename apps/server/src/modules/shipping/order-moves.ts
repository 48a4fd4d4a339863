import { m, type TStatusType } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import type { TOrderStockState } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordCommissionsInTx } from '../commissions/commissions.service.js';
import type { TEventSink } from '../../lib/domain-events.js';
import type { TOrderActor } from '../orders/order-access.js';
import { emitOrderEvents, type TOrderBefore } from '../orders/order-events.js';
import { releaseOrders, reserveOrders, returnOrders, shipOrders } from '../orders/order-stock.js';
import { firstStatusOfType, insertHistory } from '../orders/order-records.js';
import { setShippingStatus } from './shipping-orders.repository.js';

export interface TMovableOrder {
  id: number;
  status_type: TStatusType;
  stock_state: TOrderStockState;
  agent_id: number | null;
}

/**
 * Moves orders to the shop's first status of a type because of shipping (dispatch, validate,
 * carrier sync, go back, cancellation), inside the caller's transaction, set-based: stock per
 * decision 0008 and one history row each. Answers where each order stood, for the events
 * (`emitMoves`).
 */
export async function moveOrdersQuietly(
  tx: Tx,
  actor: TOrderActor,
  orders: readonly TMovableOrder[],
  to: TStatusType,
  description: string | null,
): Promise<TOrderBefore[]> {
  if (!orders.length) return [];
  const status = await firstStatusOfType(tx, actor.tenantId, to);
  if (!status) throw new AppError('conflict', m('order.no_status_of_type', { type: to }));
  const context = { tenantId: actor.tenantId, userId: actor.userId };
  const having = (...states: TOrderStockState[]) =>
    orders.filter((o) => states.includes(o.stock_state)).map((o) => o.id);
  if (to === 'inDispatch') {
    // Decision 0008: the reservation becomes a consumption; an unreserved order reserves first.
    await reserveOrders(tx, context, having('none'));
    await shipOrders(tx, context, having('none', 'reserved'));
  } else if (to === 'returned' || to === 'cancelled') {
    // Returned: the parcel is back. Cancelled here only happens before pickup: the goods never left.
    await returnOrders(tx, context, having('shipped'));
    await releaseOrders(tx, context, having('reserved'));
  } else if (to === 'new') {
    await releaseOrders(tx, context, having('reserved'));
  }
  await setShippingStatus(tx, {
    tenantId: actor.tenantId,
    orderIds: orders.map((o) => o.id),
    status,
    to,
  });
  // Issue 13.5: a delivery earns, a return reverses, once per order (decision 0102).
  await recordCommissionsInTx(
    tx,
    actor.tenantId,
    orders.map((o) => o.id),
    to,
  );
  await insertHistory(
    tx,
    actor.tenantId,
    orders.map((o) => ({ orderId: o.id, statusId: status.id, description, creatorId: actor.userId })),
  );
  return orders.map((o) => ({ id: o.id, status_type: o.status_type, deleted: false, agent_id: o.agent_id }));
}

/** OrderStatusUpdated for moved orders (one row query for all), published after commit. */
export async function emitMoves(
  tx: Tx,
  events: TEventSink,
  actor: TOrderActor,
  befores: readonly TOrderBefore[],
): Promise<void> {
  if (!befores.length) return;
  await emitOrderEvents(
    tx,
    events,
    actor,
    'status',
    befores.map((b) => b.id),
    new Map(befores.map((b) => [b.id, b])),
  );
}

/** One order moved and its event recorded. */
export async function moveOrder(
  tx: Tx,
  events: TEventSink,
  actor: TOrderActor,
  order: TMovableOrder,
  to: TStatusType,
  description: string | null,
): Promise<void> {
  await emitMoves(tx, events, actor, await moveOrdersQuietly(tx, actor, [order], to, description));
}

/** The carrier sync acts for nobody: a system actor in the shop's time zone (read with the company). */
export function systemActor(tenantId: number, timeZone: string): TOrderActor {
  return { tenantId, userId: null, ip: null, timeZone, seesAll: true };
}
