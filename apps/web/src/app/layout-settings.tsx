import { createContext, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { APP_TITLE, LAYOUT_DEFAULTS, effectiveLayout, withNavDirection, type TLayoutSettings } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { isRtlLocale } from '../lib/i18n';

/** SPEC 3: layout preferences live under keys prefixed with the app title. */
export const layoutStorageKey = (name: keyof TLayoutSettings): string => `${APP_TITLE}-${name}`;

const ALLOWED: { [K in keyof TLayoutSettings]: readonly TLayoutSettings[K][] } = {
  theme: ['system', 'light', 'dark'],
  skin: ['default', 'bordered'],
  transition: ['fade', 'none'],
  semiDarkNav: [true, false],
  navbarBlur: [true, false],
  navbarType: ['sticky', 'hidden', 'static'],
  footerType: ['static'],
  navCollapsed: [true, false],
  contentWidth: ['fluid', 'boxed'],
  navDirection: ['vertical', 'horizontal'],
  isRtl: [true, false],
};

function parseStored<K extends keyof TLayoutSettings>(key: K): TLayoutSettings[K] | undefined {
  const raw = localStorage.getItem(layoutStorageKey(key));
  if (raw === null) return undefined;
  const value = raw === 'true' ? true : raw === 'false' ? false : raw;
  return (ALLOWED[key] as readonly unknown[]).includes(value) ? (value as TLayoutSettings[K]) : undefined;
}

/** Stored choices over SPEC 9 defaults; direction follows the language unless chosen explicitly. */
export function readLayoutSettings(language: string): TLayoutSettings {
  const settings = { ...LAYOUT_DEFAULTS, isRtl: isRtlLocale(language) };
  for (const key of Object.keys(ALLOWED) as (keyof TLayoutSettings)[]) {
    const stored = parseStored(key);
    if (stored !== undefined) (settings as Record<string, unknown>)[key] = stored;
  }
  return settings;
}

function writeLayoutSettings(previous: TLayoutSettings, next: TLayoutSettings): void {
  for (const key of Object.keys(next) as (keyof TLayoutSettings)[]) {
    if (previous[key] !== next[key]) localStorage.setItem(layoutStorageKey(key), String(next[key]));
  }
}

function subscribeResize(callback: () => void): () => void {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => 1440,
  );
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeColorScheme(callback: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

/** SPEC 4: 'system' follows the OS dark preference, live. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeColorScheme,
    () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
}

export interface TLayoutContext {
  /** What the user chose (and what is stored). */
  settings: TLayoutSettings;
  /** What is applied now: below 1280 px vertical + overlay, whatever was chosen. */
  layout: ReturnType<typeof effectiveLayout>;
  mode: 'light' | 'dark';
  update: (patch: Partial<TLayoutSettings>) => void;
  setNavDirection: (direction: TLayoutSettings['navDirection']) => void;
  reset: () => void;
}

const LayoutContext = createContext<TLayoutContext | null>(null);

export function LayoutSettingsProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [settings, setSettings] = useState(() => readLayoutSettings(i18n.language));
  const width = useViewportWidth();
  const prefersDark = usePrefersDark();

  const value = useMemo<TLayoutContext>(() => {
    const apply = (next: TLayoutSettings) => {
      writeLayoutSettings(settings, next);
      setSettings(next);
    };
    return {
      settings,
      layout: effectiveLayout(settings, width),
      mode: settings.theme === 'system' ? (prefersDark ? 'dark' : 'light') : settings.theme,
      update: (patch) => apply({ ...settings, ...patch }),
      setNavDirection: (direction) => apply(withNavDirection(settings, direction)),
      reset: () => {
        for (const key of Object.keys(ALLOWED) as (keyof TLayoutSettings)[]) {
          localStorage.removeItem(layoutStorageKey(key));
        }
        setSettings({ ...LAYOUT_DEFAULTS, isRtl: isRtlLocale(i18n.language) });
      },
    };
  }, [settings, width, prefersDark, i18n.language]);

  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayoutSettings(): TLayoutContext {
  const context = useContext(LayoutContext);
  if (!context) throw new Error('useLayoutSettings must be used inside LayoutSettingsProvider');
  return context;
}
