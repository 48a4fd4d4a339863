import { tabsOfOrder, type TOrderChange, type TOrderEventPayload, type TOrderRow, type TStatusType } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import type { TEventSink } from '../../lib/domain-events.js';
import type { TOrderActor } from './order-access.js';
import { orderRowsByIds } from './order-rows.repository.js';

/** Where an order stood before a change: enough to say which tab counts it leaves. */
export interface TOrderBefore {
  id: number;
  status_type: TStatusType;
  deleted: boolean;
  agent_id: number | null;
}

/** Where live (not deleted) orders stood before a change, by id. */
export function beforesOf(
  orders: ReadonlyArray<{ id: number; status_type: TStatusType; agent_id: number | null }>,
): Map<number, TOrderBefore> {
  return new Map(
    orders.map((o) => [o.id, { id: o.id, status_type: o.status_type, deleted: false, agent_id: o.agent_id }]),
  );
}

/**
 * Builds the rows after a change and records one event per order (published after commit by
 * withTenantEvents): OrderCreated for a new order, OrderStatusUpdated for every other change.
 * Answers the rows, which are also the HTTP answer.
 */
export async function emitOrderEvents(
  tx: Tx,
  events: TEventSink,
  actor: TOrderActor,
  change: TOrderChange,
  orderIds: readonly number[],
  before: ReadonlyMap<number, TOrderBefore> = new Map(),
): Promise<TOrderRow[]> {
  // Rows as the list shows them: a bulk change of 100 orders answers and broadcasts no histories.
  const orders = await orderRowsByIds(tx, actor.tenantId, orderIds, { timeZone: actor.timeZone, shape: 'list' });
  recordOrderEvents(events, actor, change, orders, before);
  return orders;
}

/** The same, for rows already built (a creation's statement answers its own row). */
export function recordOrderEvents(
  events: TEventSink,
  actor: TOrderActor,
  change: TOrderChange,
  orders: readonly TOrderRow[],
  before: ReadonlyMap<number, TOrderBefore> = new Map(),
): void {
  for (const order of orders) {
    const previous = before.get(order.id);
    const payload: TOrderEventPayload = {
      change,
      order,
      tabs_before: previous ? tabsOfOrder(previous.status_type, previous.deleted) : [],
      tabs_after: tabsOfOrder(order.latest_status!.status.type, order.deleted_at !== null),
      agent_id_before: previous ? previous.agent_id : order.agent_id,
      actor_id: actor.userId,
    };
    events.emit({
      type: change === 'created' ? 'OrderCreated' : 'OrderStatusUpdated',
      tenantId: actor.tenantId,
      payload,
    });
  }
}
