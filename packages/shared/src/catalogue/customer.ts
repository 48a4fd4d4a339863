import { z } from 'zod';
import { ZListQuery, ZQueryBool, zOptionalText, zRequiredText } from './common.js';
import { ZAlgerianPhone } from './phone.js';
import { CATALOGUE_MESSAGES as M } from './messages.js';

/** POST/PUT /dashboard/customers: a customer is its normalised phone (issue 3.6) plus a name. */
export const ZCustomerInput = z.object({
  phone: ZAlgerianPhone,
  name: zOptionalText('name', 190),
  note: zOptionalText('note', 2000),
});
export type TCustomerInput = z.output<typeof ZCustomerInput>;
export const ZCustomerUpdate = ZCustomerInput.omit({ phone: true });

export const ZBlockCustomerRequest = z.object({
  reason: zRequiredText('reason', 500, M.reasonRequired),
});
export const ZUnblockCustomerRequest = z.object({
  reason: zOptionalText('reason', 500),
});

export const ZCustomerListQuery = ZListQuery.extend({ blocked: ZQueryBool.optional() });

/** SPEC 3 Order.blocked_customer: blocked_by is the name of the user who blocked. */
export interface TBlockedCustomer {
  reason: string;
  blocked_by: string | null;
  created_at: string;
}

export interface TCustomer {
  id: number;
  phone: string;
  name: string | null;
  note: string | null;
  is_blocked: boolean;
  blocked_customer: TBlockedCustomer | null;
  created_at: string;
}

/** SPEC 3 Customer summary (GET /dashboard/customers/{phone}/history). */
export interface TCustomerSummary {
  total_orders: number;
  total_spent: number;
  successful_orders: number;
  returned_orders: number;
  orders: unknown[];
}

/** SPEC 7: GET /dashboard/customers/{phone}/custom-fields. */
export interface TCustomerCustomFields {
  custom_fields: Array<{ product_id: number; field_values: Record<string, unknown> }>;
}
