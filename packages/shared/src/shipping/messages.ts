import { m, type TMessage, type TOrderError } from '../messages/message.js';
import { renderMessage } from '../messages/render.js';

export type { TOrderError } from '../messages/message.js';

/**
 * SPEC 5 and 8: the shipping messages the server answers and the shared schemas give, as catalogue
 * tokens (packages/shared/src/messages). The screens' own texts (empty states, fallbacks of a
 * failed call) are the web's locale keys.
 */
export const SHIPPING_MESSAGES = {
  selectAtLeastOne: m('shipping.select_orders'),
  companyRequired: m('shipping.company_required'),
  companyInvalid: m('validation.selected_invalid', { field: 'shipping company' }),
  ordersInvalid: m('order.orders_invalid'),
  feeFailed: m('shipping.fee_failed'),
  validated: (id: number) => m('shipping.validated', { id }),
  validatedMany: (count: number) => m('shipping.validated_count', { count }),
  validationFailed: m('shipping.validation_failed'),
  validationError: m('shipping.validation_error'),
  unexpected: m('shipping.unexpected'),
  driverNotified: m('shipping.driver_notified'),
  driverMessageRequired: m('validation.required', { field: 'message' }),
  barcodeRequired: m('shipping.barcode_required'),
  barcodeNotFound: m('shipping.barcode_not_found'),
  barcodeSelected: (id: number) => m('shipping.barcode_selected', { id }),
  actionFailed: m('shipping.action_failed'),
  cancelled: m('shipping.cancelled'),
  // Per-order refusals (our wording; the carrier's own message is used when it gives one).
  notReady: m('shipping.not_ready'),
  shipmentMoving: m('shipping.shipment_moving'),
  otherCompany: (name: string | undefined) =>
    name === undefined ? m('shipping.other_company_unknown') : m('shipping.other_company', { name }),
  noShipment: m('shipping.no_shipment'),
  notDispatched: m('shipping.not_dispatched'),
  companyInactive: m('shipping.company_inactive'),
  notServed: m('shipping.not_served'),
  credentialsLost: m('shipping.credentials_lost'),
  notEcotrack: m('shipping.not_ecotrack'),
  cannotCancel: m('shipping.cannot_cancel'),
  notInReady: m('shipping.not_in_ready'),
  wentBack: m('shipping.went_back'),
  refreshed: m('shipping.refreshed'),
} as const;

export type TShippingOutcome = TMessage & { kind: 'success' | 'partial' | 'error'; message: string };

/**
 * SPEC 8: the three outcomes of a bulk assign-shipping or dispatch, and the single-order form, as a
 * catalogue message built from the per-order answers (the web translates it; `message` is the English).
 */
export function shippingOutcomeMessage(
  action: 'assign' | 'dispatch',
  successCount: number,
  errors: readonly TOrderError[],
  single = false,
): TShippingOutcome {
  const outcome = ((): Omit<TShippingOutcome, 'message'> => {
    if (single && errors.length)
      return { kind: 'error', code: `shipping.${action}_single_failed`, params: { messages: errors } };
    if (!errors.length) return { kind: 'success', code: `shipping.${action}_all`, params: { count: successCount } };
    if (!successCount) return { kind: 'error', code: `shipping.${action}_failed`, params: { errors } };
    return {
      kind: 'partial',
      code: `shipping.${action}_partial`,
      params: { ok: successCount, failed: errors.length, errors },
    };
  })();
  return { ...outcome, message: renderMessage(outcome) };
}
