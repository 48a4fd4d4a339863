// ARCHITECTURE 3.1: business dates are shown in the tenant's time zone (default Africa/Algiers).
const BUSINESS_TIME_ZONE = 'Africa/Algiers';

const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-DZ', ar: 'ar-DZ' };

/**
 * Issue 12 item 8: every date the web shows reads day-month-year, and every time 24-hour, in every
 * language ("26/11/2026 14:05"): the order Algerian sellers write, never "11/26/2026" or "2:05 PM",
 * and Western digits in Arabic too. Built from the parts, not from a locale's own pattern, so no
 * language (or browser) reorders it. The one helper of the web for showing a date.
 */
const PARTS = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: BUSINESS_TIME_ZONE,
  numberingSystem: 'latn',
});

function partsOf(date: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const found: Record<string, string> = {};
  for (const part of PARTS.formatToParts(date)) found[part.type] = part.value;
  return {
    day: found.day ?? '',
    month: found.month ?? '',
    year: found.year ?? '',
    // Some engines write midnight as 24 even in h23.
    hour: found.hour === '24' ? '00' : (found.hour ?? ''),
    minute: found.minute ?? '',
  };
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "26/11/2026 14:05" in the shop's time zone, whatever the language (kept as a parameter for callers). */
export function formatDateTime(iso: string | null | undefined, _language?: string): string {
  const date = parse(iso);
  if (!date) return '';
  const p = partsOf(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "26/11/2026" in the shop's time zone. */
export function formatDate(iso: string | null | undefined, _language?: string): string {
  const date = parse(iso);
  if (!date) return '';
  const p = partsOf(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * A server 'Y-m-d H:i' (already in the shop's zone, like formatted_reported_at) shown the same way
 * as every other date: "26/11/2026 14:05". Anything else is shown as it came.
 */
export function formatLocalDateTime(text: string | null | undefined): string {
  if (!text) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : text;
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
