/** SPEC 5 / 9: the COD profit calculator. */
export interface TCalculatorInput {
  salesPrice: number;
  productCost: number;
  shippingCost: number;
  confirmationRate: number; // 0..100
  deliveryRate: number; // 0..100
  /**
   * What the seller actually pays in ads for one order received (issue 12 item 9d). Left out (or
   * null): the calculator assumes the maximum it can afford and says so, which leaves a net profit
   * of about 0 by definition.
   */
  adCost?: number | null;
}

export interface TCalculatorResult {
  successRate: number; // whole percent
  maxAdCost: number;
  netProfit: number; // 2 decimals
  /** The ad cost per order the net profit was computed with. */
  adCostUsed: number;
  /** True when no ad cost was given and the maximum was assumed. */
  adCostAssumed: boolean;
}

export const CALCULATOR_DEFAULTS = { confirmationRate: 50, deliveryRate: 50 } as const;

/** Sales price must not be lower than product cost plus shipping cost. */
export function isCalculatorInputValid(input: TCalculatorInput): boolean {
  const { adCost, ...required } = input;
  if (adCost !== undefined && adCost !== null && (!Number.isFinite(adCost) || adCost < 0)) return false;
  const numbers = Object.values(required);
  if (numbers.some((n) => !Number.isFinite(n) || n < 0)) return false;
  if (input.confirmationRate > 100 || input.deliveryRate > 100) return false;
  return input.salesPrice >= input.productCost + input.shippingCost;
}

export function calculateCodProfit(input: TCalculatorInput): TCalculatorResult {
  const successRate = Math.round((input.confirmationRate * input.deliveryRate) / 100);
  const margin = input.salesPrice - input.productCost - input.shippingCost;
  const maxAdCost = Math.floor((margin * successRate) / 100);
  const successFraction = (input.confirmationRate / 100) * (input.deliveryRate / 100);
  const adCostAssumed = input.adCost === undefined || input.adCost === null;
  const adCostUsed = adCostAssumed ? maxAdCost : input.adCost!;
  // SPEC 9: the ads of every order received are paid by the delivered ones.
  const adCostPerDelivered = successFraction > 0 ? adCostUsed / successFraction : 0;
  const netProfit = input.salesPrice - (input.productCost + input.shippingCost + adCostPerDelivered);
  return { successRate, maxAdCost, netProfit: Math.round(netProfit * 100) / 100, adCostUsed, adCostAssumed };
}
