import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEndpointInput,
  TWebhookEndpointWithSecret,
} from '@cod/shared';
import { api } from '../../lib/api-client';

/** Issue 15.7: /dashboard/webhooks (shop settings). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (endpointId: number) => ['webhooks', endpointId, 'deliveries'] as const,
};

export function useWebhooksQuery() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get<{ data: TWebhookEndpoint[] }>('/dashboard/webhooks', signal),
  });
}

export function useDeliveriesQuery(endpointId: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) =>
      api.get<{ data: TWebhookDelivery[] }>(`/dashboard/webhooks/${endpointId}/deliveries`, signal),
    // Pending deliveries move on their own: the log refreshes while it has some.
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.state === 'pending' || d.state === 'sending') ? 1500 : false,
  });
}

function useWebhookMutation<TVariables, TAnswer>(mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export function useSaveWebhook() {
  return useWebhookMutation(({ id, input }: { id: number | null; input: TWebhookEndpointInput }) =>
    id === null
      ? api.post<TWebhookEndpointWithSecret>('/dashboard/webhooks', input)
      : api.put<TWebhookEndpoint>(`/dashboard/webhooks/${id}`, input),
  );
}

export function useDeleteWebhook() {
  return useWebhookMutation((id: number) => api.delete<{ result: string }>(`/dashboard/webhooks/${id}`));
}

export function useRotateWebhookSecret() {
  return useWebhookMutation((id: number) =>
    api.post<TWebhookEndpointWithSecret>(`/dashboard/webhooks/${id}/rotate-secret`, {}),
  );
}

export function usePingWebhook() {
  return useWebhookMutation((id: number) => api.post<TWebhookDelivery>(`/dashboard/webhooks/${id}/ping`, {}));
}

export function useReplayDelivery() {
  return useWebhookMutation(({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
    api.post<TWebhookDelivery>(`/dashboard/webhooks/${endpointId}/deliveries/${deliveryId}/replay`, {}),
  );
}
