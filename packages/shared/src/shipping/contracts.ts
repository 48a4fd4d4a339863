import { z } from 'zod';
import { MAX_BULK_ORDERS, zSelectedId } from '../orders/order-actions.js';
import { m, type TMessageBody } from '../messages/message.js';
import { SHIPPING_MESSAGES as M, type TOrderError } from './messages.js';
import type { TShipmentStatusName, TTimelineDotColour } from './timeline.js';

/** The shipping API contract (issue 5): request schemas and answers. Browser-safe. */

/**
 * The carrier families, listed once: the server's TCarrierKind is derived from this list, and
 * apps/server/test/carriers/carrier-kinds.int.test.ts holds the SQL CHECK on
 * shipping_companies.kind, the adapter registry and the sandbox to it (docs/design/RECIPES.md).
 */
export const CARRIER_KINDS = ['yalidine', 'ecotrack', 'zr_express', 'maystro', 'noest', 'manual'] as const;
export type TCarrierKindName = (typeof CARRIER_KINDS)[number];

const zOrderIds = (required: string) =>
  z
    .array(zSelectedId(required, M.ordersInvalid), { error: required })
    .min(1, required)
    .max(MAX_BULK_ORDERS, m('order.too_many_selected', { max: MAX_BULK_ORDERS }))
    .transform((ids) => [...new Set(ids)]);

const zCompanyId = zSelectedId(M.companyRequired, M.companyInvalid);

/** POST /dashboard/orders/assign-shipping and /dispatch (SPEC 7). */
export const ZShippingOrdersRequest = z.object({
  shipping_company_id: zCompanyId,
  order_ids: zOrderIds(M.selectAtLeastOne),
});
export type TShippingOrdersRequest = z.output<typeof ZShippingOrdersRequest>;

/** POST /dashboard/orders/validate-dispatched and /view-parcel-tickets. */
export const ZOrderIdsRequest = z.object({ order_ids: zOrderIds(M.selectAtLeastOne) });
export type TOrderIdsRequest = z.output<typeof ZOrderIdsRequest>;

/** POST /dashboard/orders/calculate-delivery-fee. */
export const ZDeliveryFeeRequest = z.object({
  shipping_company_id: zCompanyId,
  state_id: zSelectedId(
    m('validation.required', { field: 'state' }),
    m('validation.selected_invalid', { field: 'state' }),
  ),
  delivery_type: z.enum(['stopdesk', 'home_delivery'], {
    error: m('shipping.delivery_type_invalid'),
  }),
});
export type TDeliveryFeeRequest = z.output<typeof ZDeliveryFeeRequest>;
export type TDeliveryFeeResponse = TMessageBody & { success: boolean; delivery_fee: number };

/** POST /dashboard/orders/{id}/ecotrack-notify-driver: SPEC 5, an empty message sends nothing. */
export const ZNotifyDriverRequest = z.object({
  message: z
    .string({ error: M.driverMessageRequired })
    .trim()
    .min(1, M.driverMessageRequired)
    .max(500, m('validation.too_long', { field: 'message', max: 500 })),
});

/** POST /api/orders/barcode-action. */
export const ZBarcodeActionRequest = z.object({
  barcode: z.string({ error: M.barcodeRequired }).trim().min(1, M.barcodeRequired).max(64, M.barcodeNotFound),
  action: z.enum(['select', 'validate'], { error: m('shipping.barcode_action_invalid') }),
});
export type TBarcodeActionRequest = z.output<typeof ZBarcodeActionRequest>;
export type TBarcodeActionResponse = TMessageBody & {
  success: boolean;
  order_id?: number;
  tracking_number?: string;
};

/** Answers of assign-shipping (shipping_*) and dispatch (dispatch_*). */
export type TShippingSuccess = { order_id: number; tracking_number: string };
export type TAssignShippingResponse = {
  success: boolean;
  shipping_success: TShippingSuccess[];
  shipping_errors: TOrderError[];
};
export type TDispatchResponse = {
  success: boolean;
  dispatch_success: TShippingSuccess[];
  dispatch_errors: TOrderError[];
};
export type TValidateResponse = TMessageBody & {
  success: boolean;
  validated: number[];
  errors: TOrderError[];
};
export type TParcelTicketsResponse = {
  success: boolean;
  results: Array<{ order_id: number; parcel_ticket_url: string }>;
  errors: TOrderError[];
};

/** SPEC 3 current_shipment, as the timeline dialog reads it. */
export type TShipmentStatusEntry = {
  id: number;
  status: TShipmentStatusName | null;
  /** The carrier's own words. */
  raw_status: string;
  description: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
  /** SPEC 4 dot colour; 'info' for a remark that is not a movement. */
  color: TTimelineDotColour;
};
export type TCurrentShipment = {
  id: number;
  shipping_company: { id: number; name: string; icon: string | null; code: string; kind: TCarrierKindName };
  tracking_number: string;
  status: TShipmentStatusName | null;
  provider_status: string | null;
  driver_phone: string | null;
  formatted_created_at: string;
  created_time_ago: string;
  statuses: TShipmentStatusEntry[];
};
export type TShipmentTimelineResponse = {
  success: boolean;
  order: { id: number; current_shipment: TCurrentShipment | null };
};
export type TDriverUpdatesResponse = {
  success: boolean;
  updates: Array<{ at: string; text: string; station?: string; driver?: string }>;
};

// ---------------------------------------------------------------- shipping companies screen

const zCode = z
  .string({ error: m('validation.required', { field: 'code' }) })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{2,40}$/, m('shipping_company.code_format'));

const zWilayas = z
  .array(z.number().int().min(1, m('shipping_company.wilaya_unknown')).max(58, m('shipping_company.wilaya_unknown')))
  .max(58)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

export const ZShippingCompanyInput = z.object({
  kind: z.enum(CARRIER_KINDS, { error: m('shipping_company.kind_invalid') }),
  code: zCode,
  name: z
    .string({ error: m('validation.required', { field: 'name' }) })
    .trim()
    .min(1, m('validation.required', { field: 'name' }))
    .max(120),
  icon: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  base_url: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null)
    // sandbox:// points at the local carrier sandbox (demo mode, decision 0031).
    .refine((v) => v === null || /^(https?|sandbox):\/\/[^\s]+$/.test(v), m('shipping_company.base_url_format')),
  /** Secret fields sent back masked or empty keep their stored value (decision 0019). */
  credentials: z.record(z.string(), z.string().max(2000)).default({}),
  active: z.boolean().default(true),
  /** null: every wilaya. */
  served_wilayas: zWilayas.nullable().default(null),
  sender_wilaya: z
    .number()
    .int()
    .min(1)
    .max(58)
    .nullish()
    .transform((v) => v ?? null),
});
export type TShippingCompanyInput = z.input<typeof ZShippingCompanyInput>;

const zFee = z
  .number({ error: m('validation.number', { field: 'fee' }) })
  .min(0, m('validation.min', { field: 'fee', min: 0 }))
  .max(1_000_000, m('validation.too_large', { field: 'fee' }))
  .nullable();

export const ZShippingFeesUpdate = z.object({
  fees: z
    .array(
      z.object({
        state_id: z.number().int().min(1).max(58),
        home_fee: zFee,
        stopdesk_fee: zFee,
        // What the carrier bills for a parcel that comes back (decisions 0103, 0112); left out: kept.
        return_fee: zFee.optional(),
      }),
    )
    .max(58),
});
export type TShippingFeesUpdate = z.input<typeof ZShippingFeesUpdate>;

export type TShippingCompany = {
  id: number;
  kind: TCarrierKindName;
  code: string;
  name: string;
  icon: string | null;
  base_url: string | null;
  /** Masked: secrets never leave the server in clear. */
  credentials: Record<string, string>;
  active: boolean;
  served_wilayas: number[] | null;
  sender_wilaya: number | null;
  webhook_url: string | null;
  created_at: string;
};
export type TShippingFeeRow = {
  state_id: number;
  state_name: string;
  home_fee: number | null;
  stopdesk_fee: number | null;
  return_fee: number | null;
};
export type TStopDesk = {
  center_id: string;
  name: string;
  wilaya_name: string | null;
  state_id: number | null;
  commune_name: string | null;
  address: string | null;
};

/** The carriers a seller can add, with the credential fields each asks for. */
export type TCarrierPresetView = {
  code: string;
  name: string;
  kind: TCarrierKindName;
  base_url: string | null;
  credential_fields: Array<{ name: string; secret: boolean; required: boolean }>;
};
