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
  | { type: 'Notification'; tenantId: number; userId: number; payload: Record<string, unknown> }
  /** Every token of the user was revoked (deactivated, password reset): their live sockets close. */
  | {
      type: 'SessionsEnded';
      tenantId: number;
      userId: number;
      payload: Record<string, unknown> & { reason: 'deactivated' | 'password_reset' };
    };

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

/**
 * What code deep inside a withTenantEvents transaction can reach without being handed the sink
 * (the stock module, called from a dozen order and shipping paths): the sink, and a last step run
 * inside the transaction after the service's work, before COMMIT, to sum the transaction up
 * (docs/decisions/0035: a low-stock alert is decided on the transaction's net effect).
 */
export interface TTransactionEvents {
  readonly events: TEventSink;
  beforeCommit(step: (tx: Tx) => Promise<void>): void;
}

const openTransactions = new WeakMap<object, TTransactionEvents>();

// drizzle gives a savepoint (tx.transaction) its own Tx object on the same session (connection);
// keying by the session lets a movement inside a savepoint find its transaction. A drizzle without
// that field falls back to the Tx itself (savepoints then publish no summary; a test would say so).
const transactionKey = (tx: Tx): object => (tx as unknown as { session?: object }).session ?? tx;

/** The events of the withTenantEvents transaction `tx` belongs to; none for a plain withTenant. */
export function transactionEventsOf(tx: Tx): TTransactionEvents | undefined {
  return openTransactions.get(transactionKey(tx));
}

/**
 * A module that writes rows from a transaction's events in that same transaction, before COMMIT
 * (the outbound webhooks' outbox, docs/decisions/0089): registered once at start-up.
 */
export type TTransactionEventsHook = (tx: Tx, tenantId: number, events: readonly TDomainEvent[]) => Promise<void>;
const transactionHooks = new Set<TTransactionEventsHook>();
export function onTransactionEvents(hook: TTransactionEventsHook): void {
  transactionHooks.add(hook);
}

/** `withTenant` plus an event sink whose events are published after a successful commit. */
export async function withTenantEvents<T>(
  db: Db,
  tenantId: number,
  fn: (tx: Tx, events: TEventSink) => Promise<T>,
): Promise<T> {
  const buffer: TDomainEvent[] = [];
  const events: TEventSink = { emit: (event) => buffer.push(event) };
  const steps: Array<(tx: Tx) => Promise<void>> = [];
  const result = await withTenant(db, tenantId, async (tx) => {
    const key = transactionKey(tx);
    openTransactions.set(key, { events, beforeCommit: (step) => void steps.push(step) });
    try {
      const value = await fn(tx, events);
      for (const step of steps) await step(tx);
      if (buffer.length) for (const hook of transactionHooks) await hook(tx, tenantId, buffer);
      return value;
    } finally {
      openTransactions.delete(key);
    }
  });
  domainEvents.publish(buffer);
  return result;
}
