import { useQuery } from '@tanstack/react-query';
import type { TInvitationAnswer, TPaged, TTeamUser } from '@cod/shared';
import { api } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation';
import { userKeys } from './users-api';

export interface TRoleOption {
  id: number;
  name: string;
  built_in: boolean;
  /** Whether the viewer may give this role (decision 0139); the server refuses the others. */
  grantable: boolean;
}

export function useRoleOptionsQuery() {
  return useQuery({
    queryKey: [...userKeys.all, 'roles'],
    queryFn: ({ signal }) => api.get<TPaged<TRoleOption>>('/dashboard/users/roles', signal),
  });
}

export interface TUserForm {
  name: string;
  email?: string;
  phone: string | null;
  role_id: number;
  password?: string;
  commission_type: 'none' | 'fixed' | 'percent';
  commission_amount: number;
  commission_rate: number;
  commission_on: 'confirmed' | 'delivered';
}

/** Issue 18.1: the team's writes; each refreshes the users list. */
export function useTeamMutations() {
  return {
    create: useRefreshingMutation(userKeys.all, (body: TUserForm) =>
      api.post<TInvitationAnswer>('/dashboard/users', body),
    ),
    update: useRefreshingMutation(userKeys.all, ({ id, body }: { id: number; body: TUserForm }) =>
      api.put<TTeamUser>(`/dashboard/users/${id}`, body),
    ),
    deactivate: useUserAction<TTeamUser & { orders_reassigned: number }>('deactivate'),
    activate: useUserAction<TTeamUser>('activate'),
    resend: useUserAction<TInvitationAnswer>('resend-invitation'),
    resetPassword: useUserAction<TInvitationAnswer>('reset-password'),
  };
}

/** POST /dashboard/users/{id}/{action}, refreshing the list. */
function useUserAction<T>(action: string) {
  return useRefreshingMutation(userKeys.all, ({ id, body }: { id: number; body?: unknown }) =>
    api.post<T>(`/dashboard/users/${id}/${action}`, body ?? {}),
  );
}
