import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TListQuery, TPaged, TUserData } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';

/**
 * A row of GET /dashboard/users (apps/server/src/modules/users/users.repository.ts): the user as
 * the session knows them, without permissions and locale, plus the team's columns.
 */
export interface TUserListRow extends Pick<
  TUserData,
  'id' | 'name' | 'email' | 'avatar_url' | 'role' | 'commission_type' | 'is_admin'
> {
  active: boolean;
  last_login_at: string | null;
  created_at: string;
  // Issue 18.1 (TTeamUser): editing, commission and invitations.
  phone?: string | null;
  role_id?: number;
  commission_amount?: number;
  commission_rate?: number;
  commission_on?: 'confirmed' | 'delivered';
  invitation_pending?: boolean;
}

export const userKeys = {
  all: ['users'] as const,
  list: (query: Partial<TListQuery>) => [...userKeys.all, 'list', query] as const,
};

/** The users list (issue 7.4); the team's writes are in features/team/team-api.ts. */
export function useUsersQuery(query: Partial<TListQuery>) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TUserListRow>>(`/dashboard/users${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}
