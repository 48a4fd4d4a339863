import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TProduct,
  TProductListQuery,
  TPurchaseInput,
  TStockAdjustmentInput,
  TStockMovement,
  TStockMovementListQuery,
} from '@cod/shared';
import { api } from '../../lib/api-client';
import { usePagedQuery } from '../../components/catalogue-kit/catalogue-queries';
import { pagePropsKeys, productKeys, providerKeys, stockKeys } from '../../lib/query-keys';

export function useStockLevelsQuery(query: Partial<TProductListQuery>) {
  return usePagedQuery<TProduct>(stockKeys.levels(query), '/dashboard/stock', query);
}

export function useStockMovementsQuery(query: Partial<TStockMovementListQuery>) {
  return usePagedQuery<TStockMovement>(stockKeys.movements(query), '/dashboard/stock/movements', query);
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
