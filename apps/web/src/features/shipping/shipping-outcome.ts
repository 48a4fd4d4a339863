import type { TOrderError } from '@cod/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** SPEC 9: shipping and dispatch toasts stay 5000 ms. */
export const SHIPPING_TOAST_MS = 5000;

const details = (errors: readonly TOrderError[]) => errors.map((e) => `#${e.order_id}: ${e.message}`).join('; ');

/**
 * SPEC 8's three outcomes of assign-shipping and dispatch (partial, all failed, all succeeded) and
 * the single-order form, in the user's language, built from the server's per-order answers.
 */
export function handOverMessage(
  t: TFunction,
  action: 'assign' | 'dispatch',
  successCount: number,
  errors: readonly TOrderError[],
  single: boolean,
): { variant: 'success' | 'warning' | 'error'; message: string } {
  if (single && errors.length) {
    return {
      variant: 'error',
      message: t(`shipping.outcome.${action}_single_failed`, { messages: errors.map((e) => e.message).join(', ') }),
    };
  }
  if (!errors.length) {
    return { variant: 'success', message: t(`shipping.outcome.${action}_all`, { n: successCount }) };
  }
  if (!successCount) {
    return { variant: 'error', message: t(`shipping.outcome.${action}_failed`, { messages: details(errors) }) };
  }
  return {
    variant: 'warning',
    message: t(`shipping.outcome.${action}_partial`, {
      n: successCount,
      failed: errors.length,
      messages: details(errors),
    }),
  };
}

export function showHandOverOutcome(...args: Parameters<typeof handOverMessage>): void {
  const { variant, message } = handOverMessage(...args);
  void toast(message, { variant, autoHideDuration: SHIPPING_TOAST_MS });
}

/** A failed call's text: the server's message when it gave one, else the SPEC 8 fallback key. */
export function failure(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError && error.status < 500) {
    const first = Object.values(error.fieldErrors).flat()[0];
    return first ?? error.body?.message ?? t(fallbackKey);
  }
  return t(fallbackKey);
}
