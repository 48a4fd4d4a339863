import { allocateCentimes, centimes, ZERO, type TCentimes } from './centimes.js';

/**
 * The profit of an order (issue 13.6, docs/decisions/0103), written once: the server computes it
 * from the facts it reads, the web only shows it.
 *
 * - delivered (realised) and open orders (expected, as if delivered): the total the customer pays
 *   (products and the delivery fee charged) minus the products' purchase cost, the carrier's fee,
 *   the agent's commission and the order's share of ad spend;
 * - returned: nothing was sold, the goods are back on the shelf: minus the carrier's return fee,
 *   the commission (usually reversed to 0) and the ad spend;
 * - cancelled before shipping: minus the commission (reversed) and the ad spend.
 */
export type TProfitOutcome = 'delivered' | 'returned' | 'cancelled' | 'open';

export interface TProfitFacts {
  outcome: TProfitOutcome;
  /** The order's total: its lines plus the delivery fee charged (0 when free). */
  total_centimes: TCentimes;
  /** The delivery fee charged to the customer (part of the total). */
  delivery_charged_centimes: TCentimes;
  /** Each line's quantity and unit purchase cost (null: unknown, counted as 0 and flagged). */
  lines: ReadonlyArray<{ quantity: number; unit_cost_centimes: TCentimes | null }>;
  /** What the carrier charges for delivering it (its fee grid), and for a return. */
  carrier_fee_centimes: TCentimes;
  return_fee_centimes: TCentimes;
  /** The ledger's net commission of the order (earned minus reversed). */
  commission_centimes: TCentimes;
  ad_spend_centimes: TCentimes;
}

export interface TOrderProfit {
  outcome: TProfitOutcome;
  revenue_centimes: TCentimes;
  products_centimes: TCentimes;
  delivery_charged_centimes: TCentimes;
  product_cost_centimes: TCentimes;
  carrier_fee_centimes: TCentimes;
  return_fee_centimes: TCentimes;
  commission_centimes: TCentimes;
  ad_spend_centimes: TCentimes;
  profit_centimes: TCentimes;
  /** A line had no purchase cost: the profit is overstated. */
  cost_missing: boolean;
}

/** The parts profit is made of: what was sold, minus every cost (decision 0103). */
export interface TProfitParts {
  revenue_centimes: number;
  product_cost_centimes: number;
  carrier_fee_centimes: number;
  return_fee_centimes: number;
  commission_centimes: number;
  ad_spend_centimes: number;
}

/**
 * Profit = revenue − product cost − carrier fees − return fees − commissions − ad spend: the one
 * formula of an order's profit (`orderProfit`) and of a period's (the accounting view,
 * `accountingLine`, decision 0116), which sums the same parts.
 */
export function profitOfParts(p: TProfitParts): TCentimes {
  return centimes(
    p.revenue_centimes -
      p.product_cost_centimes -
      p.carrier_fee_centimes -
      p.return_fee_centimes -
      p.commission_centimes -
      p.ad_spend_centimes,
  );
}

export function orderProfit(facts: TProfitFacts): TOrderProfit {
  const sold = facts.outcome === 'delivered' || facts.outcome === 'open';
  let cost = 0;
  for (const line of facts.lines) cost += line.quantity * (line.unit_cost_centimes ?? 0);
  const revenue = sold ? facts.total_centimes : ZERO;
  const productCost = sold ? centimes(cost) : ZERO;
  const carrierFee = sold ? facts.carrier_fee_centimes : ZERO;
  const returnFee = facts.outcome === 'returned' ? facts.return_fee_centimes : ZERO;
  const profit = profitOfParts({
    revenue_centimes: revenue,
    product_cost_centimes: productCost,
    carrier_fee_centimes: carrierFee,
    return_fee_centimes: returnFee,
    commission_centimes: facts.commission_centimes,
    ad_spend_centimes: facts.ad_spend_centimes,
  });
  return {
    outcome: facts.outcome,
    revenue_centimes: revenue,
    products_centimes: sold ? centimes(facts.total_centimes - facts.delivery_charged_centimes) : ZERO,
    delivery_charged_centimes: sold ? facts.delivery_charged_centimes : ZERO,
    product_cost_centimes: productCost,
    carrier_fee_centimes: carrierFee,
    return_fee_centimes: returnFee,
    commission_centimes: facts.commission_centimes,
    ad_spend_centimes: facts.ad_spend_centimes,
    profit_centimes: profit,
    cost_missing: sold && facts.lines.some((l) => l.unit_cost_centimes === null),
  };
}

/**
 * An order's share of a day's ad spend: its campaign's spend of the day spread evenly over the
 * campaign's orders of that day, plus the day's spend of its sales source without a campaign
 * spread over all that source's orders of the day. The parts of every order add up to the spend
 * exactly (largest remainder, ties to the lower id).
 */
export function adSpendShare(
  orderId: number,
  campaign: { spend_centimes: TCentimes; order_ids: readonly number[] } | null,
  source: { spend_centimes: TCentimes; order_ids: readonly number[] } | null,
): TCentimes {
  const part = (pool: { spend_centimes: TCentimes; order_ids: readonly number[] } | null) => {
    if (!pool || !pool.order_ids.includes(orderId)) return 0;
    const ids = [...pool.order_ids].sort((a, b) => a - b);
    return allocateCentimes(
      pool.spend_centimes,
      ids.map(() => 1),
    )[ids.indexOf(orderId)]!;
  };
  return centimes(part(campaign) + part(source));
}
