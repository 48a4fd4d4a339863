import type { TCreateStatusRequest, TEditStatusRequest, TStatus } from '@cod/shared';
import { api } from '../../lib/api-client';
import { referenceKeys } from '../../lib/query-keys';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';

/** The statuses editor's writes (issue 18.3); every one refreshes the list the Orders screen reads. */
export function useStatusMutations() {
  const key = referenceKeys.statuses;
  return {
    create: useRefreshingMutation(key, (body: TCreateStatusRequest) => api.post<TStatus>('/dashboard/statuses', body)),
    update: useRefreshingMutation(key, ({ id, body }: { id: number; body: TEditStatusRequest }) =>
      api.put<TStatus>(`/dashboard/statuses/${id}`, body),
    ),
    remove: useRefreshingMutation(key, ({ id, replacementId }: { id: number; replacementId: number | null }) =>
      api.delete<{ orders_moved: number }>(
        `/dashboard/statuses/${id}${replacementId ? `?replacement_id=${replacementId}` : ''}`,
      ),
    ),
  };
}
