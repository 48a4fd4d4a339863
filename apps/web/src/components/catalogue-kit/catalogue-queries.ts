import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { TPaged } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import type { TDeleteResult } from '../lists/use-archive-restore';

/** A list's page from `path` with the list's query: the rows stay while the next page loads. */
export function usePagedQuery<TRow>(queryKey: QueryKey, path: string, query: object) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<TPaged<TRow>>(`${path}${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** One row, read only while there is one to read (`path` null: no dialog open). */
export function useDetailQuery<TRow>(queryKey: QueryKey, path: string | null) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<TRow>(path!, signal),
    enabled: path !== null,
  });
}

/** What a catalogue change refreshes once it went through (given the mutation's variables). */
export type TInvalidate<TVariables> = (client: QueryClient, variables: TVariables) => Promise<unknown>;

/** A catalogue mutation that refreshes what shows its rows once it went through. */
export function useCatalogueMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  invalidate: TInvalidate<TVariables>,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (_, variables) => invalidate(client, variables) });
}

/** POST `base` for a new row (id null), PUT `base/{id}` for a saved one. */
export function useSaveRow<TInput, TRow>(base: string, invalidate: TInvalidate<{ id: number | null; input: TInput }>) {
  return useCatalogueMutation(
    ({ id, input }: { id: number | null; input: TInput }) =>
      id === null ? api.post<TRow>(base, input) : api.put<TRow>(`${base}/${id}`, input),
    invalidate,
  );
}

/** DELETE `base/{id}`: answers `archived` instead of `deleted` when other records use the row. */
export function useArchiveRow(base: string, invalidate: TInvalidate<number>) {
  return useCatalogueMutation((id: number) => api.delete<TDeleteResult>(`${base}/${id}`), invalidate);
}

/** POST `base/{id}/restore`: an archived row comes back. */
export function useRestoreRow<TRow>(base: string, invalidate: TInvalidate<number>) {
  return useCatalogueMutation((id: number) => api.post<TRow>(`${base}/${id}/restore`), invalidate);
}

/** The archive and restore of one catalogue `base`, refreshing the same queries after each. */
export function rowMutations(base: string, invalidate: TInvalidate<number>) {
  return {
    useArchive: () => useArchiveRow(base, invalidate),
    useRestore: <TRow>() => useRestoreRow<TRow>(base, invalidate),
  };
}
