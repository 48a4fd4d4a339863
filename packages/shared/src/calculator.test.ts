import { describe, expect, it } from 'vitest';
import { calculateCodProfit, isCalculatorInputValid } from './calculator.js';

// Issue 12 item 9d: with the maximum ad cost the net profit is about 0 by definition; the seller's
// actual ad cost per order received makes it mean something.
describe('COD calculator with the actual ad cost per order', () => {
  const input = { salesPrice: 4000, productCost: 1500, shippingCost: 500, confirmationRate: 50, deliveryRate: 50 };

  it('uses the ad cost given: 4000 - (2000 + 300 / 0.25) = 800 per delivered order', () => {
    expect(calculateCodProfit({ ...input, adCost: 300 })).toEqual({
      successRate: 25,
      maxAdCost: 500,
      netProfit: 800,
      adCostUsed: 300,
      adCostAssumed: false,
    });
  });

  it('an ad cost above the maximum loses money', () => {
    expect(calculateCodProfit({ ...input, adCost: 600 }).netProfit).toBe(-400);
  });

  it('no ad cost: the maximum is assumed and said to be', () => {
    for (const adCost of [undefined, null]) {
      expect(calculateCodProfit({ ...input, adCost })).toMatchObject({
        adCostUsed: 500,
        adCostAssumed: true,
        netProfit: 0,
      });
    }
  });

  it('a zero ad cost is an ad cost (organic sales), not a missing one', () => {
    expect(calculateCodProfit({ ...input, adCost: 0 })).toMatchObject({ netProfit: 2000, adCostAssumed: false });
  });

  it('refuses a negative or unreadable ad cost, accepts none', () => {
    expect(isCalculatorInputValid({ ...input, adCost: -1 })).toBe(false);
    expect(isCalculatorInputValid({ ...input, adCost: Number.NaN })).toBe(false);
    expect(isCalculatorInputValid({ ...input, adCost: null })).toBe(true);
    expect(isCalculatorInputValid({ ...input, adCost: 250 })).toBe(true);
  });
});
