import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCarrierAdvice, TMessageBody } from '@cod/shared';
import { api } from '../../lib/api-client';

/** Issue 15.6: the carrier advice of the hand-over dialogs and its shop setting. */
export const carrierAdviceKeys = {
  all: ['carrier-advice'] as const,
  orders: (orderIds: readonly number[]) =>
    ['carrier-advice', 'orders', [...orderIds].sort((a, b) => a - b).join(',')] as const,
  settings: ['carrier-advice', 'settings'] as const,
};

export function useCarrierAdviceQuery(orderIds: readonly number[]) {
  return useQuery({
    queryKey: carrierAdviceKeys.orders(orderIds),
    queryFn: ({ signal }) =>
      api.get<TCarrierAdvice>(`/dashboard/carrier-advice?order_ids=${orderIds.join(',')}`, signal),
    enabled: orderIds.length > 0,
    staleTime: 60_000,
  });
}

export function useCarrierAdviceSettingsQuery() {
  return useQuery({
    queryKey: carrierAdviceKeys.settings,
    queryFn: ({ signal }) => api.get<{ preselect: boolean }>('/dashboard/carrier-advice/settings', signal),
  });
}

export function useSaveCarrierAdviceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preselect: boolean) =>
      api.put<TMessageBody & { preselect: boolean }>('/dashboard/carrier-advice/settings', { preselect }),
    onSuccess: () => client.invalidateQueries({ queryKey: carrierAdviceKeys.all }),
  });
}
