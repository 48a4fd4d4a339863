import i18n, { type i18n as TI18n, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TLocale } from '@cod/shared';
import { SUPPORTED_LOCALES, isLocale } from './locales';
import { getStoredLocale, getUserData } from './storage';

// SPEC 9: the fallback is en-US; our English bundle is 'en' ('load: languageOnly' maps en-US to it).
export const FALLBACK_LOCALE: TLocale = 'en';

// One chunk per language: a user downloads only the language they read (login budget, brief 10).
const BUNDLES: Record<TLocale, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
  ar: () => import('../locales/ar.json'),
};

/** SPEC 7: Arabic is right-to-left. */
export function isRtlLocale(locale: string): boolean {
  return locale === 'ar';
}

/** Initial language: appLocale, else the signed-in user's locale, else English. */
export function initialLocale(): TLocale {
  const stored = getStoredLocale();
  if (stored) return stored;
  const userLocale = getUserData()?.locale;
  return isLocale(userLocale) ? userLocale : FALLBACK_LOCALE;
}

export function createI18n(lng: TLocale = initialLocale(), resources: Resource = {}): TI18n {
  const instance = i18n.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: SUPPORTED_LOCALES,
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    partialBundledLanguages: true,
    // React escapes text already; escaping here would show &quot; around product names.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/**
 * Strings that only some screens need load with those screens, so the sign-in page does not carry
 * them (the catalogue alone would double the language bundle). They merge into the same namespace:
 * `t('products.new')` reads the same whichever file holds the key.
 */
const PARTS = {
  catalogue: {
    en: () => import('../locales/catalogue/en.json'),
    fr: () => import('../locales/catalogue/fr.json'),
    ar: () => import('../locales/catalogue/ar.json'),
  },
  // The Orders screen's strings (issue 4): about 4 KB gzipped, which the sign-in page must not carry.
  orders: {
    en: () => import('../locales/orders/en.json'),
    fr: () => import('../locales/orders/fr.json'),
    ar: () => import('../locales/orders/ar.json'),
  },
  // What the server answers, by code (docs/decisions/0041): asked for at start, every screen may need it.
  messages: {
    en: () => import('../locales/messages/en'),
    fr: () => import('../locales/messages/fr.json'),
    ar: () => import('../locales/messages/ar.json'),
  },
  // Shipping (issue 5) and import/export (issue 6) dialogs and the shipping companies screen.
  operations: {
    en: () => import('../locales/operations/en.json'),
    fr: () => import('../locales/operations/fr.json'),
    ar: () => import('../locales/operations/ar.json'),
  },
} satisfies Record<string, Record<TLocale, () => Promise<{ default: ResourceKey }>>>;
export type TLocalePart = keyof typeof PARTS;

// Per i18next instance (tests make their own): the parts asked for, and those already merged.
const requestedParts = new WeakMap<TI18n, Set<TLocalePart>>();
const loadedParts = new WeakMap<TI18n, Set<string>>();

async function loadPart(instance: TI18n, locale: TLocale, part: TLocalePart): Promise<void> {
  const loaded = loadedParts.get(instance) ?? new Set<string>();
  loadedParts.set(instance, loaded);
  if (loaded.has(`${locale}:${part}`)) return;
  const bundle = await PARTS[part][locale]();
  instance.addResourceBundle(locale, 'translation', bundle.default, true, false);
  loaded.add(`${locale}:${part}`);
}

/** Loads a part's strings in the current language; later language switches bring it along. */
export async function loadLocalePart(instance: TI18n, part: TLocalePart): Promise<void> {
  const requested = requestedParts.get(instance) ?? new Set<TLocalePart>();
  requestedParts.set(instance, requested.add(part));
  const language = instance.resolvedLanguage ?? instance.language;
  await loadPart(instance, isLocale(language) ? language : FALLBACK_LOCALE, part);
}

export async function loadLocale(instance: TI18n, locale: TLocale): Promise<void> {
  if (!instance.hasResourceBundle(locale, 'translation')) {
    const bundle = await BUNDLES[locale]();
    instance.addResourceBundle(locale, 'translation', bundle.default, true, false);
  }
  const parts = [...(requestedParts.get(instance) ?? [])];
  await Promise.all(parts.map((part) => loadPart(instance, locale, part)));
}

/** Loads the language's bundle first so the interface never flashes translation keys. */
export async function switchLanguage(instance: TI18n, locale: TLocale): Promise<void> {
  await loadLocale(instance, locale);
  await instance.changeLanguage(locale);
}

export const appI18n = createI18n();
// Fetched right away but not awaited: the first paint does not wait for it (login budget). Tests
// await it (test/setup.ts) so the fetch never outlives a test file.
export const appMessagesLoaded = loadLocalePart(appI18n, 'messages');
