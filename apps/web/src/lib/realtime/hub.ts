import type { TRealtimeEvents, TRealtimeEventType } from './events';

export type TRealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'refused';

type THandler = (payload: never) => void;

/**
 * The page's one place to listen to live events. It exists before and after any connection, so a
 * screen can subscribe whenever it mounts and keeps its handlers across reconnects and re-logins.
 */
export class RealtimeHub {
  private readonly handlers = new Map<string, Set<THandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();
  private status: TRealtimeStatus = 'idle';

  on<K extends TRealtimeEventType>(type: K, handler: (payload: TRealtimeEvents[K]) => void): () => void {
    const set = this.handlers.get(type) ?? new Set<THandler>();
    this.handlers.set(type, set.add(handler as THandler));
    return () => set.delete(handler as THandler);
  }

  /** A handler's failure never stops the others (nor the socket). */
  dispatch(type: string, payload: unknown): void {
    for (const handler of this.handlers.get(type) ?? []) {
      try {
        (handler as (payload: unknown) => void)(payload);
      } catch (error) {
        console.error(`realtime: a ${type} handler failed`, error);
      }
    }
  }

  /** Called after every reconnection (not the first connect): refetch what may have been missed. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  reconnected(): void {
    for (const handler of this.reconnectHandlers) {
      try {
        handler();
      } catch (error) {
        console.error('realtime: a reconnect handler failed', error);
      }
    }
  }

  getStatus = (): TRealtimeStatus => this.status;

  setStatus(status: TRealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };
}

export const realtimeHub = new RealtimeHub();
