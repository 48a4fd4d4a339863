import { describe, expect, it } from 'vitest';
import { accountingLine, addAccounting, ZERO_ACCOUNTING, type TAccountingSums } from './accounting.js';
import { centimes } from './centimes.js';
import { adSpendShare, orderProfit, type TProfitFacts } from './profit.js';

const c = centimes;

/** Three orders of one campaign on one day, 1 000,00 DA of spend spread 333,34 / 333,33 / 333,33. */
const share = (id: number) => adSpendShare(id, { spend_centimes: c(100_000), order_ids: [1, 2, 3] }, null);
const base = {
  delivery_charged_centimes: c(40_000),
  carrier_fee_centimes: c(35_000),
  return_fee_centimes: c(20_000),
};
const orders: TProfitFacts[] = [
  // 1: delivered, 5 400 DA, 2 × 1 200 DA cost, commission 150 DA.
  {
    ...base,
    outcome: 'delivered',
    total_centimes: c(540_000),
    lines: [{ quantity: 2, unit_cost_centimes: c(120_000) }],
    commission_centimes: c(15_000),
    ad_spend_centimes: share(1),
  },
  // 2: returned: its commission was reversed (net 0); it costs the return fee and its ad share.
  {
    ...base,
    outcome: 'returned',
    total_centimes: c(300_000),
    lines: [{ quantity: 1, unit_cost_centimes: c(90_000) }],
    commission_centimes: c(0),
    ad_spend_centimes: share(2),
  },
  // 3: cancelled: only its ad share.
  {
    ...base,
    outcome: 'cancelled',
    total_centimes: c(300_000),
    lines: [{ quantity: 1, unit_cost_centimes: c(90_000) }],
    commission_centimes: c(0),
    ad_spend_centimes: share(3),
  },
];

/** The accounting sums of those orders, written by hand. */
const byHand: TAccountingSums = {
  revenue_centimes: 540_000,
  product_cost_centimes: 240_000,
  carrier_fee_centimes: 35_000,
  return_fee_centimes: 20_000,
  commission_centimes: 15_000,
  ad_spend_centimes: 100_000,
  delivered_n: 1,
  returned_n: 1,
};

describe('accounting line (decision 0116)', () => {
  it('matches the hand calculation: profit, costs, cost per delivered, ROAS', () => {
    const line = accountingLine(byHand);
    // 5 400 − 2 400 − 350 − 200 − 150 − 1 000 = 1 300 DA.
    expect(line.profit_centimes).toBe(130_000);
    expect(line.costs_centimes).toBe(410_000);
    expect(line.cost_per_delivered_centimes).toBe(410_000);
    expect(line.roas).toBe(5.4);
  });

  it('is the sum of the orders’ profits (one formula, decision 0103)', () => {
    const total = orders.map(orderProfit).reduce((sum, p) => sum + p.profit_centimes, 0);
    expect(total).toBe(accountingLine(byHand).profit_centimes);
    const parts = orders.map(orderProfit).map((p) => ({
      revenue_centimes: p.revenue_centimes,
      product_cost_centimes: p.product_cost_centimes,
      carrier_fee_centimes: p.carrier_fee_centimes,
      return_fee_centimes: p.return_fee_centimes,
      commission_centimes: p.commission_centimes,
      ad_spend_centimes: p.ad_spend_centimes,
      delivered_n: p.outcome === 'delivered' ? 1 : 0,
      returned_n: p.outcome === 'returned' ? 1 : 0,
    }));
    expect(addAccounting(...parts)).toEqual(byHand);
  });

  it('cost per delivered order rounds half away from zero; no delivery or no spend is null, not 0', () => {
    const line = accountingLine({
      ...ZERO_ACCOUNTING,
      product_cost_centimes: 100,
      delivered_n: 3,
      revenue_centimes: 900,
    });
    expect(line.cost_per_delivered_centimes).toBe(33);
    expect(
      accountingLine({ ...ZERO_ACCOUNTING, carrier_fee_centimes: 5, delivered_n: 2 }).cost_per_delivered_centimes,
    ).toBe(3);
    expect(line.roas).toBeNull();
    const none = accountingLine({ ...ZERO_ACCOUNTING, ad_spend_centimes: 50_000 });
    expect(none.cost_per_delivered_centimes).toBeNull();
    expect(none.roas).toBe(0);
    expect(none.profit_centimes).toBe(-50_000);
  });

  it('a loss is negative, and refunds (reversed commissions) lower the costs', () => {
    const line = accountingLine({
      ...ZERO_ACCOUNTING,
      commission_centimes: -15_000,
      return_fee_centimes: 20_000,
      returned_n: 1,
    });
    expect(line.profit_centimes).toBe(-5_000);
    expect(line.costs_centimes).toBe(5_000);
  });
});
