import { shippingOutcomeMessage, type TOrderError } from '@cod/shared';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';

/** SPEC 9: shipping and dispatch toasts stay 5000 ms. */
export const SHIPPING_TOAST_MS = 5000;

const VARIANT = { success: 'success', partial: 'warning', error: 'error' } as const;

/**
 * SPEC 8's three outcomes of assign-shipping and dispatch (partial, all failed, all succeeded) and
 * the single-order form, built from the server's per-order codes (shared shippingOutcomeMessage)
 * and translated, each order's own message included.
 */
export function handOverMessage(
  t: TFunction,
  action: 'assign' | 'dispatch',
  successCount: number,
  errors: readonly TOrderError[],
  single: boolean,
): { variant: 'success' | 'warning' | 'error'; message: string } {
  const outcome = shippingOutcomeMessage(action, successCount, errors, single);
  return { variant: VARIANT[outcome.kind], message: translateServerMessage(t, outcome) };
}

export function showHandOverOutcome(...args: Parameters<typeof handOverMessage>): void {
  const { variant, message } = handOverMessage(...args);
  void toast(message, { variant, autoHideDuration: SHIPPING_TOAST_MS });
}

/**
 * SPEC 8's 'Validation failed' when no order could be validated, followed by each order's reason
 * as the server gave it (its code, through the one translator), e.g. the carrier's refusal.
 */
export function validationFailedMessage(t: TFunction, errors: readonly TOrderError[]): string {
  const reasons = errors.map((error) =>
    translateServerMessage(t, {
      code: 'shipping.order_error',
      params: { order_id: error.order_id, message: translateServerMessage(t, error) },
    }),
  );
  return [t('shipping.validation_failed'), ...reasons].join(t('message_format.order_separator'));
}
