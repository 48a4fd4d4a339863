import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TListQuery, TPaged, TProvider, TProviderInput, TStockMovement } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { providerKeys, stockKeys } from '../../lib/query-keys';
import {
  rowMutations,
  useDetailQuery,
  usePagedQuery,
  useSaveRow,
} from '../../components/catalogue-kit/catalogue-queries';

export interface TProviderListParams extends Partial<TListQuery> {
  archived?: boolean;
}

/** GET /dashboard/providers/{id}/purchases: purchase movements plus their totals. */
export interface TProviderPurchases extends TPaged<TStockMovement> {
  totals: { quantity: number; total_cost: number };
}

export function useProvidersQuery(query: TProviderListParams) {
  return usePagedQuery<TProvider>(providerKeys.list(query), '/dashboard/providers', query);
}

export function useProviderQuery(id: number | null) {
  return useDetailQuery<TProvider>(providerKeys.detail(id ?? 0), id === null ? null : `/dashboard/providers/${id}`);
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
const invalidateProviders = (client: QueryClient) => client.invalidateQueries({ queryKey: providerKeys.all });

export function useSaveProvider() {
  return useSaveRow<TProviderInput, TProvider>('/dashboard/providers', (client, { id }) =>
    Promise.all([
      invalidateProviders(client),
      id === null ? undefined : client.invalidateQueries({ queryKey: stockKeys.allMovements() }),
    ]),
  );
}

const providerRows = rowMutations('/dashboard/providers', invalidateProviders);

export const useArchiveProvider = providerRows.useArchive;

export const useRestoreProvider = () => providerRows.useRestore<TProvider>();
