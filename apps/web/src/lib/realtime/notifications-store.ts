import { useSyncExternalStore } from 'react';
import type { TNotificationPayload } from './events';

/** The Notification events of this tab since sign-in, newest first (for the notifications menu). */
export interface TReceivedNotification {
  id: number;
  receivedAt: number;
  payload: TNotificationPayload;
  /** Shown in an opened notifications menu already: no longer counted on the bell. */
  seen: boolean;
}

const MAX_KEPT = 20;
let list: TReceivedNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

export function addNotification(payload: TNotificationPayload, receivedAt = Date.now()): void {
  list = [{ id: nextId++, receivedAt, payload, seen: false }, ...list].slice(0, MAX_KEPT);
  listeners.forEach((l) => l());
}

export function markNotificationsSeen(): void {
  if (list.every((n) => n.seen)) return;
  list = list.map((n) => (n.seen ? n : { ...n, seen: true }));
  listeners.forEach((l) => l());
}

export function clearNotifications(): void {
  list = [];
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useRecentNotifications(): TReceivedNotification[] {
  return useSyncExternalStore(
    subscribe,
    () => list,
    () => list,
  );
}
