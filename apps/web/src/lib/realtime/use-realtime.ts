import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TRealtimeEvents, TRealtimeEventType } from './events';
import { realtimeHub, type TRealtimeStatus } from './hub';

/**
 * Runs `handler` for every live event of this type while the component is mounted. The latest
 * handler is always the one called, so it may read fresh state without re-subscribing.
 */
export function useRealtimeEvent<K extends TRealtimeEventType>(
  type: K,
  handler: (payload: TRealtimeEvents[K]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtimeHub.on(type, (payload) => latest.current(payload)), [type]);
}

/** Runs `handler` after every reconnection: refetch (not append) what may have been missed. */
export function useRealtimeReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtimeHub.onReconnect(() => latest.current()), []);
}

export function useRealtimeStatus(): TRealtimeStatus {
  return useSyncExternalStore(realtimeHub.subscribeStatus, realtimeHub.getStatus, () => 'idle');
}
