import { EventEmitter } from 'node:events';
import type { Db, Tx } from '../db/client.js';
import { withTenant } from '../db/tenant-context.js';

/**
 * Domain events (ARCHITECTURE 3.6): services record them while they work; they are published only
 * after the transaction commits, so a rolled-back change never reaches a screen. The real-time
 * module subscribes and fans them out to sockets (and, through its adapter, to other instances).
 */
export type TDomainEvent =
  /** SPEC 7: private tenant orders channel (and the admin-orders channel). */
  | { type: 'OrderCreated'; tenantId: number; payload: Record<string, unknown> }
  | { type: 'OrderStatusUpdated'; tenantId: number; payload: Record<string, unknown> }
  /** SPEC 7: per-user notification channel. */
  | { type: 'Notification'; tenantId: number; userId: number; payload: Record<string, unknown> };

export interface TEventSink {
  emit(event: TDomainEvent): void;
}

type TListener = (event: TDomainEvent) => void;

class DomainEventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(100);

  subscribe(listener: TListener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  publish(events: readonly TDomainEvent[]): void {
    for (const event of events) {
      try {
        this.emitter.emit('event', event);
      } catch {
        // A failing subscriber must never fail the request that already committed.
      }
    }
  }
}

export const domainEvents = new DomainEventBus();

/** `withTenant` plus an event sink whose events are published after a successful commit. */
export async function withTenantEvents<T>(
  db: Db,
  tenantId: number,
  fn: (tx: Tx, events: TEventSink) => Promise<T>,
): Promise<T> {
  const buffer: TDomainEvent[] = [];
  const result = await withTenant(db, tenantId, (tx) => fn(tx, { emit: (event) => buffer.push(event) }));
  domainEvents.publish(buffer);
  return result;
}
