import crypto from 'node:crypto';
import type { TWebhookDeliveryEvent, TWebhookEvent } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import * as repo from './webhooks.repository.js';

/**
 * The one call a module makes when something a shop's webhooks listen to happens (issue 15.7,
 * docs/decisions/0089): inside the transaction of the change, it writes one delivery per subscribed
 * endpoint (an outbox: the event exists exactly when the change committed). Sending is the job
 * queue's business: the sweep (webhook-worker.ts) hands due deliveries to it, and a nudge after
 * this call makes that happen within a moment instead of at the next sweep. With no endpoint
 * listening it costs one indexed read.
 */
export async function emitWebhookEvent(
  tx: Tx,
  tenantId: number,
  event: TWebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  await emitWebhookEvents(tx, tenantId, [{ event, data }]);
}

export async function emitWebhookEvents(
  tx: Tx,
  tenantId: number,
  events: ReadonlyArray<{ event: TWebhookEvent; data: Record<string, unknown> }>,
): Promise<void> {
  if (!events.length) return;
  const endpoints = await repo.subscribedEndpoints(tx, tenantId);
  if (!endpoints.length) return;
  const deliveries = [];
  for (const { event, data } of events) {
    const listeners = endpoints.filter((e) => e.events.includes(event));
    if (!listeners.length) continue;
    const eventId = crypto.randomUUID();
    const body = webhookBody(eventId, event, data);
    for (const endpoint of listeners) deliveries.push({ endpointId: endpoint.id, eventId, name: event, body });
  }
  await repo.insertDeliveries(tx, tenantId, deliveries);
  if (deliveries.length) nudgeWebhookSweep();
}

/** The JSON body of a delivery: what is signed and sent, byte for byte, on every attempt. */
export function webhookBody(eventId: string, event: TWebhookDeliveryEvent, data: Record<string, unknown>): string {
  return JSON.stringify({ id: eventId, event, created_at: new Date().toISOString(), data });
}

type TNudge = () => void;
let nudge: TNudge | null = null;

/** The worker registers how to be woken (after the emitting transaction has had time to commit). */
export function setWebhookNudge(fn: TNudge | null): void {
  nudge = fn;
}

export function nudgeWebhookSweep(): void {
  nudge?.();
}
