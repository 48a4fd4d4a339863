import { describe, expect, it } from 'vitest';
import { centimes } from '../money/centimes.js';
import {
  commissionEarned,
  dayRates,
  dayWindow,
  monthWindow,
  previousDay,
  ZDailyReportSettings,
  ZReportDay,
} from './index.js';

describe('the daily report rules (docs/decisions/0081)', () => {
  it('gives a local day as its instants, summer time included', () => {
    expect(dayWindow('2026-03-10', 'Africa/Algiers')).toEqual({
      from: new Date('2026-03-09T23:00:00Z'),
      to: new Date('2026-03-10T23:00:00Z'),
    });
    // Paris springs forward on 29 March 2026: that day lasts 23 hours.
    const spring = dayWindow('2026-03-29', 'Europe/Paris');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    expect(monthWindow('2026-02-14', 'Africa/Algiers')).toEqual({
      from: new Date('2026-01-31T23:00:00Z'),
      to: new Date('2026-02-28T23:00:00Z'),
    });
    expect(() => dayWindow('2026-02-30', 'Africa/Algiers')).toThrow();
  });

  it('steps back a calendar day across months and leap years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('computes a commission: none, a fixed amount per order, a rounded percentage', () => {
    const counted = { orders: 3, totalCentimes: centimes(1_234_567) };
    expect(commissionEarned({ type: 'none', amount: '100.00', rate: '5.00' }, counted)).toBe(0);
    expect(commissionEarned({ type: 'fixed', amount: '150.50', rate: '0.00' }, counted)).toBe(3 * 15_050);
    // 2.5 % of 12,345.67 DA = 308.64175 DA -> 308.64 DA.
    expect(commissionEarned({ type: 'percent', amount: '0.00', rate: '2.50' }, counted)).toBe(30_864);
    // Half a centime rounds away from zero: 10 % of 0.05 DA = 0.005 DA -> 0.01 DA.
    expect(commissionEarned({ type: 'percent', amount: 0, rate: 10 }, { orders: 1, totalCentimes: centimes(5) })).toBe(
      1,
    );
  });

  it('takes its rates from the analytics definitions, null when nothing was counted', () => {
    expect(dayRates({ decided: 4, confirmed: 3, delivered: 0, returned: 0 })).toEqual({
      confirmation_rate: 0.75,
      delivery_rate: null,
    });
  });

  it('checks the day and the hour', () => {
    expect(ZReportDay.safeParse('2026-11-21').success).toBe(true);
    expect(ZReportDay.safeParse('2026-13-01').success).toBe(false);
    expect(ZDailyReportSettings.safeParse({ daily_report_hour: null }).success).toBe(true);
    expect(ZDailyReportSettings.safeParse({ daily_report_hour: 23 }).success).toBe(true);
    for (const bad of [24, -1, 7.5, '8', undefined]) {
      const parsed = ZDailyReportSettings.safeParse({ daily_report_hour: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('reports.hour_invalid');
    }
  });
});
