/** SPEC 5 / 9: the COD profit calculator. */
export interface TCalculatorInput {
  salesPrice: number;
  productCost: number;
  shippingCost: number;
  confirmationRate: number; // 0..100
  deliveryRate: number; // 0..100
}

export interface TCalculatorResult {
  successRate: number; // whole percent
  maxAdCost: number;
  netProfit: number; // 2 decimals
}

export const CALCULATOR_DEFAULTS = { confirmationRate: 50, deliveryRate: 50 } as const;

/** Sales price must not be lower than product cost plus shipping cost. */
export function isCalculatorInputValid(input: TCalculatorInput): boolean {
  const numbers = Object.values(input);
  if (numbers.some((n) => !Number.isFinite(n) || n < 0)) return false;
  if (input.confirmationRate > 100 || input.deliveryRate > 100) return false;
  return input.salesPrice >= input.productCost + input.shippingCost;
}

export function calculateCodProfit(input: TCalculatorInput): TCalculatorResult {
  const successRate = Math.round((input.confirmationRate * input.deliveryRate) / 100);
  const margin = input.salesPrice - input.productCost - input.shippingCost;
  const maxAdCost = Math.floor((margin * successRate) / 100);
  const successFraction = (input.confirmationRate / 100) * (input.deliveryRate / 100);
  const adCostPerDelivered = successFraction > 0 ? maxAdCost / successFraction : 0;
  const netProfit = input.salesPrice - (input.productCost + input.shippingCost + adCostPerDelivered);
  return { successRate, maxAdCost, netProfit: Math.round(netProfit * 100) / 100 };
}
