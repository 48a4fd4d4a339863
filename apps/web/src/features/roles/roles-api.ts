import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaged, TRoleRow } from '@cod/shared';
import { api } from '../../lib/api-client';

export const roleKeys = { all: ['roles'] as const };

export function useRolesQuery() {
  return useQuery({
    queryKey: roleKeys.all,
    queryFn: ({ signal }) => api.get<TPaged<TRoleRow>>('/dashboard/roles', signal),
  });
}

/** Issue 18.2: create (or duplicate with copy_from), rename or change permissions, delete. */
export function useRoleMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: roleKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: { name: string; permissions?: string[]; copy_from?: number }) =>
        api.post<TRoleRow>('/dashboard/roles', body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: { name?: string; permissions?: string[] } }) =>
        api.put<TRoleRow>(`/dashboard/roles/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<{ deleted: number }>(`/dashboard/roles/${id}`),
      onSuccess: refresh,
    }),
  };
}
