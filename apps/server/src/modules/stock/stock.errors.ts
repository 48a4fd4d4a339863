import { m, CATALOGUE_MESSAGES } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';

/** What a person calls the thing that ran out: the product, and its variant when it has one. */
export function stockLabel(productName: string, variantName?: string | null): string {
  return variantName ? `${productName} - ${variantName}` : productName;
}

/**
 * Issue 3.4: the write that would oversell fails with a message naming the product. The message is
 * also under errors.stock, so SPEC 8's status-change failure can show "the stock message" first.
 */
export function insufficientStock(productName: string, variantName?: string | null): AppError {
  const message = m('stock.insufficient', { label: stockLabel(productName, variantName) });
  return new AppError('insufficient_stock', message, { errors: { stock: [message] } });
}

/** Releasing or shipping more than an order reserved is a bug in the caller, not a shortage. */
export function notReserved(productName: string, variantName?: string | null): AppError {
  return new AppError('conflict', m('stock.not_reserved', { label: stockLabel(productName, variantName) }));
}

export const invalidProduct = () =>
  AppError.validation({ product_id: [CATALOGUE_MESSAGES.selectedInvalid('product')] });
export const invalidVariant = () =>
  AppError.validation({ variant_id: [CATALOGUE_MESSAGES.selectedInvalid('variant')] });
// SPEC 5: the order form's own words for a product with variants and none chosen.
export const variantRequired = () => AppError.validation({ variant_id: [m('order.variant_required')] });

/** Moves a validation error's fields under a prefix, e.g. product_id -> lines.2.product_id. */
export function underPrefix(error: unknown, prefix: string): unknown {
  if (!(error instanceof AppError) || error.code !== 'validation' || !error.errors) return error;
  return error.prefixed(prefix);
}
