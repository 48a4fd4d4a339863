import { useQueryClient } from '@tanstack/react-query';
import type { TOrderEventPayload, TOrderListResponse, TOrderRow } from '@cod/shared';
import { orderKeys } from '../../../lib/query-keys';
import { useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime/use-realtime';
import type { TOrderEventPayload as TWireOrderEvent } from '../../../lib/realtime/events';
import { useUserData } from '../../../lib/use-session';
import { applyOrderEvent, type TCachedRequest } from './apply-order-event';

/** The orders module's payload (docs/decisions/0016), once it is known to be one. */
function asOrderEvent(payload: TWireOrderEvent): TOrderEventPayload | null {
  const order = payload.order as TOrderRow | undefined;
  if (!order || typeof order.id !== 'number' || !Array.isArray(payload.tabs_after)) return null;
  return payload as unknown as TOrderEventPayload;
}

/**
 * Keeps the Orders screen live (SPEC 7: OrderCreated, OrderStatusUpdated): every cached page of
 * the list gets the row and the tab counts from the event, so the selection and the scroll stay
 * where they are. A page whose filters the browser cannot check is refetched the next time it
 * shows; a reconnection refetches the lists (events may have been missed). The new-order toast
 * and sound come from the real-time layer (lib/realtime).
 */
export function useOrdersLiveUpdates(): void {
  const client = useQueryClient();
  const user = useUserData();
  // A user without 'view all orders' sees only the orders assigned to it (docs/decisions/0016).
  const ownOnly = user ? !user.permissions.includes('view all orders') : false;

  const apply = (payload: TWireOrderEvent) => {
    const event = asOrderEvent(payload);
    if (!event) {
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
      return;
    }
    if (ownOnly && event.order.agent_id !== user?.id && event.agent_id_before !== user?.id) return;
    const scoped =
      ownOnly && event.order.agent_id !== user?.id ? { ...event, tabs_after: [], change: 'updated' as const } : event;
    for (const [key, list] of client.getQueriesData<TOrderListResponse>({ queryKey: orderKeys.lists() })) {
      if (!list) continue;
      const request = key[2] as TCachedRequest | undefined;
      if (!request?.query) continue;
      const applied = applyOrderEvent(list, request, scoped);
      if (!applied) continue;
      client.setQueryData(key, applied.next);
      if (applied.stale) void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    }
    // An event carries the row as the list shows it (no history, only the line's own variant): the
    // full order the edit dialog reads is fetched again rather than replaced by the slimmer row.
    void client.invalidateQueries({ queryKey: orderKeys.detail(event.order.id) });
    void client.invalidateQueries({ queryKey: orderKeys.timeline(event.order.id) });
  };

  useRealtimeEvent('OrderCreated', apply);
  useRealtimeEvent('OrderStatusUpdated', apply);
  useRealtimeReconnect(() => void client.invalidateQueries({ queryKey: orderKeys.lists() }));
}
