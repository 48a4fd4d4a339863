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

export async function loadLocale(instance: TI18n, locale: TLocale): Promise<void> {
  if (instance.hasResourceBundle(locale, 'translation')) return;
  const bundle = await BUNDLES[locale]();
  instance.addResourceBundle(locale, 'translation', bundle.default);
}

/** Loads the language's bundle first so the interface never flashes translation keys. */
export async function switchLanguage(instance: TI18n, locale: TLocale): Promise<void> {
  await loadLocale(instance, locale);
  await instance.changeLanguage(locale);
}

export const appI18n = createI18n();
