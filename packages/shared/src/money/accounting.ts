import { centimes, ratioOf, type TCentimes } from './centimes.js';
import { profitOfParts, type TProfitParts } from './profit.js';

/**
 * The accounting view of analytics (issue 14.2, docs/decisions/0116): a period's money, summed
 * from the same parts as an order's profit (decision 0103), each part on the day of its event.
 */
export interface TAccountingSums extends TProfitParts {
  /** Orders delivered / returned in the period (their delivery / return day). */
  delivered_n: number;
  returned_n: number;
}

export interface TAccountingLine extends TAccountingSums {
  profit_centimes: TCentimes;
  /** Every cost of the period (product cost, carrier and return fees, commissions, ad spend). */
  costs_centimes: TCentimes;
  /** Costs per delivered order, to the centime (half away from zero); null with no delivery. */
  cost_per_delivered_centimes: TCentimes | null;
  /** Return on ad spend: revenue / ad spend; null with no ad spend. */
  roas: number | null;
}

export const ZERO_ACCOUNTING: TAccountingSums = {
  revenue_centimes: 0,
  product_cost_centimes: 0,
  carrier_fee_centimes: 0,
  return_fee_centimes: 0,
  commission_centimes: 0,
  ad_spend_centimes: 0,
  delivered_n: 0,
  returned_n: 0,
};

const KEYS = Object.keys(ZERO_ACCOUNTING) as Array<keyof TAccountingSums>;

/** Adds sums part by part (whole centimes, whole counts). */
export function addAccounting(...all: TAccountingSums[]): TAccountingSums {
  const out = { ...ZERO_ACCOUNTING };
  for (const sums of all) for (const key of KEYS) out[key] += sums[key];
  return out;
}

/** A line of the accounting view: its sums, the profit (the shared formula), cost per delivered, ROAS. */
export function accountingLine(sums: TAccountingSums): TAccountingLine {
  const costs = centimes(
    sums.product_cost_centimes +
      sums.carrier_fee_centimes +
      sums.return_fee_centimes +
      sums.commission_centimes +
      sums.ad_spend_centimes,
  );
  return {
    ...sums,
    profit_centimes: profitOfParts(sums),
    costs_centimes: costs,
    cost_per_delivered_centimes: sums.delivered_n > 0 ? ratioOf(costs, 1, sums.delivered_n) : null,
    roas: sums.ad_spend_centimes > 0 ? sums.revenue_centimes / sums.ad_spend_centimes : null,
  };
}

/** One row of a breakdown (by product or campaign) of the accounting view. */
export interface TAccountingRow extends TAccountingLine {
  key: string;
  label: string;
}

/** GET /dashboard/analytics/accounting. */
export interface TAccountingReport {
  period: { from: string; to: string };
  previousPeriod: { from: string; to: string } | null;
  timeZone: string;
  totals: TAccountingLine;
  previousTotals: TAccountingLine | null;
  days: Array<TAccountingLine & { day: string }>;
  byProduct: TAccountingRow[];
  byCampaign: TAccountingRow[];
}

/** Commission earned per agent in a period, from the ledger (decision 0102), net of reversals. */
export interface TAgentCommissionRow {
  agent_id: number;
  name: string;
  earned_centimes: TCentimes;
  reversed_centimes: TCentimes;
  net_centimes: TCentimes;
  orders: number;
}
export interface TAgentCommissionsReport {
  period: { from: string; to: string };
  rows: TAgentCommissionRow[];
  total_net_centimes: TCentimes;
}
