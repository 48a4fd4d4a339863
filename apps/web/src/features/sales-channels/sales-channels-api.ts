import type { TListQuery, TSalesChannel, TSalesChannelInput, TSalesChannelWithKey } from '@cod/shared';
import { api } from '../../lib/api-client';
import { useCatalogueMutation, usePagedQuery } from '../../components/catalogue-kit/catalogue-queries';
import { salesChannelKeys } from '../../lib/query-keys';
import type { TDeleteResult } from '../../components/lists/use-archive-restore';

export function useSalesChannelsQuery(query: Partial<TListQuery>) {
  return usePagedQuery<TSalesChannel>(salesChannelKeys.list(query), '/dashboard/sales-channels', query);
}

/** Channel changes show only in the channels list (orders will show the name and icon later). */
function useChannelMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  return useCatalogueMutation(mutationFn, (client) => client.invalidateQueries({ queryKey: salesChannelKeys.all }));
}

/** Create answers the intake key, the only time it is ever sent (issue 3.7). */
export function useCreateChannel() {
  return useChannelMutation((input: TSalesChannelInput) =>
    api.post<TSalesChannelWithKey>('/dashboard/sales-channels', input),
  );
}

export function useUpdateChannel() {
  return useChannelMutation(({ id, input }: { id: number; input: TSalesChannelInput }) =>
    api.put<TSalesChannel>(`/dashboard/sales-channels/${id}`, input),
  );
}

export function useRotateKey() {
  return useChannelMutation((id: number) =>
    api.post<TSalesChannelWithKey>(`/dashboard/sales-channels/${id}/rotate-key`),
  );
}

export function useRevokeKey() {
  return useChannelMutation((id: number) => api.post<TSalesChannel>(`/dashboard/sales-channels/${id}/revoke-key`));
}

export function useDeleteChannel() {
  return useChannelMutation((id: number) => api.delete<TDeleteResult>(`/dashboard/sales-channels/${id}`));
}
