import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCallAttempt,
  TCallAttemptRequest,
  TCallCentreSettings,
  TCustomerRisk,
  TMessageBody,
  TOrderRow,
  TStatusType,
} from '@cod/shared';
import { api } from '../../lib/api-client';
import { orderKeys } from '../../lib/query-keys';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';
import { invalidateOrders } from '../orders/orders-api';

/** Issue 15 items 1, 2 and 5: the call centre's calls (apps/server/src/modules/call-attempts). */
export const callKeys = {
  all: ['call-centre'] as const,
  card: (orderId: number) => [...orderKeys.all, 'call-card', orderId] as const,
  callbacks: (mine: boolean) => ['call-centre', 'callbacks', mine] as const,
  settings: ['call-centre', 'settings'] as const,
};

export interface TCallCard {
  attempts: TCallAttempt[];
  risk: TCustomerRisk;
  phone: string;
  /** 'Y-m-d H:i' in the shop's zone, an hour from now: the call-back field's default. */
  callback_suggestion: string;
}

export interface TCallbackRow {
  id: number;
  order_number: number;
  customer_full_name: string;
  customer_phone_1: string;
  agent: { id: number; name: string } | null;
  status: { name: string; color: string; type: TStatusType };
  due_at: string;
  formatted_due_at: string;
  is_due: boolean;
  attempts_count: number;
  claimed_by: string | null;
}

export function useCallCard(orderId: number | null) {
  return useQuery({
    queryKey: callKeys.card(orderId ?? 0),
    queryFn: ({ signal }) => api.get<TCallCard>(`/dashboard/orders/${orderId}/call-card`, signal),
    enabled: orderId !== null,
  });
}

export type TAttemptBody = Partial<Omit<TCallAttemptRequest, 'outcome'>> & { outcome: TCallAttemptRequest['outcome'] };

export function useLogAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: TAttemptBody }) =>
      api.post<TMessageBody & { data: { attempt: TCallAttempt; order: TOrderRow } }>(
        `/dashboard/orders/${orderId}/attempts`,
        body,
      ),
    onSuccess: ({ data }) =>
      Promise.all([
        invalidateOrders(client, { ids: [data.order.id], phones: [data.order.customer_phone_1], stock: true }),
        client.invalidateQueries({ queryKey: callKeys.card(data.order.id) }),
        client.invalidateQueries({ queryKey: callKeys.all }),
      ]),
  });
}

export function useNextOrder() {
  return useMutation({
    mutationFn: () =>
      api.post<{ data: { id: number; claimed_until: string } | null } & Partial<TMessageBody>>(
        '/dashboard/call-queue/next',
      ),
  });
}

export function useReleaseOrder() {
  return useMutation({ mutationFn: (orderId: number) => api.post(`/dashboard/call-queue/${orderId}/release`) });
}

export function useCallbacks(mine: boolean, enabled: boolean) {
  return useQuery({
    queryKey: callKeys.callbacks(mine),
    queryFn: ({ signal }) =>
      api.get<{ data: TCallbackRow[]; total: number }>(`/dashboard/call-queue/callbacks?mine=${mine ? 1 : 0}`, signal),
    enabled,
  });
}

export function useCallSettings() {
  return useQuery({
    queryKey: callKeys.settings,
    queryFn: ({ signal }) => api.get<TCallCentreSettings>('/dashboard/call-centre/settings', signal),
  });
}

export function useSaveCallSettings() {
  return useRefreshingMutation(callKeys.settings, (body: TCallCentreSettings) =>
    api.put<TMessageBody & { settings: TCallCentreSettings }>('/dashboard/call-centre/settings', body),
  );
}
