import type { TAbilityRule, TLocale, TLoginResponse, TUserData } from '@cod/shared';
import { isLocale } from './locales';

/** SPEC 3: browser storage keys, exactly as the spec names them. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  userData: 'userData',
  userAbilities: 'userAbilities',
  appLocale: 'appLocale',
} as const;

type TListener = () => void;
const listeners = new Set<TListener>();

function notify(): void {
  for (const listener of listeners) listener();
}

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function getStoredAbilities(): TAbilityRule[] | null {
  const rules = readJson<unknown>(STORAGE_KEYS.userAbilities);
  return Array.isArray(rules) ? (rules as TAbilityRule[]) : null;
}

// useSyncExternalStore needs a stable snapshot, so the parsed user is cached by its raw string.
let cachedRaw: string | null = null;
let cachedUser: TUserData | null = null;

export function getUserData(): TUserData | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userData);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = readJson<TUserData>(STORAGE_KEYS.userData);
  }
  return cachedUser;
}

export function saveSession(session: TLoginResponse): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(session.userData));
  localStorage.setItem(STORAGE_KEYS.userAbilities, JSON.stringify(session.userAbilities));
  notify();
}

/** Issue 18.4: the profile changed the signed-in user (name, avatar, language); the shell re-renders. */
export function updateStoredUserData(changes: Partial<TUserData>): void {
  const current = getUserData();
  if (!current) return;
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ ...current, ...changes }));
  notify();
}

/** SPEC 8: on 401 (and on logout) these three keys go; appLocale and layout choices stay. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.userData);
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.userAbilities);
  notify();
}

export function subscribeSession(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getStoredLocale(): TLocale | null {
  const value = localStorage.getItem(STORAGE_KEYS.appLocale);
  return isLocale(value) ? value : null;
}

export function setStoredLocale(locale: TLocale): void {
  localStorage.setItem(STORAGE_KEYS.appLocale, locale);
}
