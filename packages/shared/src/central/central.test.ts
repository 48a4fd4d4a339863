import { describe, expect, it } from 'vitest';
import {
  calendarDaysUntil,
  extendedValidTo,
  isBlockedSubscription,
  monthIn,
  pagePropsStatus,
  subscriptionStatusAt,
  supportWhatsAppLink,
  ZCentralSettingsInput,
  ZPlanInput,
} from './index.js';

const at = (iso: string) => new Date(iso);

describe('subscription status (issue 19.3)', () => {
  const validTo = at('2026-03-10T23:00:00Z');
  it('runs until valid_to, is past due for the grace days, then expired; suspended wins', () => {
    expect(subscriptionStatusAt({ isTrial: true, validTo, suspended: false }, at('2026-03-10T22:59:59Z'))).toBe(
      'trialing',
    );
    expect(subscriptionStatusAt({ isTrial: false, validTo, suspended: false }, at('2026-03-01T00:00:00Z'))).toBe(
      'active',
    );
    expect(subscriptionStatusAt({ isTrial: false, validTo, suspended: false }, at('2026-03-10T23:00:00Z'))).toBe(
      'past_due',
    );
    expect(subscriptionStatusAt({ isTrial: false, validTo, suspended: false }, at('2026-03-13T22:59:59Z'))).toBe(
      'past_due',
    );
    expect(subscriptionStatusAt({ isTrial: false, validTo, suspended: false }, at('2026-03-13T23:00:00Z'))).toBe(
      'expired',
    );
    expect(subscriptionStatusAt({ isTrial: false, validTo, suspended: false }, at('2026-03-11T23:00:00Z'), 0)).toBe(
      'expired',
    );
    expect(subscriptionStatusAt({ isTrial: false, validTo, suspended: true }, at('2026-03-01T00:00:00Z'))).toBe(
      'suspended',
    );
  });

  it('blocks writes only when expired or suspended; a running Trial is active in the page props', () => {
    expect(['active', 'trialing', 'past_due', 'expired', 'suspended'].filter(isBlockedSubscription)).toEqual([
      'expired',
      'suspended',
    ]);
    expect(pagePropsStatus('trialing')).toBe('active');
    expect(pagePropsStatus('past_due')).toBe('past_due');
    expect(pagePropsStatus(null)).toBe('inactive');
  });
});

describe('payments extend from max(now, valid_to) (issue 19.4)', () => {
  it('adds calendar months to the later date, clamping to the month end', () => {
    const now = at('2026-01-15T10:00:00Z');
    expect(extendedValidTo(at('2026-02-01T00:00:00Z'), 1, now)).toEqual({
      from: at('2026-02-01T00:00:00Z'),
      to: at('2026-03-01T00:00:00Z'),
    });
    expect(extendedValidTo(at('2025-12-01T00:00:00Z'), 12, now).to).toEqual(at('2027-01-15T10:00:00Z'));
    expect(extendedValidTo(at('2026-01-31T12:00:00Z'), 1, now).to).toEqual(at('2026-02-28T12:00:00Z'));
  });
});

describe('Africa/Algiers days and months', () => {
  it('counts calendar days and months in the shop time zone', () => {
    // 23:30 UTC on the 31st is already 00:30 on the 1st in Algiers (UTC+1).
    expect(monthIn(at('2026-01-31T23:30:00Z'))).toBe('2026-02');
    expect(calendarDaysUntil(at('2026-02-08T10:00:00Z'), at('2026-01-31T23:30:00Z'))).toBe(7);
  });
});

describe('inputs', () => {
  it('plan limits: empty is unlimited, negative refused', () => {
    const plan = ZPlanInput.parse({
      name: 'Pro',
      price_month: 5900,
      price_year: 59000,
      max_orders_per_month: '',
      max_users: 5,
    });
    expect(plan).toMatchObject({ max_orders_per_month: null, max_users: 5, duration_days: 30 });
    expect(ZPlanInput.safeParse({ name: 'X', price_month: 1, price_year: 1, max_users: -1 }).success).toBe(false);
  });

  it('the support number is international digits; the link names the shop', () => {
    expect(
      ZCentralSettingsInput.parse({ support_whatsapp: '+213 (555) 12-34-56', grace_days: 3 }).support_whatsapp,
    ).toBe('213555123456');
    expect(ZCentralSettingsInput.safeParse({ support_whatsapp: '0555', grace_days: 3 }).success).toBe(false);
    expect(supportWhatsAppLink('213555123456', 'Shop "demo" & co')).toBe(
      'https://wa.me/213555123456?text=Shop%20%22demo%22%20%26%20co',
    );
    expect(supportWhatsAppLink('', 'x')).toBeNull();
  });
});
