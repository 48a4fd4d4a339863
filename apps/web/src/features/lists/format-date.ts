// ARCHITECTURE 3.1: business dates are shown in the tenant's time zone (default Africa/Algiers).
const BUSINESS_TIME_ZONE = 'Africa/Algiers';

const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-DZ', ar: 'ar-DZ' };
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language] ?? language, {
      dateStyle: 'medium',
      timeStyle: withTime ? 'short' : undefined,
      timeZone: BUSINESS_TIME_ZONE,
      // Arabic interfaces in Algeria write Western digits, like the rest of the app.
      numberingSystem: 'latn',
    });
    cache.set(key, format);
  }
  return format;
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(language, true).format(date);
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(language, false).format(date);
}
