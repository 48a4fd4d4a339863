import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateStatusRequest, TEditStatusRequest, TStatus } from '@cod/shared';
import { api } from '../../lib/api-client';
import { referenceKeys } from '../../lib/query-keys';

/** The statuses editor's writes (issue 18.3); every one refreshes the list the Orders screen reads. */
export function useStatusMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: referenceKeys.statuses });
  return {
    create: useMutation({
      mutationFn: (body: TCreateStatusRequest) => api.post<TStatus>('/dashboard/statuses', body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TEditStatusRequest }) =>
        api.put<TStatus>(`/dashboard/statuses/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: ({ id, replacementId }: { id: number; replacementId: number | null }) =>
        api.delete<{ orders_moved: number }>(
          `/dashboard/statuses/${id}${replacementId ? `?replacement_id=${replacementId}` : ''}`,
        ),
      onSuccess: refresh,
    }),
  };
}
