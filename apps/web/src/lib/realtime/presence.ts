import { useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import type { TPresenceRow } from './events';
import { useRealtimeEvent, useRealtimeReconnect } from './use-realtime';

export const presenceKeys = {
  all: ['presence'] as const,
};

interface TPresenceList {
  data: TPresenceRow[];
}

/** Applies one live change to the cached list (a user never seen before is added). */
export function applyPresence(list: TPresenceList | undefined, row: TPresenceRow): TPresenceList | undefined {
  if (!list) return list;
  const others = list.data.filter((r) => r.user_id !== row.user_id);
  return { data: [...others, row].sort((a, b) => a.user_id - b.user_id) };
}

export function refetchPresence(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: presenceKeys.all });
}

/**
 * SPEC 4 / 7: who is online, by user id, for the users list and the agent filter. Read once from
 * GET /dashboard/presence, then kept current by the socket's presence events, refetched after a
 * reconnection.
 */
export function usePresence(enabled = true): Map<number, TPresenceRow> {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: presenceKeys.all,
    queryFn: ({ signal }) => api.get<TPresenceList>('/dashboard/presence', signal),
    enabled,
  });
  useRealtimeEvent('presence', (row) => {
    queryClient.setQueryData<TPresenceList>(presenceKeys.all, (list) => applyPresence(list, row));
  });
  useRealtimeReconnect(() => void refetchPresence(queryClient));
  return useMemo(() => new Map((query.data?.data ?? []).map((row) => [row.user_id, row])), [query.data]);
}
