import type { TWebhookEvent } from '@cod/shared';
import { onTransactionEvents, type TDomainEvent } from '../../lib/domain-events.js';
import { emitWebhookEvents } from './emit-webhook-event.js';

/**
 * order.created and order.status_changed (issue 15.7, docs/decisions/0089) from the domain events
 * every order path already records (form, intake, import, status dialog, bulk, shipping moves,
 * call outcomes): turned into deliveries inside the same transaction, before its COMMIT.
 */
function webhookEventsOf(events: readonly TDomainEvent[]) {
  const out: Array<{ event: TWebhookEvent; data: Record<string, unknown> }> = [];
  for (const e of events) {
    const payload = e.payload;
    if (e.type === 'OrderCreated') {
      if (payload.order) out.push({ event: 'order.created', data: { order: payload.order } });
      // An import chunk records one event for its orders: one webhook event per order.
      for (const order of (payload.orders as Array<Record<string, unknown>> | undefined) ?? []) {
        out.push({ event: 'order.created', data: { order, import_batch_id: payload.import_batch_id ?? null } });
      }
    } else if (e.type === 'OrderStatusUpdated' && payload.change === 'status' && payload.order) {
      out.push({ event: 'order.status_changed', data: { order: payload.order } });
    }
  }
  return out;
}

let registered = false;

export function registerOrderWebhooks(): void {
  if (registered) return;
  registered = true;
  onTransactionEvents((tx, tenantId, events) => emitWebhookEvents(tx, tenantId, webhookEventsOf(events)));
}
