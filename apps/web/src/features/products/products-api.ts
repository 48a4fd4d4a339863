import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TProduct, TProductInput, TProductListQuery } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import {
  rowMutations,
  useDetailQuery,
  usePagedQuery,
  useSaveRow,
} from '../../components/catalogue-kit/catalogue-queries';
import { pagePropsKeys, productKeys, stockKeys } from '../../lib/query-keys';

export function productListPath(query: Partial<TProductListQuery>, base = '/dashboard/products'): string {
  return `${base}${queryString({ ...query })}`;
}

export function useProductsQuery(query: Partial<TProductListQuery>) {
  return usePagedQuery<TProduct>(productKeys.list(query), '/dashboard/products', query);
}

export function useProductQuery(id: number | null) {
  return useDetailQuery<TProduct>(productKeys.detail(id ?? 0), id === null ? null : `/dashboard/products/${id}`);
}

/**
 * A product change shows in the catalogue, in the stock levels (the same rows seen from the
 * warehouse, and the initial-stock movement) and, through the threshold, in the bell's low-stock
 * list (page props).
 */
export function invalidateProducts(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: productKeys.all }),
    client.invalidateQueries({ queryKey: stockKeys.all }),
    client.invalidateQueries({ queryKey: pagePropsKeys.all }),
  ]);
}

export function useSaveProduct() {
  return useSaveRow<TProductInput, TProduct>('/dashboard/products', invalidateProducts);
}

/** POST /dashboard/products/{id}/image (multipart `image`), or DELETE to remove the picture. */
export function useProductImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return api.delete<TProduct>(`/dashboard/products/${id}/image`);
      const body = new FormData();
      body.append('image', file);
      return api.post<TProduct>(`/dashboard/products/${id}/image`, body);
    },
    onSuccess: () => invalidateProducts(client),
  });
}

const productRows = rowMutations('/dashboard/products', invalidateProducts);

/** DELETE answers `archived` instead of `deleted` when orders or movements reference it. */
export const useArchiveProduct = productRows.useArchive;

export const useRestoreProduct = () => productRows.useRestore<TProduct>();
