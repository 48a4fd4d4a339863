import { z } from 'zod';
import { m } from '../messages/message.js';
import type { TFieldName } from '../messages/fields.js';

/**
 * Money as integer centimes (1 DA = 100 centimes), end to end (docs/decisions/0069). A number in JS
 * holds every integer up to 2^53 exactly, which is 90 trillion dinars: far beyond numeric(14,2).
 * No amount is ever a fraction of a centime, so no floating point error can creep into a sum.
 * The brand stops a dinar amount (orders' numeric(14,2) columns, JSON numbers of the orders API)
 * from being added to centimes by mistake: cross with `fromDinars` / `toDinars`.
 */
export type TCentimes = number & { readonly __unit: 'centimes' };

/** numeric(14,2) holds at most 999 999 999 999.99 DA. */
export const MAX_CENTIMES = 99_999_999_999_999;

export class MoneyError extends Error {}

/** An integer count of centimes; throws on a fraction, NaN or out of range (a bug, not input). */
export function centimes(value: number): TCentimes {
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_CENTIMES) {
    throw new MoneyError(`Not a whole number of centimes: ${String(value)}`);
  }
  return (value === 0 ? 0 : value) as TCentimes;
}

export const ZERO = 0 as TCentimes;

export function isCentimes(value: unknown): value is TCentimes {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_CENTIMES;
}

export function addCentimes(...amounts: TCentimes[]): TCentimes {
  let total = 0;
  for (const amount of amounts) total += amount;
  return centimes(total);
}

export function sumCentimes(amounts: Iterable<TCentimes>): TCentimes {
  return addCentimes(...amounts);
}

export function subtractCentimes(a: TCentimes, b: TCentimes): TCentimes {
  return centimes(a - b);
}

export function negateCentimes(a: TCentimes): TCentimes {
  return centimes(-a);
}

/**
 * A fraction of an amount (numerator/denominator whole numbers), rounded half away from zero, in
 * integer arithmetic only (BigInt), e.g. a 2.5 % commission is `ratioOf(total, 25, 1000)`.
 */
export function ratioOf(amount: TCentimes, numerator: number, denominator: number): TCentimes {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new MoneyError('A ratio needs whole numbers and a non-zero denominator');
  }
  const product = BigInt(amount) * BigInt(numerator);
  let d = BigInt(denominator);
  let n = product;
  if (d < 0n) {
    d = -d;
    n = -n;
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const rounded = (abs * 2n + d) / (2n * d);
  return centimes(Number(negative ? -rounded : rounded));
}

/**
 * Splits an amount over weights so the parts add up to the amount exactly (largest remainder): the
 * ad spend of a day over that day's orders, for instance. Zero total weight gives all zeros.
 */
export function allocateCentimes(amount: TCentimes, weights: readonly number[]): TCentimes[] {
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  if (!weights.length || totalWeight <= 0) return weights.map(() => ZERO);
  const total = BigInt(amount);
  const bigWeights = weights.map((w) => BigInt(Math.round(w)));
  const sumWeights = bigWeights.reduce((a, b) => a + b, 0n);
  const parts = bigWeights.map((w) => (total * w) / sumWeights);
  const remainders = bigWeights.map((w, i) => ({ i, r: total * w - parts[i]! * sumWeights }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const step = left >= 0n ? 1n : -1n;
  remainders.sort((a, b) => (step > 0n ? (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i) : a.r > b.r ? 1 : -1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] = parts[i]! + step;
    left -= step;
  }
  return parts.map((p) => centimes(Number(p)));
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dinars as PostgreSQL numeric(14,2) text ("1234.50") or as a JSON number of the orders API
 * (1234.5) into centimes, exactly: the text is split at the point, never multiplied as a float.
 */
export function fromDinars(value: number | string): TCentimes {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyError(`Not an amount in dinars with at most 2 decimals: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const count = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return centimes(sign ? -count : count);
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new MoneyError(`Not a finite amount: ${value}`);
  // Two decimals at most is the API's contract; toFixed(2) of such a number is its exact text.
  const fixed = value.toFixed(2);
  if (Math.abs(Number(fixed) - value) > 1e-9 * Math.max(1, Math.abs(value))) {
    throw new MoneyError(`More than 2 decimals: ${value}`);
  }
  return fixed;
}

/** Centimes as numeric(14,2) text for PostgreSQL ("-12.05"), exactly. */
export function toDinarsText(amount: TCentimes): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100);
  const cents = abs - whole * 100;
  return `${negative ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}`;
}

/** Centimes as the orders API's JSON number of dinars (1234.5). Display never uses this. */
export function toDinars(amount: TCentimes): number {
  return Number(toDinarsText(amount));
}

const integerFormat = new Intl.NumberFormat('fr-DZ', { maximumFractionDigits: 0, useGrouping: true });
const decimalSeparator =
  new Intl.NumberFormat('fr-DZ', { minimumFractionDigits: 2 }).formatToParts(1.5).find((p) => p.type === 'decimal')
    ?.value ?? ',';

/**
 * fr-DZ with two decimals and " DA" (SPEC 1), from integer parts only: `1 234,50 DA` (narrow
 * no-break space between thousands, as `formatDZD` writes them).
 */
export function formatCentimes(amount: TCentimes, options: { suffix?: boolean } = {}): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100);
  const cents = abs - whole * 100;
  const text = `${negative ? '-' : ''}${integerFormat.format(whole)}${decimalSeparator}${String(cents).padStart(2, '0')}`;
  return options.suffix === false ? text : `${text} DA`;
}

/**
 * What a person typed ("1 234,50", "1234.5", "1.234,50 DA", "-300") into centimes; null when it is
 * not an amount. A lone comma or point followed by one or two digits is the decimal mark; other
 * points, spaces (any kind) and apostrophes are thousands separators.
 */
export function parseDZD(input: string): TCentimes | null {
  let text = input
    .trim()
    .replace(/\s*(DA|DZD|دج)\s*$/i, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  if (!text) return null;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  let whole = text;
  let fraction = '';
  if (decimal) {
    whole = text.slice(0, decimal.index);
    fraction = decimal[1]!;
    // "12.345.6": the same mark cannot be both the thousands separator and the decimal mark.
    if (whole.includes(text[decimal.index]!)) return null;
  }
  // Thousands separators must group by three.
  if (/[.,]/.test(whole)) {
    if (!/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
    whole = whole.replace(/[.,]/g, '');
  }
  if (!/^\d+$/.test(whole || '0')) return null;
  const count = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(count) || count > MAX_CENTIMES) return null;
  return centimes(negative ? -count : count);
}

/**
 * An amount in a request body: integer centimes, zero or more unless `signed`, within numeric(14,2).
 * Messages are the catalogue's generic field messages (docs/decisions/0041).
 */
export function zCentimes(field: TFieldName, options: { signed?: boolean; positive?: boolean } = {}) {
  const min = options.signed ? -MAX_CENTIMES : options.positive ? 1 : 0;
  return z
    .number({
      error: (issue) => (issue.input == null ? m('validation.required', { field }) : m('validation.number', { field })),
    })
    .int(m('validation.whole_number', { field }))
    .min(min, m('validation.min', { field, min: options.positive ? 0.01 : 0 }))
    .max(MAX_CENTIMES, m('validation.too_large', { field }))
    .transform((value) => centimes(value));
}
