import type { TDomainEvent } from '../lib/domain-events.js';
import { rooms } from './rooms.js';

/** One Socket.IO emit: to the sockets in any of `to`, minus those in any of `except`. */
export interface TDelivery {
  to: string[];
  except: string[];
  event: TFannedOutEvent['type'];
  payload: Record<string, unknown>;
}

/** The events that are messages to sockets (SessionsEnded closes sockets instead, see realtime.ts). */
export type TFannedOutEvent = Exclude<TDomainEvent, { type: 'SessionsEnded' }>;

type TRow = Record<string, unknown>;

const agentOf = (row: unknown): number | null => {
  const id = (row as TRow | null)?.agent_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
};

/**
 * The rooms an event goes to (docs/decisions/0023). Order events go whole to the tenant orders
 * channel and the admin-orders channel; a user who sees only their own orders receives the same
 * event cut down to the orders assigned to them, and nothing when the payload does not say whose
 * orders they are (fail closed). Payload shape: one order as `{order: {id, agent_id, ...row},
 * agent_id_before}` (the orders module's TOrderEventPayload) or `{id, agent_id, ...}`, or a batch as
 * `{orders: [{id, agent_id, ...row}], ...}`.
 */
export function deliveriesFor(event: TFannedOutEvent): TDelivery[] {
  if (event.type === 'Notification') {
    return [{ to: [rooms.user(event.tenantId, event.userId)], except: [], event: event.type, payload: event.payload }];
  }
  const { tenantId, payload } = event;
  const admin = rooms.adminOrders(tenantId);
  const deliveries: TDelivery[] = [{ to: [rooms.orders(tenantId), admin], except: [], event: event.type, payload }];

  const perAgent = new Map<number, Record<string, unknown>>();
  if (Array.isArray(payload.orders)) {
    const byAgent = new Map<number, unknown[]>();
    for (const row of payload.orders) {
      const agent = agentOf(row);
      if (agent !== null) byAgent.set(agent, [...(byAgent.get(agent) ?? []), row]);
    }
    for (const [agent, orders] of byAgent) perAgent.set(agent, { ...payload, orders });
  } else {
    // One order: its agent, and the agent it was taken from. That one must drop it from their list
    // but may no longer read it (docs/decisions/0040): the id and the tabs it leaves, never the row;
    // the browser, finding no row, refetches its lists.
    const row = (payload.order ?? payload) as TRow;
    const agent = agentOf(row);
    if (agent !== null) perAgent.set(agent, payload);
    const before = agentOf({ agent_id: payload.agent_id_before });
    if (before !== null && before !== agent) {
      perAgent.set(before, {
        change: payload.change,
        order_id: row.id,
        agent_id_before: before,
        tabs_before: payload.tabs_before,
      });
    }
  }
  // An is_admin user without 'view all orders' already had it whole through admin-orders.
  for (const [agent, agentPayload] of perAgent) {
    deliveries.push({
      to: [rooms.agentOrders(tenantId, agent)],
      except: [admin],
      event: event.type,
      payload: agentPayload,
    });
  }
  return deliveries;
}
