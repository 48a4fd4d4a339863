import { useQuery } from '@tanstack/react-query';
import type { TPageProps } from '@cod/shared';
import { api } from '../../lib/api-client';
import { pagePropsKeys } from '../../lib/query-keys';
import { useUserData } from '../../lib/use-session';

/** SPEC 3 shared page props (tenant, subscription, low-stock products) for the signed-in user. */
export function usePageProps() {
  const signedIn = useUserData() !== null;
  return useQuery({
    queryKey: pagePropsKeys.all,
    queryFn: ({ signal }) => api.get<TPageProps>('/dashboard/page-props', signal),
    enabled: signedIn,
  });
}
