import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListQuery, TPaged, TSalesChannel, TSalesChannelInput, TSalesChannelWithKey } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { salesChannelKeys } from '../../lib/query-keys';
import type { TDeleteResult } from '../../components/lists/use-archive-restore';

export function useSalesChannelsQuery(query: Partial<TListQuery>) {
  return useQuery({
    queryKey: salesChannelKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<TPaged<TSalesChannel>>(`/dashboard/sales-channels${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Channel changes show only in the channels list (orders will show the name and icon later). */
function useChannelMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: salesChannelKeys.all }) });
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
