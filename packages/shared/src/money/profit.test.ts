import { describe, expect, it } from 'vitest';
import { centimes } from './centimes.js';
import { commissionOfOrder } from './commissions.js';
import { adSpendShare, orderProfit, type TProfitFacts } from './profit.js';

const c = centimes;

/**
 * By hand: 2 watches at 2 500 DA + delivery charged 400 DA = 5 400 DA. Purchase cost 1 200 DA a
 * watch = 2 400 DA; the carrier's fee 350 DA; commission 150 DA; ad share 1 000 DA / 3 orders =
 * 333,34 DA (the lowest id takes the odd centime). 5 400 - 2 400 - 350 - 150 - 333,34 = 2 166,66 DA.
 */
const facts: TProfitFacts = {
  outcome: 'delivered',
  total_centimes: c(540_000),
  delivery_charged_centimes: c(40_000),
  lines: [{ quantity: 2, unit_cost_centimes: c(120_000) }],
  carrier_fee_centimes: c(35_000),
  return_fee_centimes: c(20_000),
  commission_centimes: c(15_000),
  ad_spend_centimes: adSpendShare(7, { spend_centimes: c(100_000), order_ids: [9, 7, 8] }, null),
};

describe('order profit (issue 13.6)', () => {
  it('a delivered order matches the hand calculation', () => {
    expect(facts.ad_spend_centimes).toBe(33_334);
    expect(orderProfit(facts)).toEqual({
      outcome: 'delivered',
      revenue_centimes: 540_000,
      products_centimes: 500_000,
      delivery_charged_centimes: 40_000,
      product_cost_centimes: 240_000,
      carrier_fee_centimes: 35_000,
      return_fee_centimes: 0,
      commission_centimes: 15_000,
      ad_spend_centimes: 33_334,
      profit_centimes: 216_666,
      cost_missing: false,
    });
  });

  it('a returned order loses the return fee and its ad share, keeps no revenue nor product cost', () => {
    const returned = orderProfit({ ...facts, outcome: 'returned', commission_centimes: c(0) });
    expect(returned).toMatchObject({ revenue_centimes: 0, product_cost_centimes: 0, carrier_fee_centimes: 0 });
    expect(returned.profit_centimes).toBe(-20_000 - 33_334);
  });

  it('a cancelled order costs its ad share only; an unknown cost is flagged on a sold order', () => {
    expect(orderProfit({ ...facts, outcome: 'cancelled', commission_centimes: c(0) }).profit_centimes).toBe(-33_334);
    const open = orderProfit({ ...facts, outcome: 'open', lines: [{ quantity: 1, unit_cost_centimes: null }] });
    expect(open.cost_missing).toBe(true);
    expect(open.profit_centimes).toBe(540_000 - 35_000 - 15_000 - 33_334);
  });

  it('ad spend shares of a day add up to the spend exactly', () => {
    const campaign = { spend_centimes: c(100_000), order_ids: [1, 2, 3] };
    const source = { spend_centimes: c(1_001), order_ids: [1, 2, 3, 4] };
    const shares = [1, 2, 3, 4].map((id) => adSpendShare(id, id < 4 ? campaign : null, source));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(101_001);
    expect(shares).toEqual([33_334 + 251, 33_333 + 250, 33_333 + 250, 250]);
    expect(adSpendShare(5, campaign, source)).toBe(0);
  });

  it('a commission is the setting applied to one order', () => {
    expect(commissionOfOrder({ type: 'fixed', amount: '150.00', rate: '0' }, c(540_000))).toBe(15_000);
    expect(commissionOfOrder({ type: 'percent', amount: '0', rate: '2.50' }, c(540_000))).toBe(13_500);
    expect(commissionOfOrder({ type: 'none', amount: '150', rate: '0' }, c(540_000))).toBe(0);
  });
});
