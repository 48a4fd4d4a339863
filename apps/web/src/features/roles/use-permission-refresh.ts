import { useQuery } from '@tanstack/react-query';
import { abilitiesFromPermissions, type TUserData } from '@cod/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { getUserData, STORAGE_KEYS, updateStoredUserData } from '../../lib/storage';
import { useUserData } from '../../lib/use-session';

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p, i) => p === b[i]);

/**
 * Issue 18.2: a role edited by the owner reaches a signed-in user without a new login. On each
 * load of the shell (and when the tab comes back) GET /me answers the permissions of the role as
 * it is now; when they differ from the stored ones, userData and userAbilities follow, and the
 * sidebar and the route guards with them (lib/ability.ts listens to the session store).
 */
export function usePermissionRefresh(): void {
  const signedIn = useUserData() !== null;
  const me = useQuery({
    queryKey: ['me'],
    queryFn: ({ signal }) => api.get<{ userData: TUserData }>('/me', signal),
    enabled: signedIn,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    const fresh = me.data?.userData;
    const stored = getUserData();
    if (!fresh || !stored) return;
    const sorted = (list: readonly string[]) => [...list].sort();
    if (same(sorted(fresh.permissions), sorted(stored.permissions)) && fresh.role === stored.role) return;
    localStorage.setItem(STORAGE_KEYS.userAbilities, JSON.stringify(abilitiesFromPermissions(fresh.permissions)));
    updateStoredUserData({ permissions: fresh.permissions, role: fresh.role, commission_type: fresh.commission_type });
  }, [me.data]);
}

/** Renders nothing: mounts the refresh inside the layout's query provider. */
export function PermissionRefresh(): null {
  usePermissionRefresh();
  return null;
}
