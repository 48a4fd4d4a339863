import type { TLocale } from '@cod/shared';

/**
 * The languages the web app ships (SPEC 1: English, French, Arabic), named in their own script.
 * Keyed by the shared TLocale so a language added there fails to compile here until translated.
 * (The shared LOCALES value lives beside the zod schemas; importing it would put zod into the
 * login page's first paint.)
 */
export const LOCALE_NAMES: Record<TLocale, string> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
};

export const SUPPORTED_LOCALES = Object.keys(LOCALE_NAMES) as TLocale[];

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as string[]).includes(value);
}
