import { describe, expect, it } from 'vitest';
import type { TStatusType } from '../statuses.js';
import { analyticsEvents, orderFacts } from './facts.js';
import {
  averageDuration,
  cancellationRate,
  confirmationRate,
  deliveryRate,
  periodDelta,
  returnRate,
} from './metrics.js';
import { analyticsPeriod, previousPeriod, ZAnalyticsQuery } from './query.js';

const at = (iso: string) => new Date(iso);
const h = (type: TStatusType, iso: string) => ({ type, at: at(iso) });
const facts = (statusType: TStatusType, history: Array<[TStatusType, string]>) =>
  orderFacts(
    { createdAt: at(history[0]![1]), statusType },
    history.map(([type, iso]) => h(type, iso)),
  );

describe('order facts (docs/decisions/0077)', () => {
  it('a rescheduled order is called at its first report and confirmed when it finally is', () => {
    const f = facts('confirmed', [
      ['new', '2025-03-01T09:00:00Z'],
      ['reported', '2025-03-01T10:00:00Z'],
      ['reported', '2025-03-02T10:00:00Z'],
      ['confirmed', '2025-03-03T08:00:00Z'],
    ]);
    expect(f.calledAt).toEqual(at('2025-03-01T10:00:00Z'));
    expect(f.confirmedAt).toEqual(at('2025-03-03T08:00:00Z'));
    expect(f.decidedAt).toEqual(f.confirmedAt);
    const confirmed = analyticsEvents(f, 'UTC').find((e) => e.metric === 'confirmed')!;
    expect(confirmed.durationS).toBe(2 * 86_400 - 3_600);
  });

  it('a go-back and a second confirmation count the first confirmation once', () => {
    const f = facts('confirmed', [
      ['new', '2025-03-01T09:00:00Z'],
      ['confirmed', '2025-03-01T09:30:00Z'],
      ['pending', '2025-03-01T11:00:00Z'],
      ['confirmed', '2025-03-02T11:00:00Z'],
    ]);
    expect(f.confirmedAt).toEqual(at('2025-03-01T09:30:00Z'));
    expect(analyticsEvents(f, 'UTC').filter((e) => e.metric === 'confirmed')).toHaveLength(1);
  });

  it('a returned order later re-dispatched and delivered counts as delivered, not returned', () => {
    const f = facts('delivered', [
      ['new', '2025-03-01T09:00:00Z'],
      ['confirmed', '2025-03-01T10:00:00Z'],
      ['inDispatch', '2025-03-02T10:00:00Z'],
      ['returned', '2025-03-05T10:00:00Z'],
      ['confirmed', '2025-03-06T10:00:00Z'],
      ['inDispatch', '2025-03-07T10:00:00Z'],
      ['delivered', '2025-03-09T10:00:00Z'],
    ]);
    expect(f.returnedAt).toBeNull();
    expect(f.deliveredAt).toEqual(at('2025-03-09T10:00:00Z'));
    expect(f.dispatchedAt).toEqual(at('2025-03-02T10:00:00Z'));
    const delivered = analyticsEvents(f, 'UTC').find((e) => e.metric === 'delivered')!;
    expect(delivered.day).toBe('2025-03-09');
    expect(delivered.durationS).toBe(7 * 86_400);
  });

  it('an order still returned counts on the day of its last return', () => {
    const f = facts('returned', [
      ['new', '2025-03-01T09:00:00Z'],
      ['inDispatch', '2025-03-02T10:00:00Z'],
      ['returned', '2025-03-04T10:00:00Z'],
      ['follow-up', '2025-03-05T10:00:00Z'],
      ['returned', '2025-03-06T10:00:00Z'],
    ]);
    expect(f.returnedAt).toEqual(at('2025-03-06T10:00:00Z'));
    expect(f.deliveredAt).toBeNull();
  });

  it('a cancellation decides an order never confirmed; after a confirmation it does not', () => {
    const never = facts('cancelled', [
      ['new', '2025-03-01T09:00:00Z'],
      ['pending', '2025-03-01T10:00:00Z'],
      ['cancelled', '2025-03-02T10:00:00Z'],
    ]);
    expect(never.decidedAt).toEqual(at('2025-03-02T10:00:00Z'));
    expect(never.confirmedAt).toBeNull();
    const late = facts('cancelled', [
      ['new', '2025-03-01T09:00:00Z'],
      ['confirmed', '2025-03-01T10:00:00Z'],
      ['cancelled', '2025-03-02T10:00:00Z'],
    ]);
    expect(late.decidedAt).toEqual(at('2025-03-01T10:00:00Z'));
    expect(late.cancelledAt).toEqual(at('2025-03-02T10:00:00Z'));
    // A cancelled order reopened is no longer counted as cancelled.
    const reopened = facts('pending', [
      ['new', '2025-03-01T09:00:00Z'],
      ['cancelled', '2025-03-01T10:00:00Z'],
      ['pending', '2025-03-02T10:00:00Z'],
    ]);
    expect(reopened.cancelledAt).toBeNull();
    expect(reopened.decidedAt).toBeNull();
  });

  it('counts an event on its day in the shop time zone (day boundary at local midnight)', () => {
    const f = facts('new', [['new', '2025-01-01T23:30:00Z']]);
    expect(analyticsEvents(f, 'Africa/Algiers')[0]).toMatchObject({ day: '2025-01-02', hour: 0 });
    expect(analyticsEvents(f, 'UTC')[0]).toMatchObject({ day: '2025-01-01', hour: 23 });
    expect(analyticsEvents(f, 'America/New_York')[0]).toMatchObject({ day: '2025-01-01', hour: 18 });
    const before = facts('new', [['new', '2025-01-01T22:59:59Z']]);
    expect(analyticsEvents(before, 'Africa/Algiers')[0]).toMatchObject({ day: '2025-01-01', hour: 23 });
  });
});

describe('rates (docs/decisions/0077)', () => {
  it('computes each share, and null (not 0 %) without a denominator', () => {
    expect(confirmationRate({ confirmedOrLater: 30, decided: 40 })).toBe(0.75);
    expect(cancellationRate({ cancelled: 10, decided: 40 })).toBe(0.25);
    expect(deliveryRate({ delivered: 8, returned: 2 })).toBe(0.8);
    expect(returnRate({ delivered: 8, returned: 2 })).toBe(0.2);
    expect(confirmationRate({ confirmedOrLater: 0, decided: 0 })).toBeNull();
    expect(deliveryRate({ delivered: 0, returned: 0 })).toBeNull();
    expect(averageDuration(600, 3)).toBe(200);
    expect(averageDuration(0, 0)).toBeNull();
    expect(periodDelta(150, 100)).toBe(0.5);
    expect(periodDelta(5, 0)).toBeNull();
  });
});

describe('periods', () => {
  const now = at('2025-03-15T23:30:00Z'); // already March 16 in Algiers
  it('reads the date options as local days and compares with the period just before', () => {
    const zone = 'Africa/Algiers';
    expect(analyticsPeriod('today', { now, timeZone: zone })).toEqual({ from: '2025-03-16', to: '2025-03-16' });
    expect(analyticsPeriod('last_7_days', { now, timeZone: zone })).toEqual({ from: '2025-03-10', to: '2025-03-16' });
    expect(analyticsPeriod('last_month', { now, timeZone: zone })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(previousPeriod({ from: '2025-03-10', to: '2025-03-16' })).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(previousPeriod({ from: '2025-03-01', to: '2025-03-31' }, 'this_month')).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
    });
  });
  it('refuses a custom range without both ends or backwards', () => {
    expect(ZAnalyticsQuery.safeParse({ date: 'custom', start: '2025-03-02' }).success).toBe(false);
    expect(ZAnalyticsQuery.safeParse({ date: 'custom', start: '2025-03-02', end: '2025-03-01' }).success).toBe(false);
    expect(ZAnalyticsQuery.parse({ date: 'custom', start: '2025-03-01', end: '2025-03-02', agent: '' })).toMatchObject({
      agent: undefined,
      compare: true,
    });
  });
});
