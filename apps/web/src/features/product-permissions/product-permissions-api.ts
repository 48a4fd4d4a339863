import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListQuery, TPaged, TUserProductPermissions, TUserProductPermissionsInput } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { productPermissionKeys } from '../../lib/query-keys';

export function useUserProductPermissionsQuery(query: Partial<TListQuery>) {
  return useQuery({
    queryKey: productPermissionKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<TPaged<TUserProductPermissions>>(
        `/dashboard/user-product-permissions${queryString({ ...query })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUserProductPermissionQuery(userId: number | null) {
  return useQuery({
    queryKey: productPermissionKeys.detail(userId ?? 0),
    queryFn: ({ signal }) => api.get<TUserProductPermissions>(`/dashboard/user-product-permissions/${userId}`, signal),
    enabled: userId !== null,
  });
}

/** Only the permissions screen shows these (the orders module reads them on the server). */
export function useSaveUserProductPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: TUserProductPermissionsInput }) =>
      api.put<TUserProductPermissions>(`/dashboard/user-product-permissions/${userId}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: productPermissionKeys.all }),
  });
}
