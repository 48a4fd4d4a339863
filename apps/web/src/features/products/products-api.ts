import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TPaged, TProduct, TProductInput, TProductListQuery } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import type { TDeleteResult } from '../../components/lists/use-archive-restore';
import { pagePropsKeys, productKeys, stockKeys } from '../../lib/query-keys';

export function productListPath(query: Partial<TProductListQuery>, base = '/dashboard/products'): string {
  return `${base}${queryString({ ...query })}`;
}

export function useProductsQuery(query: Partial<TProductListQuery>) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TProduct>>(productListPath(query), signal),
    placeholderData: keepPreviousData,
  });
}

export function useProductQuery(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TProduct>(`/dashboard/products/${id}`, signal),
    enabled: id !== null,
  });
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TProductInput }) =>
      id === null
        ? api.post<TProduct>('/dashboard/products', input)
        : api.put<TProduct>(`/dashboard/products/${id}`, input),
    onSuccess: () => invalidateProducts(client),
  });
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

/** DELETE answers `archived` instead of `deleted` when orders or movements reference it. */
export function useArchiveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<TDeleteResult>(`/dashboard/products/${id}`),
    onSuccess: () => invalidateProducts(client),
  });
}

export function useRestoreProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TProduct>(`/dashboard/products/${id}/restore`),
    onSuccess: () => invalidateProducts(client),
  });
}
