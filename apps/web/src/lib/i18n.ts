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
    // A part that lands after its screen rendered (loadLocalePart) re-renders what reads it.
    react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
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
  // Money (issue 13): cash boxes, expenses, income and remittances screens.
  money: {
    en: () => import('../locales/money/en.json'),
    fr: () => import('../locales/money/fr.json'),
    ar: () => import('../locales/money/ar.json'),
  },
  // Issue 13.5-13.6: agent commissions and an order's profit.
  commissions: {
    en: () => import('../locales/commissions/en.json'),
    fr: () => import('../locales/commissions/fr.json'),
    ar: () => import('../locales/commissions/ar.json'),
  },
  // Shipping (issue 5) and import/export (issue 6) dialogs and the shipping companies screen.
  operations: {
    en: () => import('../locales/operations/en.json'),
    fr: () => import('../locales/operations/fr.json'),
    ar: () => import('../locales/operations/ar.json'),
  },
  // Issue 18: the profile, shop settings and audit log screens.
  admin: {
    en: () => import('../locales/admin/en.json'),
    fr: () => import('../locales/admin/fr.json'),
    ar: () => import('../locales/admin/ar.json'),
  },
  // Issue 19: the central administration screens and the subscription enforcement.
  central: {
    en: () => import('../locales/central/en.json'),
    fr: () => import('../locales/central/fr.json'),
    ar: () => import('../locales/central/ar.json'),
  },
  // Issue 15.3-15.4: automatic assignment settings and WhatsApp templates (settings, order rows).
  assignment: {
    en: () => import('../locales/assignment/en.json'),
    fr: () => import('../locales/assignment/fr.json'),
    ar: () => import('../locales/assignment/ar.json'),
  },
  // Issue 14: the analytics views (loaded with their chunk).
  analytics: {
    en: () => import('../locales/analytics/en.json'),
    fr: () => import('../locales/analytics/fr.json'),
    ar: () => import('../locales/analytics/ar.json'),
  },
  // Issue 18.1-18.3: users, roles and permissions, statuses (and the role names shown elsewhere).
  team: {
    en: () => import('../locales/team/en.json'),
    fr: () => import('../locales/team/fr.json'),
    ar: () => import('../locales/team/ar.json'),
  },
  // Issue 14.3-14.4: the home page's numbers and the daily report.
  reports: {
    en: () => import('../locales/reports/en.json'),
    fr: () => import('../locales/reports/fr.json'),
    ar: () => import('../locales/reports/ar.json'),
  },
  // Issue 15.6-15.7: carrier advice (shipping dialogs, settings) and outbound webhooks (settings).
  webhooks: {
    en: () => import('../locales/webhooks/en.json'),
    fr: () => import('../locales/webhooks/fr.json'),
    ar: () => import('../locales/webhooks/ar.json'),
  },
  // Issue 15.1, 15.2, 15.5: call outcomes, the agent's queue, customer risk (Orders screen, settings).
  callcentre: {
    en: () => import('../locales/callcentre/en.json'),
    fr: () => import('../locales/callcentre/fr.json'),
    ar: () => import('../locales/callcentre/ar.json'),
  },
} satisfies Record<string, Record<TLocale, () => Promise<{ default: ResourceKey }>>>;
export type TLocalePart = keyof typeof PARTS;

/**
 * The i18next instance itself, not a stand-in for it. react-i18next 17's useTranslation() hands out
 * a copy of the instance (Object.create over its own properties) that changes on every language
 * switch. Keyed by that copy, the registry below forgot the parts a screen had asked for, so a
 * switch loaded only the base bundle and the Orders screen stayed in the old language; and
 * changeLanguage() on the copy set the copy's `language`, leaving the real instance's stale, so the
 * next screen's part loaded in the old language. Every function here works on the original.
 */
export function rootInstance(instance: TI18n): TI18n {
  let current = instance as TI18n & { __original?: TI18n };
  while (current.__original && current.__original !== current) current = current.__original as typeof current;
  return current;
}

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
export async function loadLocalePart(wrapped: TI18n, part: TLocalePart): Promise<void> {
  const instance = rootInstance(wrapped);
  const requested = requestedParts.get(instance) ?? new Set<TLocalePart>();
  requestedParts.set(instance, requested.add(part));
  const language = instance.resolvedLanguage ?? instance.language;
  await loadPart(instance, isLocale(language) ? language : FALLBACK_LOCALE, part);
}

export async function loadLocale(wrapped: TI18n, locale: TLocale): Promise<void> {
  const instance = rootInstance(wrapped);
  if (!instance.hasResourceBundle(locale, 'translation')) {
    const bundle = await BUNDLES[locale]();
    instance.addResourceBundle(locale, 'translation', bundle.default, true, false);
  }
  const parts = [...(requestedParts.get(instance) ?? [])];
  await Promise.all(parts.map((part) => loadPart(instance, locale, part)));
}

/** Loads the language's bundle first so the interface never flashes translation keys. */
export async function switchLanguage(wrapped: TI18n, locale: TLocale): Promise<void> {
  const instance = rootInstance(wrapped);
  await loadLocale(instance, locale);
  await instance.changeLanguage(locale);
}

export const appI18n = createI18n();
// Fetched right away but not awaited: the first paint does not wait for it (login budget). Tests
// await it (test/setup.ts) so the fetch never outlives a test file.
export const appMessagesLoaded = loadLocalePart(appI18n, 'messages');
