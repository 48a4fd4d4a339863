import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPaged,
  TProduct,
  TProductListQuery,
  TPurchaseInput,
  TStockAdjustmentInput,
  TStockMovement,
  TStockMovementListQuery,
} from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { pagePropsKeys, productKeys, providerKeys, stockKeys } from '../../lib/query-keys';

export function useStockLevelsQuery(query: Partial<TProductListQuery>) {
  return useQuery({
    queryKey: stockKeys.levels(query),
    queryFn: ({ signal }) => api.get<TPaged<TProduct>>(`/dashboard/stock${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStockMovementsQuery(query: Partial<TStockMovementListQuery>) {
  return useQuery({
    queryKey: stockKeys.movements(query),
    queryFn: ({ signal }) =>
      api.get<TPaged<TStockMovement>>(`/dashboard/stock/movements${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A movement changes the stock levels and history, the products' on-hand figures, possibly the
 * bell's low-stock list (page props) and, for a purchase, the provider's purchase history.
 */
function useInvalidateStock(options: { providers: boolean }) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: stockKeys.all }),
      client.invalidateQueries({ queryKey: productKeys.all }),
      client.invalidateQueries({ queryKey: pagePropsKeys.all }),
      options.providers ? client.invalidateQueries({ queryKey: providerKeys.all }) : undefined,
    ]);
}

export function useAdjustStock() {
  const invalidate = useInvalidateStock({ providers: false });
  return useMutation({
    mutationFn: (input: TStockAdjustmentInput) => api.post<TStockMovement>('/dashboard/stock/adjustments', input),
    onSuccess: invalidate,
  });
}

export function useRecordPurchase() {
  const invalidate = useInvalidateStock({ providers: true });
  return useMutation({
    mutationFn: (input: TPurchaseInput) =>
      api.post<{ movements: TStockMovement[] }>('/dashboard/stock/purchases', input),
    onSuccess: invalidate,
  });
}
