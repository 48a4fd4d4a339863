import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write that, once it succeeds, refetches what it changed (the queries under `queryKey`); the
 * caller's await ends after that refetch, so a dialog closes onto the fresh list.
 */
export function useRefreshingMutation<TVariables, TResult>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey }) });
}
