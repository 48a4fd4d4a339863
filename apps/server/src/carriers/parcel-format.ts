import type { TMappedStatus, TTrackingEvent } from './carrier.js';

/** Small formatting rules the carriers share (names, phones, batching, reading answers). */

/** Yalidine wants first and family names apart; one-word names get '-' as family name. */
export function splitFullName(fullName: string): { firstName: string; familyName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: '-', familyName: '-' };
  if (parts.length === 1) return { firstName: parts[0]!, familyName: '-' };
  return { firstName: parts[0]!, familyName: parts.slice(1).join(' ') };
}

/** National format 0XXXXXXXXX (EcoTrack/NOEST/Maystro check 9-10 digits). */
export function localPhone(phone: string): string {
  const digits = phone.replace(/\D+/g, '');
  if (digits.startsWith('213') && digits.length >= 12) return `0${digits.slice(3)}`;
  if (digits.startsWith('00213')) return `0${digits.slice(5)}`;
  return digits;
}

/** International format +213XXXXXXXXX (ZR Express customers). */
export function internationalPhone(phone: string): string {
  const local = localPhone(phone);
  return local.startsWith('0') ? `+213${local.slice(1)}` : `+${local}`;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs fn over items with at most `limit` in flight; results in input order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await fn(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return out;
}

/** Carrier dates ('2022-12-17 01:48:09', '2021-03-04' + '22:32:47') are Algiers local time (UTC+1, no DST). */
export function algiersToIso(date: string, time?: string): string {
  const text = time ? `${date} ${time}` : date;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!m) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? new Date(0).toISOString() : new Date(parsed).toISOString();
  }
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(text.trim())) return new Date(Date.parse(text)).toISOString();
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  return new Date(Date.UTC(+y!, +mo! - 1, +d!, +h - 1, +mi, +s)).toISOString();
}

/** The inverse, for sandboxes answering in carrier style. */
export function isoToAlgiers(iso: string | number | Date): { date: string; time: string; dateTime: string } {
  const t = new Date(new Date(iso).getTime() + 3_600_000).toISOString();
  const date = t.slice(0, 10);
  const time = t.slice(11, 19);
  return { date, time, dateTime: `${date} ${time}` };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The objects of an answer's list; anything but an array reads as an empty list. */
export function asRecords(value: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(value) ? value : []).map(asRecord);
}

export function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export function asNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** One tracking event; an empty reason or location is left out rather than kept as ''. */
export function trackingEvent(
  at: string,
  status: TMappedStatus,
  details: { reason?: string; location?: string } = {},
): TTrackingEvent {
  return {
    at,
    status,
    ...(details.reason ? { reason: details.reason } : {}),
    ...(details.location ? { location: details.location } : {}),
  };
}

/** Sorts events (or driver updates) oldest first, in place: ISO instants compare as text. */
export function oldestFirst<T extends { at: string }>(events: T[]): T[] {
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
