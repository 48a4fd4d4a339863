import { describe, expect, it } from 'vitest';
import { formatDZD } from '../money.js';
import {
  MoneyError,
  addCentimes,
  allocateCentimes,
  centimes,
  formatCentimes,
  fromDinars,
  parseDZD,
  ratioOf,
  sumCentimes,
  toDinars,
  toDinarsText,
  zCentimes,
  type TCentimes,
} from './centimes.js';

const c = (n: number) => centimes(n);

describe('money in centimes (decision 0069)', () => {
  it('refuses fractions of a centime and unsafe numbers', () => {
    expect(() => centimes(1.5)).toThrow(MoneyError);
    expect(() => centimes(Number.NaN)).toThrow(MoneyError);
    expect(() => centimes(2 ** 53)).toThrow(MoneyError);
    expect(centimes(-0)).toBe(0);
    expect(Object.is(centimes(-0), -0)).toBe(false);
  });

  it('adds without the float drift of dinars (0.1 + 0.2)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addCentimes(fromDinars(0.1), fromDinars(0.2))).toBe(30);
    const many = Array.from({ length: 1000 }, () => fromDinars('0.10'));
    expect(sumCentimes(many)).toBe(10_000);
  });

  it('converts numeric(14,2) text and API numbers exactly, both ways', () => {
    expect(fromDinars('1234.50')).toBe(123_450);
    expect(fromDinars('-12.05')).toBe(-1205);
    expect(fromDinars('999999999999.99')).toBe(99_999_999_999_999);
    expect(fromDinars(1234.5)).toBe(123_450);
    expect(fromDinars(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996 as a float
    expect(fromDinars(1.15)).toBe(115);
    expect(() => fromDinars('1.005')).toThrow(MoneyError);
    expect(() => fromDinars(1.005)).toThrow(MoneyError);
    expect(() => fromDinars('abc')).toThrow(MoneyError);
    expect(toDinarsText(c(123_450))).toBe('1234.50');
    expect(toDinarsText(c(-5))).toBe('-0.05');
    expect(toDinars(c(29))).toBe(0.29);
    for (const text of ['0.00', '0.01', '19.99', '3500.00', '123456789.12']) {
      expect(toDinarsText(fromDinars(text))).toBe(text);
    }
  });

  it('formats fr-DZ with DA exactly as formatDZD does', () => {
    for (const [cents, dinars] of [
      [123_450, 1234.5],
      [0, 0],
      [99, 0.99],
      [100_000_000, 1_000_000],
      [350_000, 3500],
    ] as const) {
      expect(formatCentimes(c(cents))).toBe(formatDZD(dinars));
    }
    expect(formatCentimes(c(123_450))).toMatch(/^1\s234,50 DA$/u);
    expect(formatCentimes(c(-123_450))).toMatch(/^-1\s234,50 DA$/u);
    expect(formatCentimes(c(5), { suffix: false })).toBe('0,05');
  });

  it('parses what a person types', () => {
    expect(parseDZD('1 234,50')).toBe(123_450);
    expect(parseDZD('1\u202f234,50 DA')).toBe(123_450);
    expect(parseDZD('1234.5')).toBe(123_450);
    expect(parseDZD('1.234,50')).toBe(123_450);
    expect(parseDZD('1,234.50')).toBe(123_450);
    expect(parseDZD('3500')).toBe(350_000);
    expect(parseDZD('3 500 دج')).toBe(350_000);
    expect(parseDZD('-300')).toBe(-30_000);
    expect(parseDZD('0,1')).toBe(10);
    expect(parseDZD(formatCentimes(c(98_765_432)))).toBe(98_765_432);
    for (const bad of ['', 'abc', '1,2,3', '12.345.6', '1.2.3', '--1', '1e5', '12,345,67']) {
      expect(parseDZD(bad), bad).toBeNull();
    }
  });

  it('takes ratios and splits amounts in integers, parts adding up to the whole', () => {
    expect(ratioOf(c(10_000), 25, 1000)).toBe(250);
    expect(ratioOf(c(333), 1, 2)).toBe(167); // 166.5 rounds away from zero
    expect(ratioOf(c(-333), 1, 2)).toBe(-167);
    const parts = allocateCentimes(c(10_000), [1, 1, 1]);
    expect(parts).toEqual([3334, 3333, 3333]);
    expect(sumCentimes(parts)).toBe(10_000);
    const uneven = allocateCentimes(c(100_001), [3, 5, 7, 11]);
    expect(sumCentimes(uneven)).toBe(100_001);
    expect(allocateCentimes(c(500), [0, 0])).toEqual([0, 0]);
  });

  it('validates request amounts as whole centimes', () => {
    const schema = zCentimes('price', { positive: true });
    expect(schema.parse(1200)).toBe(1200);
    expect(schema.safeParse(12.5).success).toBe(false);
    expect(schema.safeParse(0).success).toBe(false);
    expect(schema.safeParse('12').success).toBe(false);
    expect(zCentimes('price', { signed: true }).parse(-5) satisfies TCentimes).toBe(-5);
  });
});
