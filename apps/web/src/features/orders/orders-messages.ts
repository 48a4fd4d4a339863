import type { TFunction } from 'i18next';
import { ORDER_ACTION_MESSAGES as A, ORDER_LIST_MESSAGES as L, ORDER_MESSAGES as O } from '@cod/shared';
import { ApiError } from '../../lib/api-client';
import { translateCatalogueMessage } from '../lists/catalogue-messages';

/**
 * The shared order schemas and the server write English (SPEC 5 and 8 give the sentences); the
 * screen speaks the user's language. Fixed sentences map to keys, the families with a product,
 * a label, a count or two status names keep them; anything else goes to the catalogue's
 * translator, which shows an unknown sentence as written.
 */
const FIXED: Record<string, string> = {
  [O.nameRequired]: 'orders.validation.name_required',
  [O.phoneRequired]: 'orders.validation.phone_required',
  [O.stateRequired]: 'orders.validation.state_required',
  [O.stateInvalid]: 'orders.validation.state_invalid',
  [O.cityRequired]: 'orders.validation.city_required',
  [O.cityInvalid]: 'orders.validation.city_invalid',
  [O.productsRequired]: 'orders.validation.products_required',
  [O.productRequired]: 'orders.validation.product_required',
  [O.productInvalid]: 'orders.validation.product_invalid',
  [O.variantRequired]: 'orders.validation.variant_required',
  [O.variantInvalid]: 'orders.validation.variant_invalid',
  [O.quantityPositive]: 'orders.validation.quantity_positive',
  [O.quantityWhole]: 'orders.validation.quantity_whole',
  [O.stopdeskRequired]: 'orders.validation.stopdesk_required',
  [O.stopdeskInvalid]: 'orders.validation.stopdesk_invalid',
  [O.agentInvalid]: 'orders.validation.agent_invalid',
  [O.statusInvalid]: 'orders.validation.status_invalid',
  [A.statusRequired]: 'orders.validation.status_required',
  [A.reportDateRequired]: 'orders.validation.report_date_required',
  [A.dateTimeInvalid]: 'orders.validation.date_time_invalid',
  [A.reportDateInPast]: 'orders.validation.report_date_past',
  [A.ordersRequired]: 'orders.validation.orders_required',
  [A.ordersInvalid]: 'orders.validation.orders_invalid',
  [A.agentRequired]: 'orders.validation.agent_required',
  [A.statusUpdated]: 'orders.messages.status_updated',
  [A.created]: 'orders.messages.created',
  [A.updated]: 'orders.messages.updated',
  [A.deleted]: 'orders.messages.deleted',
  [A.restored]: 'orders.messages.restored',
  [A.reported]: 'orders.messages.reported',
  [L.startRequired]: 'orders.date_range.start_required',
  [L.endRequired]: 'orders.date_range.end_required',
  [L.endBeforeStart]: 'orders.date_range.end_before_start',
  'This order is with a shipping company and cannot be deleted.': 'orders.validation.carrier_no_delete',
  'This order is with a shipping company or closed and can no longer be edited.': 'orders.validation.not_editable',
  'Order not found.': 'orders.validation.not_found',
  'This action is unauthorized.': 'orders.validation.forbidden',
};

interface TPattern {
  pattern: RegExp;
  translate: (t: TFunction, match: RegExpExecArray) => string;
}

const PATTERNS: TPattern[] = [
  {
    // SPEC 5: '{product}: {label} is required' (the product names can hold a colon; the label is last).
    pattern: /^(.+): ([^:]+) is required$/,
    translate: (t, m) => t('orders.validation.custom_field_required', { product: m[1], label: m[2] }),
  },
  {
    pattern: /^(.+): ([^:]+) must be a number$/,
    translate: (t, m) => t('orders.validation.custom_field_number', { product: m[1], label: m[2] }),
  },
  {
    pattern: /^(.+): ([^:]+) must be one of its options$/,
    translate: (t, m) => t('orders.validation.custom_field_option', { product: m[1], label: m[2] }),
  },
  {
    pattern: /^([^:]+) must be a number$/,
    translate: (t, m) => t('orders.validation.label_number', { label: m[1] }),
  },
  {
    pattern: /^([^:]+) must be one of its options$/,
    translate: (t, m) => t('orders.validation.label_option', { label: m[1] }),
  },
  {
    pattern: /^Successfully updated (\d+) orders$/,
    translate: (t, m) => t('orders.messages.bulk_updated', { count: Number(m[1]) }),
  },
  {
    pattern: /^Successfully assigned (\d+) orders$/,
    translate: (t, m) => t('orders.messages.assigned', { count: Number(m[1]) }),
  },
  {
    pattern: /^This order cannot change the status from "(.+)" to "(.+)"\.$/,
    translate: (t, m) => t('orders.validation.transition', { from: m[1], to: m[2] }),
  },
  {
    pattern: /^Order #(\d+) cannot change the status from "(.+)" to "(.+)"\.$/,
    translate: (t, m) => t('orders.validation.transition_bulk', { number: m[1], from: m[2], to: m[3] }),
  },
];

export function translateOrderMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const fixed = FIXED[message];
  if (fixed) return t(fixed);
  for (const { pattern, translate } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(t, match);
  }
  return translateCatalogueMessage(t, message);
}

/**
 * SPEC 8 status change failure: the stock message, else the error or message field, else the first
 * error, else 'Failed to update status' (the fallback key differs for other actions).
 */
export function actionFailureMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  if (error.status >= 500) return t(fallbackKey);
  const body = (error.body ?? {}) as { error?: unknown; message?: unknown };
  const stock = error.fieldErrors.stock?.[0];
  const direct = [stock, body.error, body.message].find((v): v is string => typeof v === 'string' && v !== '');
  const first = Object.values(error.fieldErrors).flat()[0];
  return translateOrderMessage(t, direct ?? first) ?? t(fallbackKey);
}

/** SPEC 8: one toast per message of a failed save (custom-field errors included), in order. */
export function saveFailureMessages(t: TFunction, error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500) {
    return [error instanceof ApiError ? t('errors.unexpected') : t('errors.network')];
  }
  const messages = Object.values(error.fieldErrors).flat();
  const list = messages.length ? messages : [error.body?.message ?? ''];
  return [...new Set(list.map((m) => translateOrderMessage(t, m) ?? '').filter(Boolean))];
}
