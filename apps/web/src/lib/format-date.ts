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

const RELATIVE_UNITS: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];
const relativeCache = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormatter(language: string): Intl.RelativeTimeFormat {
  let format = relativeCache.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(`${LOCALES[language] ?? language}-u-nu-latn`, { numeric: 'auto' });
    relativeCache.set(language, format);
  }
  return format;
}

/**
 * "5 minutes ago" in the interface's language ('il y a 5 minutes', 'منذ 5 دقائق'), in the largest
 * unit that fits; under a minute is "now". Empty for a missing or unreadable date. SPEC 3's
 * created_time_ago on the orders list, a user's last-seen on the users list.
 */
export function formatTimeAgo(iso: string | null | undefined, language: string, now = Date.now()): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  // A clock slightly ahead of the server's must not say "in 3 seconds".
  const elapsed = Math.max(0, (now - time) / 1000);
  const found = RELATIVE_UNITS.find(({ seconds }) => elapsed >= seconds);
  if (!found) return relativeFormatter(language).format(0, 'second');
  return relativeFormatter(language).format(-Math.floor(elapsed / found.seconds), found.unit);
}
