import { useEffect, useState } from 'react';

const UNITS: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

const cache = new Map<string, Intl.RelativeTimeFormat>();

function formatter(language: string): Intl.RelativeTimeFormat {
  let format = cache.get(language);
  if (!format) {
    // Western digits in Arabic too, like every other date and number of the app.
    format = new Intl.RelativeTimeFormat(`${language}-u-nu-latn`, { numeric: 'auto' });
    cache.set(language, format);
  }
  return format;
}

/**
 * "5 minutes ago" in the interface's language, in the largest unit that fits; under a minute is
 * "now". Empty for a missing or unreadable date (the caller shows its own placeholder).
 */
export function formatRelativeTime(iso: string | null | undefined, language: string, now = Date.now()): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  // A clock slightly ahead of the server's must not say "in 3 seconds".
  const elapsed = Math.max(0, (now - time) / 1000);
  const found = UNITS.find(({ seconds }) => elapsed >= seconds);
  if (!found) return formatter(language).format(0, 'second');
  return formatter(language).format(-Math.floor(elapsed / found.seconds), found.unit);
}

/** The current time, refreshed every `intervalMs`, so "5 minutes ago" keeps counting on screen. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
