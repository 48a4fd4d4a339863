/** SPEC 2.4 date filter options, computed in the tenant's time zone (default Africa/Algiers). */
export const DATE_FILTERS = ['all', 'today', 'yesterday', 'last_7_days', 'this_month', 'last_month', 'custom'] as const;
export type TDateFilter = (typeof DATE_FILTERS)[number];

export interface TDateRange {
  /** Inclusive start instant. */
  from: Date;
  /** Exclusive end instant. */
  to: Date;
}

interface TLocalDay {
  year: number;
  month: number; // 1..12
  day: number;
}

// Building an Intl.DateTimeFormat costs far more than using one (every list request uses these).
const cache = new Map<string, Intl.DateTimeFormat>();
function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = cache.get(key);
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter;
}

function localDay(instant: Date, timeZone: string): TLocalDay {
  const parts = cached(
    `day ${timeZone}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** Offset (ms) of the zone at an instant: local wall-clock time minus UTC. */
export function zoneOffset(instant: Date, timeZone: string): number {
  const parts = cached(
    `offset ${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant local midnight starts on a calendar day (Date.UTC normalises day/month overflow). */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffset(new Date(guess), timeZone);
  // A second pass settles days whose offset differs from the guess's (DST changes).
  return new Date(guess - zoneOffset(new Date(first), timeZone));
}

/** Parses 'YYYY-MM-DD' strictly; null when it is not a real calendar day. */
export function parseLocalDate(value: string): TLocalDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The [from, to) instants of a date option. Custom needs start and end (inclusive local days);
 * it answers null when they are missing or the end precedes the start (SPEC 5).
 */
export function dateFilterRange(
  filter: TDateFilter,
  options: { now: Date; timeZone: string; start?: string; end?: string },
): TDateRange | null {
  const { now, timeZone } = options;
  const today = localDay(now, timeZone);
  const day = (offset: number) => startOfLocalDay(today.year, today.month, today.day + offset, timeZone);
  switch (filter) {
    case 'all':
      return null;
    case 'today':
      return { from: day(0), to: day(1) };
    case 'yesterday':
      return { from: day(-1), to: day(0) };
    case 'last_7_days':
      return { from: day(-6), to: day(1) };
    case 'this_month':
      return {
        from: startOfLocalDay(today.year, today.month, 1, timeZone),
        to: startOfLocalDay(today.year, today.month + 1, 1, timeZone),
      };
    case 'last_month':
      return {
        from: startOfLocalDay(today.year, today.month - 1, 1, timeZone),
        to: startOfLocalDay(today.year, today.month, 1, timeZone),
      };
    case 'custom': {
      const start = options.start ? parseLocalDate(options.start) : null;
      const end = options.end ? parseLocalDate(options.end) : null;
      if (!start || !end) return null;
      const from = startOfLocalDay(start.year, start.month, start.day, timeZone);
      const to = startOfLocalDay(end.year, end.month, end.day + 1, timeZone);
      return to > from ? { from, to } : null;
    }
  }
}
