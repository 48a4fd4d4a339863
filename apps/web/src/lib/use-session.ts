import { useSyncExternalStore } from 'react';
import type { TUserData } from '@cod/shared';
import { getUserData, subscribeSession } from './storage';

/** The signed-in user (SPEC 3 userData), re-rendering on login, logout and 401. */
export function useUserData(): TUserData | null {
  return useSyncExternalStore(subscribeSession, getUserData, () => null);
}
