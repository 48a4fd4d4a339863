import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColor, avatarInitial } from './avatar.js';
import { calculateCodProfit, isCalculatorInputValid } from './calculator.js';
import { effectiveLayout, LAYOUT_DEFAULTS, nextTheme, withNavDirection } from './layout.js';
import { formatDZD } from './money.js';
import {
  shouldAutoOpenSubscription,
  subscriptionDaysLeft,
  subscriptionMessage,
  subscriptionTone,
} from './subscription.js';

describe('avatar (SPEC 2.1)', () => {
  it('hashes the name onto one of nine colours, deterministically', () => {
    expect(AVATAR_PALETTE).toHaveLength(9);
    expect(avatarColor('Yacine Meziane')).toBe(avatarColor('Yacine Meziane'));
    expect(AVATAR_PALETTE).toContain(avatarColor('سارة'));
    const used = new Set(
      ['Amine', 'Sara', 'Yacine', 'Nadia', 'Karim', 'Lina', 'Omar', 'Rym', 'Walid', 'Imane'].map(avatarColor),
    );
    expect(used.size).toBeGreaterThan(3);
  });

  it('shows the upper-cased first letter', () => {
    expect(avatarInitial('  amine')).toBe('A');
    expect(avatarInitial('')).toBe('?');
  });
});

describe('theme and layout (SPEC 2.1, 4, 9)', () => {
  it('cycles system, light, dark, system', () => {
    expect([nextTheme('system'), nextTheme('light'), nextTheme('dark')]).toEqual(['light', 'dark', 'system']);
  });

  it('has the SPEC 9 defaults', () => {
    expect(LAYOUT_DEFAULTS).toMatchObject({
      contentWidth: 'boxed',
      navDirection: 'vertical',
      skin: 'bordered',
      transition: 'fade',
      navbarType: 'sticky',
      navbarBlur: true,
      footerType: 'static',
      theme: 'system',
    });
  });

  it('turns a hidden navbar sticky and un-collapses the nav when going horizontal', () => {
    const s = withNavDirection({ ...LAYOUT_DEFAULTS, navbarType: 'hidden', navCollapsed: true }, 'horizontal');
    expect(s).toMatchObject({ navDirection: 'horizontal', navbarType: 'sticky', navCollapsed: false });
  });

  it('forces vertical overlay below 1280 px and gives the choice back when wide', () => {
    const horizontal = { ...LAYOUT_DEFAULTS, navDirection: 'horizontal' as const };
    expect(effectiveLayout(horizontal, 1279)).toMatchObject({ navDirection: 'vertical', overlayNav: true });
    expect(effectiveLayout(horizontal, 1280)).toMatchObject({ navDirection: 'horizontal', overlayNav: false });
  });
});

describe('money', () => {
  it('formats DZD the fr-DZ way with the DA suffix', () => {
    expect(formatDZD(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 DA');
    expect(formatDZD('abc')).toBe(formatDZD(0));
  });
});

describe('subscription (SPEC 4)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('rounds days left to valid_to', () => {
    expect(subscriptionDaysLeft('2026-12-01T00:00:00Z', now)).toBe(10);
    expect(subscriptionDaysLeft(null, now)).toBe(0);
  });
  it('warns under 30 days', () => {
    expect(subscriptionTone(29)).toBe('warning');
    expect(subscriptionTone(30)).toBe('success');
    expect(subscriptionMessage({ plan: 'Pro', status: 'active', valid_to: null }, 29)).toBe('expiring_soon');
    expect(subscriptionMessage({ plan: 'Pro', status: 'inactive', valid_to: null }, 90)).toBe('not_active');
  });
  it('auto-opens when inactive, or under 7 days on a paid plan only', () => {
    expect(shouldAutoOpenSubscription({ plan: 'Pro', status: 'inactive', valid_to: null }, 90)).toBe(true);
    expect(shouldAutoOpenSubscription({ plan: 'Pro', status: 'active', valid_to: null }, 6)).toBe(true);
    expect(shouldAutoOpenSubscription({ plan: 'Trial', status: 'active', valid_to: null }, 6)).toBe(false);
    expect(shouldAutoOpenSubscription({ plan: 'Pro', status: 'active', valid_to: null }, 7)).toBe(false);
  });
});

describe('COD profit calculator (SPEC 9)', () => {
  const input = { salesPrice: 4000, productCost: 1500, shippingCost: 500, confirmationRate: 50, deliveryRate: 50 };
  it('computes success rate, max ad cost and net profit', () => {
    // success = 50 x 50 / 100 = 25; max ad = floor(2000 x 25 / 100) = 500;
    // net = 4000 - (1500 + 500 + 500 / (0.5 x 0.5)) = 0
    expect(calculateCodProfit(input)).toMatchObject({ successRate: 25, maxAdCost: 500, netProfit: 0 });
    expect(calculateCodProfit({ ...input, confirmationRate: 70, deliveryRate: 65 })).toMatchObject({
      successRate: 46,
      maxAdCost: 920,
      netProfit: -21.98, // 4000 - (2000 + 920 / 0.455)
    });
  });
  it('refuses a sales price below cost plus shipping, negatives and rates above 100', () => {
    expect(isCalculatorInputValid(input)).toBe(true);
    expect(isCalculatorInputValid({ ...input, salesPrice: 1999 })).toBe(false);
    expect(isCalculatorInputValid({ ...input, productCost: -1 })).toBe(false);
    expect(isCalculatorInputValid({ ...input, deliveryRate: 101 })).toBe(false);
  });
});
