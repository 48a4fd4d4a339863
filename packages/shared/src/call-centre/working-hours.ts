import type { TWeekDay, TWorkingHours } from '../admin/shop-settings.js';
import { zonedParts } from '../zoned-parts.js';

const DAYS: Record<string, TWeekDay> = {
  Sat: 'sat',
  Sun: 'sun',
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
};

/** The week day and "HH:MM" of an instant in a time zone. */
export function localDayAndTime(instant: Date, timeZone: string): { day: TWeekDay; time: string } {
  const part = zonedParts(instant, timeZone, ['weekday', 'hour', 'minute']);
  return { day: DAYS[part('weekday')] ?? 'sat', time: `${part('hour')}:${part('minute')}` };
}

/** Whether the shop is open at this instant (its hours are in its own zone; a null day is closed). */
export function isWithinWorkingHours(hours: TWorkingHours, timeZone: string, instant: Date): boolean {
  const { day, time } = localDayAndTime(instant, timeZone);
  const today = hours[day];
  return !!today && time >= today.open && time < today.close;
}
