import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListQuery, TPaged, TProvider, TProviderInput, TStockMovement } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { providerKeys, stockKeys } from '../../lib/query-keys';
import type { TDeleteResult } from '../../components/lists/use-archive-restore';

export interface TProviderListParams extends Partial<TListQuery> {
  archived?: boolean;
}

/** GET /dashboard/providers/{id}/purchases: purchase movements plus their totals. */
export interface TProviderPurchases extends TPaged<TStockMovement> {
  totals: { quantity: number; total_cost: number };
}

export function useProvidersQuery(query: TProviderListParams) {
  return useQuery({
    queryKey: providerKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TProvider>>(`/dashboard/providers${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviderQuery(id: number | null) {
  return useQuery({
    queryKey: providerKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TProvider>(`/dashboard/providers/${id}`, signal),
    enabled: id !== null,
  });
}

export function useProviderPurchasesQuery(id: number, query: Partial<TListQuery>) {
  return useQuery({
    queryKey: providerKeys.purchases(id, query),
    queryFn: ({ signal }) =>
      api.get<TProviderPurchases>(`/dashboard/providers/${id}/purchases${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Provider changes show in the provider lists, details and pickers, and (a rename) in the stock
 * movements, which name the provider of each purchase.
 */
export function useSaveProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TProviderInput }) =>
      id === null
        ? api.post<TProvider>('/dashboard/providers', input)
        : api.put<TProvider>(`/dashboard/providers/${id}`, input),
    onSuccess: (_, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: providerKeys.all }),
        id === null ? undefined : client.invalidateQueries({ queryKey: stockKeys.allMovements() }),
      ]),
  });
}

export function useArchiveProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<TDeleteResult>(`/dashboard/providers/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

export function useRestoreProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TProvider>(`/dashboard/providers/${id}/restore`),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
