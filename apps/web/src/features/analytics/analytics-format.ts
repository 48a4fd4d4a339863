import { centimes as asCentimes, toDinars } from '@cod/shared';

const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-DZ', ar: 'ar-DZ' };
export const numberLocale = (language: string) => LOCALES[language] ?? 'fr-DZ';

/** From this many times the previous value on, a change is written as a multiple. */
const MULTIPLE_FROM = 10;

/** Counts, rates, money and durations in the user's language (fr-DZ / ar-DZ grouping). */
export function formatters(language: string) {
  const locale = numberLocale(language);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    count: (n: number | null | undefined) => (n === null || n === undefined ? '—' : integer.format(n)),
    rate: (r: number | null | undefined) => (r === null || r === undefined ? '—' : percent.format(r)),
    /**
     * Change against the previous period: "+25 %", or past ten times the previous value a multiple
     * ("×297"), which reads better than "+29 568 %" when the previous period held almost nothing.
     */
    delta: (r: number | null | undefined) =>
      r === null || r === undefined ? '' : r >= MULTIPLE_FROM - 1 ? `×${integer.format(1 + r)}` : signed.format(r),
    /** Centimes as dinars with "DA" (SPEC 1). */
    money: (centimes: number | null | undefined) =>
      centimes === null || centimes === undefined
        ? '—'
        : `${integer.format(toDinars(asCentimes(Math.round(centimes))))} DA`,
    /** Seconds as hours (under two days) or days. */
    duration: (seconds: number | null | undefined, units: { h: string; d: string }) =>
      seconds === null || seconds === undefined
        ? '—'
        : seconds < 172_800
          ? `${decimal.format(seconds / 3600)} ${units.h}`
          : `${decimal.format(seconds / 86_400)} ${units.d}`,
    day: (day: string) =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    /** A month key ("2026-11") by name and year. */
    month: (month: string) =>
      new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${month}-01T00:00:00Z`),
      ),
  };
}
export type TFormatters = ReturnType<typeof formatters>;
