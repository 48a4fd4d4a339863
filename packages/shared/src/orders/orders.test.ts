import { describe, expect, it } from 'vitest';
import { STATUS_TYPES } from '../statuses.js';
import { dateFilterRange, parseLocalDate } from './date-ranges.js';
import { orderDiscount, orderTotal } from './totals.js';
import { canTransition, MANUAL_TRANSITIONS, TAB_STATUS_TYPES } from './transitions.js';

describe('tabs and transitions (SPEC 4)', () => {
  it('maps tabs to status types as the spec lists them', () => {
    expect(TAB_STATUS_TYPES.inProcess).toEqual(['new', 'pending', 'confirmed', 'reported']);
    expect(TAB_STATUS_TYPES.ready).toEqual(['confirmed']);
    expect(TAB_STATUS_TYPES.inDelivery).toEqual(['follow-up']);
  });

  it('lets inProcess orders become confirmed, pending, reported or cancelled', () => {
    for (const from of TAB_STATUS_TYPES.inProcess) {
      for (const to of ['confirmed', 'pending', 'reported', 'cancelled'] as const)
        expect(canTransition(from, to)).toBe(true);
    }
  });

  it('never enters inDispatch or new by hand, and never leaves delivered or returned', () => {
    for (const from of STATUS_TYPES) {
      expect(canTransition(from, 'inDispatch')).toBe(false);
      expect(canTransition(from, 'new')).toBe(false);
    }
    expect(MANUAL_TRANSITIONS.delivered).toEqual(['delivered']);
    expect(MANUAL_TRANSITIONS.returned).toEqual(['returned']);
    expect(canTransition('confirmed', 'delivered')).toBe(false);
  });
});

describe('totals (SPEC 5)', () => {
  const lines = [
    { price: 2500, quantity: 2, catalogue_price: 2900 },
    { price: '1200.50', quantity: 1, catalogue_price: '1200.50' },
  ];
  it('adds lines and delivery, or no delivery when free', () => {
    expect(orderTotal(lines, 600, false)).toBe(6800.5);
    expect(orderTotal(lines, 600, true)).toBe(6200.5);
    expect(orderTotal([{ price: 0.1, quantity: 3 }], 0.2, false)).toBe(0.5);
  });
  it('shows the discount against the catalogue prices', () => {
    expect(orderDiscount(lines)).toBe(800);
    expect(orderDiscount([{ price: 100, quantity: 1 }])).toBe(0);
  });
});

describe('date filters in Africa/Algiers (UTC+1)', () => {
  const timeZone = 'Africa/Algiers';
  it('starts "today" at local midnight, even just after it (still yesterday in UTC)', () => {
    const now = new Date('2026-11-20T23:30:00Z'); // 00:30 on the 21st in Algiers
    expect(dateFilterRange('today', { now, timeZone })).toEqual({
      from: new Date('2026-11-20T23:00:00Z'),
      to: new Date('2026-11-21T23:00:00Z'),
    });
    expect(dateFilterRange('yesterday', { now, timeZone })!.from).toEqual(new Date('2026-11-19T23:00:00Z'));
  });
  it('covers 7 local days including today, and whole months', () => {
    const now = new Date('2026-01-05T10:00:00Z');
    expect(dateFilterRange('last_7_days', { now, timeZone })!.from).toEqual(new Date('2025-12-29T23:00:00Z'));
    expect(dateFilterRange('this_month', { now, timeZone })).toEqual({
      from: new Date('2025-12-31T23:00:00Z'),
      to: new Date('2026-01-31T23:00:00Z'),
    });
    expect(dateFilterRange('last_month', { now, timeZone })).toEqual({
      from: new Date('2025-11-30T23:00:00Z'),
      to: new Date('2025-12-31T23:00:00Z'),
    });
  });
  it('takes inclusive custom days and refuses an end before the start', () => {
    const now = new Date();
    expect(dateFilterRange('custom', { now, timeZone, start: '2026-03-01', end: '2026-03-01' })).toEqual({
      from: new Date('2026-02-28T23:00:00Z'),
      to: new Date('2026-03-01T23:00:00Z'),
    });
    expect(dateFilterRange('custom', { now, timeZone, start: '2026-03-02', end: '2026-03-01' })).toBeNull();
    expect(dateFilterRange('custom', { now, timeZone, start: '2026-02-30', end: '2026-03-01' })).toBeNull();
    expect(parseLocalDate('2026-13-01')).toBeNull();
  });
  it('handles a zone with daylight saving time', () => {
    const range = dateFilterRange('today', { now: new Date('2026-03-29T12:00:00Z'), timeZone: 'Europe/Paris' });
    expect(range).toEqual({ from: new Date('2026-03-28T23:00:00Z'), to: new Date('2026-03-29T22:00:00Z') });
  });
});
