/** The wall-clock parts one can read of an instant in a time zone. */
export type TZonedPart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'weekday';

// How each part is written: a 4-digit year, 2-digit month to second (24-hour), 'Sat'…'Fri'.
const STYLE: Record<TZonedPart, Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric' },
  month: { month: '2-digit' },
  day: { day: '2-digit' },
  hour: { hour: '2-digit', hourCycle: 'h23' },
  minute: { minute: '2-digit' },
  second: { second: '2-digit' },
  weekday: { weekday: 'short' },
};

// Building an Intl.DateTimeFormat costs far more than using one: one per zone and set of parts.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string, parts: readonly TZonedPart[]): Intl.DateTimeFormat {
  const key = `${timeZone} ${parts.join(',')}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = Object.assign({ timeZone }, ...parts.map((part) => STYLE[part])) as Intl.DateTimeFormatOptions;
    formatters.set(key, (formatter = new Intl.DateTimeFormat('en-US', options)));
  }
  return formatter;
}

/**
 * The wall-clock `parts` of an instant in a time zone, read by name ('' for a part not asked for):
 * `zonedParts(now, 'Africa/Algiers', ['year', 'month', 'day'])('month')` is '11'.
 */
export function zonedParts(
  instant: Date,
  timeZone: string,
  parts: readonly TZonedPart[],
): (part: TZonedPart) => string {
  const written = formatterOf(timeZone, parts).formatToParts(instant);
  return (part) => written.find((p) => p.type === part)?.value ?? '';
}
