import { zonedParts } from '../zoned-parts.js';
import { parseLocalDate, zoneOffset } from './date-ranges.js';

/**
 * SPEC 5: schedule and cancellation times are typed as 'Y-m-d H:i' (24-hour, 1-minute steps) in the
 * shop's time zone. 'T' between date and time is accepted too: it is what browsers' pickers emit.
 */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)$/;

export function isLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME.exec(value);
  return Boolean(match && parseLocalDate(match[1]!));
}

/** The instant a local 'Y-m-d H:i' names in a zone; null when it is not a real date and time. */
export function parseLocalDateTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  const day = match ? parseLocalDate(match[1]!) : null;
  if (!match || !day) return null;
  const wall = Date.UTC(day.year, day.month - 1, day.day, Number(match[2]), Number(match[3]));
  const first = wall - zoneOffset(new Date(wall), timeZone);
  // A second pass settles times whose offset differs from the guess's (DST changes).
  return new Date(wall - zoneOffset(new Date(first), timeZone));
}

/** 'Y-m-d H:i' of an instant in a zone (SPEC 3 formatted_created_at, SPEC 5 date-times). */
export function formatLocalDateTime(instant: Date, timeZone: string): string {
  const get = zonedParts(instant, timeZone, ['year', 'month', 'day', 'hour', 'minute']);
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

const UNITS: ReadonlyArray<[string, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** SPEC 3 created_time_ago, in English ('3 hours ago'); the web may render its own from created_at. */
export function timeAgo(instant: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - instant.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
