import { z } from 'zod';
import { MAX_ID, MAX_STOCK_QUANTITY, zMoney, zOptionalText, zRequiredText } from '../catalogue/common.js';
import { customFieldValueErrors, type TCustomFieldValues } from '../catalogue/custom-field-values.js';
import { CATALOGUE_MESSAGES, fieldRequired } from '../catalogue/messages.js';
import type { TFieldName } from '../messages/fields.js';
import { m } from '../messages/message.js';
import { algerianPhoneOrIssue } from '../catalogue/phone.js';
import type { TCustomField } from '../catalogue/product.js';
import type { TStopdeskCentre } from './stopdesk.js';

const selectedInvalid = (field: TFieldName) => m('validation.selected_invalid', { field });

/** SPEC 5's own words where it gives them; the rest in the catalogue's 422 style (catalogue tokens). */
export const ORDER_MESSAGES = {
  nameRequired: fieldRequired('name'),
  phoneRequired: fieldRequired('phone'),
  stateRequired: fieldRequired('wilaya'),
  stateInvalid: selectedInvalid('wilaya'),
  cityRequired: fieldRequired('commune'),
  cityInvalid: selectedInvalid('commune'),
  productsRequired: m('order.products_required'),
  productRequired: m('order.product_required'),
  productInvalid: selectedInvalid('product'),
  variantRequired: m('order.variant_required'),
  variantInvalid: selectedInvalid('variant'),
  quantityPositive: m('order.quantity_positive'),
  quantityWhole: m('validation.whole_number', { field: 'quantity' }),
  stopdeskRequired: fieldRequired('stop desk centre'),
  stopdeskInvalid: selectedInvalid('stop desk centre'),
  agentInvalid: selectedInvalid('agent'),
  statusInvalid: selectedInvalid('status'),
  shippingCompanyInvalid: selectedInvalid('shipping company'),
  metadataTooLarge: m('order.metadata_too_large'),
} as const;

export const MAX_ORDER_LINES = 50;
const MAX_METADATA_BYTES = 8 * 1024;

// Form selects send numbers; integrations sometimes send "16". An empty choice is a missing one.
const numberish = (value: unknown) => {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value)) return Number(value);
  return value;
};

const booleanish = (value: unknown) => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0 || value === null) return false;
  return value;
};

/** An id chosen in the form: missing gives `required`, anything that is no id gives `invalid`. */
const zPickedId = (required: string, invalid: string) =>
  z.preprocess(
    numberish,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(MAX_ID, invalid),
  );

const zOptionalId = (invalid: string) =>
  z
    .preprocess(numberish, z.number({ error: invalid }).int(invalid).positive(invalid).max(MAX_ID, invalid).optional())
    .transform((v) => v ?? null);

const zFlag = (field: TFieldName) =>
  z.preprocess(booleanish, z.boolean({ error: m('validation.boolean', { field }) }).default(false));

const zRequiredPhone = z.preprocess(
  (v) => v ?? '',
  z.string({ error: CATALOGUE_MESSAGES.phoneInvalid }).transform((value, ctx) => {
    if (!value.trim()) {
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.phoneRequired });
      return z.NEVER;
    }
    return algerianPhoneOrIssue(value, ctx);
  }),
);

const zOptionalPhone = z.preprocess(
  (v) => v ?? '',
  z.string({ error: CATALOGUE_MESSAGES.phoneInvalid }).transform((value, ctx): string | null => {
    if (!value.trim()) return null;
    return algerianPhoneOrIssue(value, ctx);
  }),
);

/** SPEC 5 product row: product required, quantity greater than 0 (minimum 1, default 1). */
export const ZOrderLineInput = z.object({
  product_id: zPickedId(ORDER_MESSAGES.productRequired, ORDER_MESSAGES.productInvalid),
  variant_id: zOptionalId(ORDER_MESSAGES.variantInvalid),
  quantity: z
    .preprocess(
      // An emptied quantity box is a wrong quantity, not a default one.
      (v) => (v === '' || v === null ? null : numberish(v)),
      z
        .number({ error: ORDER_MESSAGES.quantityPositive })
        .int(ORDER_MESSAGES.quantityWhole)
        .min(1, ORDER_MESSAGES.quantityPositive)
        .max(MAX_STOCK_QUANTITY, m('validation.max', { field: 'quantity', max: MAX_STOCK_QUANTITY }))
        .optional(),
    )
    .transform((v) => v ?? 1),
  /** The selling price of one unit; left out, the catalogue price of the product or variant. */
  price: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), zMoney('price').optional())
    .transform((v) => v ?? null),
});
export type TOrderLineInput = z.output<typeof ZOrderLineInput>;

const zFieldValue = z.union([
  z.string().max(1000, m('order.custom_field_too_long', { max: 1000 })),
  z.number(),
  z.boolean(),
  z.null(),
]);

/** SPEC 3 customer_custom_fields: one entry per product, values keyed by the field's label. */
export const ZCustomFieldEntry = z.object({
  product_id: zPickedId(ORDER_MESSAGES.productRequired, ORDER_MESSAGES.productInvalid),
  field_values: z.record(z.string().max(100), zFieldValue).default({}),
});

/**
 * SPEC 3/5: the order form payload (POST /dashboard/orders, PUT /dashboard/orders/{id}), checked
 * the same in the dialog and on the server. The rules that need the catalogue (variants, custom
 * fields, centres) are `orderInputIssues`, which both sides run with what they know.
 * `total` is never read: the server computes it (SPEC 5 Total).
 */
export const ZOrderInput = z.object({
  customer_full_name: zRequiredText('name', 190, ORDER_MESSAGES.nameRequired),
  customer_phone_1: zRequiredPhone,
  customer_phone_2: zOptionalPhone.optional().transform((v) => v ?? null),
  state_id: zPickedId(ORDER_MESSAGES.stateRequired, ORDER_MESSAGES.stateInvalid),
  city_id: zPickedId(ORDER_MESSAGES.cityRequired, ORDER_MESSAGES.cityInvalid),
  customer_address: zOptionalText('address', 500),
  agent_id: zOptionalId(ORDER_MESSAGES.agentInvalid),
  is_stopdesk: zFlag('stop desk'),
  stopdesk_id: zOptionalId(ORDER_MESSAGES.stopdeskInvalid),
  note: zOptionalText('note', 2000),
  free_delivery: zFlag('free delivery'),
  delivery_price: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), zMoney('delivery price').optional())
    .transform((v) => v ?? 0),
  shipping_company_id: zOptionalId(ORDER_MESSAGES.shippingCompanyInvalid),
  /** Only on creation (new, pending or confirmed; default the shop's first 'new' status). */
  status_id: zOptionalId(ORDER_MESSAGES.statusInvalid),
  products: z
    .array(ZOrderLineInput, { error: ORDER_MESSAGES.productsRequired })
    .min(1, ORDER_MESSAGES.productsRequired)
    .max(MAX_ORDER_LINES, m('order.too_many_products', { max: MAX_ORDER_LINES })),
  customer_custom_fields: z.array(ZCustomFieldEntry).max(MAX_ORDER_LINES).default([]),
  sales_source: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v === null ? undefined : v),
      z
        .string({ error: m('order.sales_source_text') })
        .max(50, m('validation.too_long', { field: 'sales source', max: 50 }))
        .regex(/^[a-z0-9][a-z0-9 _.-]*$/, m('order.sales_source_format'))
        .optional(),
    )
    .transform((v) => v ?? null),
  campaign_id: zOptionalText('campaign id', 190),
  source_metadata: z
    .record(z.string(), z.unknown(), { error: m('order.metadata_object') })
    .nullish()
    .refine((v) => v == null || JSON.stringify(v).length <= MAX_METADATA_BYTES, ORDER_MESSAGES.metadataTooLarge)
    .transform((v) => v ?? null),
});
export type TOrderInput = z.output<typeof ZOrderInput>;
/** What the dialog holds before parsing (defaults not applied). */
export type TOrderFormValues = z.input<typeof ZOrderInput>;

/**
 * POST /api/orders (issue 4.9): the same form for a sales channel, which neither assigns agents
 * nor picks statuses (the order starts as the shop's first 'new' status, unassigned).
 */
export const ZIntakeOrderInput = ZOrderInput.omit({ agent_id: true, status_id: true });
export type TIntakeOrderInput = z.output<typeof ZIntakeOrderInput>;

/** What the rules need to know of a product named by a line. */
export interface TOrderFormProduct {
  id: number;
  name: string;
  has_variants: boolean;
  variants: ReadonlyArray<{ id: number }>;
  custom_fields: readonly TCustomField[];
}

export interface TOrderInputContext {
  /** The products the caller may put on the order; a line naming another id is invalid. */
  products: ReadonlyMap<number, TOrderFormProduct>;
  /** Centres of the chosen state (SPEC 5: matched by state name); leave out when unknown. */
  stateCentres?: readonly Pick<TStopdeskCentre, 'center_id'>[];
}

export interface TOrderInputIssue {
  path: Array<string | number>;
  /** A catalogue token. */
  message: string;
}

/**
 * SPEC 5 rules that depend on the catalogue: variant required when the product has variants,
 * required custom fields ('{product}: {label} is required'; a checkbox is always filled), and a
 * stop-desk centre when stop desk is on and the state has centres.
 */
export function orderInputIssues(input: TOrderInput, context: TOrderInputContext): TOrderInputIssue[] {
  const issues: TOrderInputIssue[] = [];
  input.products.forEach((line, index) => {
    const product = context.products.get(line.product_id);
    if (!product) {
      issues.push({ path: ['products', index, 'product_id'], message: ORDER_MESSAGES.productInvalid });
      return;
    }
    if (product.has_variants && line.variant_id === null) {
      issues.push({ path: ['products', index, 'variant_id'], message: ORDER_MESSAGES.variantRequired });
    } else if (
      line.variant_id !== null &&
      (!product.has_variants || !product.variants.some((v) => v.id === line.variant_id))
    ) {
      issues.push({ path: ['products', index, 'variant_id'], message: ORDER_MESSAGES.variantInvalid });
    }
  });
  for (const product of productsOnOrder(input, context)) {
    const values = valuesFor(input, product.id);
    for (const error of customFieldValueErrors(product.custom_fields, values, { productName: product.name })) {
      issues.push({ path: ['customer_custom_fields', product.id, error.label], message: error.message });
    }
  }
  if (input.is_stopdesk && context.stateCentres) {
    if (input.stopdesk_id === null) {
      if (context.stateCentres.length > 0)
        issues.push({ path: ['stopdesk_id'], message: ORDER_MESSAGES.stopdeskRequired });
    } else if (!context.stateCentres.some((c) => c.center_id === input.stopdesk_id)) {
      issues.push({ path: ['stopdesk_id'], message: ORDER_MESSAGES.stopdeskInvalid });
    }
  }
  return issues;
}

/** The dialog's schema: the payload shape plus the catalogue rules, for react-hook-form. */
export function orderFormSchema(context: TOrderInputContext) {
  return ZOrderInput.superRefine((input, ctx) => {
    for (const issue of orderInputIssues(input, context)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
}

/**
 * The custom field values kept on the order: one entry per product of the lines that has fields,
 * only its own labels, a checkbox always true or false (SPEC 5: unticked is an answer).
 */
export function orderCustomFieldValues(
  input: TOrderInput,
  context: TOrderInputContext,
): Array<{ product_id: number; field_values: TCustomFieldValues }> {
  return productsOnOrder(input, context).map((product) => {
    const values = valuesFor(input, product.id);
    const kept: TCustomFieldValues = {};
    for (const field of product.custom_fields) {
      const value = values[field.label];
      if (field.type === 'checkbox') kept[field.label] = value === true || value === 'true' || value === 1;
      else if (value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')) {
        kept[field.label] = field.type === 'number' ? Number(value) : typeof value === 'string' ? value.trim() : value;
      }
    }
    return { product_id: product.id, field_values: kept };
  });
}

function productsOnOrder(input: TOrderInput, context: TOrderInputContext): TOrderFormProduct[] {
  const ids = [...new Set(input.products.map((l) => l.product_id))];
  return ids
    .map((id) => context.products.get(id))
    .filter((p): p is TOrderFormProduct => p !== undefined && p.custom_fields.length > 0);
}

function valuesFor(input: TOrderInput, productId: number): TCustomFieldValues {
  const entries = input.customer_custom_fields.filter((e) => e.product_id === productId);
  return Object.assign({}, ...entries.map((e) => e.field_values)) as TCustomFieldValues;
}
