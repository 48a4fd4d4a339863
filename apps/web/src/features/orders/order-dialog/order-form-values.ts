import {
  orderDiscount,
  orderTotal,
  type TCustomFieldValues,
  type TOrderFormProduct,
  type TOrderInput,
  type TOrderLineAmounts,
  type TOrderRow,
} from '@cod/shared';
import { parseNumberInput } from '../../../lib/number-input';
import type { TProductOption } from '../orders-api';

export type TFieldValue = string | number | boolean | null;

/** One product row of the dialog, as typed (numbers are text until submitted). */
export interface TOrderLineForm {
  product_id: number | '';
  variant_id: number | '';
  quantity: string;
  price: string;
}

/**
 * The dialog's values. Field names are the request's (SPEC 5: the server answers per field), so a
 * message of the shared schema or of the server lands under its field. Custom field answers are
 * kept per product id, as the schema reports them (`customer_custom_fields.{product}.{label}`).
 */
export interface TOrderFormState {
  customer_full_name: string;
  customer_phone_1: string;
  customer_phone_2: string;
  state_id: number | '';
  city_id: number | '';
  customer_address: string;
  agent_id: number | '';
  status_id: number | '';
  is_stopdesk: boolean;
  stopdesk_id: number | '';
  shipping_company_id: number | '';
  free_delivery: boolean;
  delivery_price: number;
  note: string;
  products: TOrderLineForm[];
  customer_custom_fields: Record<string, Record<string, TFieldValue>>;
}

/** SPEC 5: quantity minimum 1, default 1. */
export const emptyLine = (): TOrderLineForm => ({ product_id: '', variant_id: '', quantity: '1', price: '' });

export function emptyOrderForm(): TOrderFormState {
  return {
    customer_full_name: '',
    customer_phone_1: '',
    customer_phone_2: '',
    state_id: '',
    city_id: '',
    customer_address: '',
    agent_id: '',
    status_id: '',
    is_stopdesk: false,
    stopdesk_id: '',
    shipping_company_id: '',
    free_delivery: false,
    delivery_price: 0,
    note: '',
    products: [emptyLine()],
    customer_custom_fields: {},
  };
}

/** SPEC 5: the last product row cannot be removed; the first has no delete. */
export function canRemoveLine(index: number, count: number): boolean {
  return index > 0 && count > 1;
}

/** An order as the edit dialog starts from it. */
export function orderFormFromRow(row: TOrderRow): TOrderFormState {
  return {
    customer_full_name: row.customer_full_name,
    customer_phone_1: row.customer_phone_1,
    customer_phone_2: row.customer_phone_2 ?? '',
    state_id: row.state_id,
    city_id: row.city_id,
    customer_address: row.customer_address ?? '',
    agent_id: row.agent_id ?? '',
    status_id: '',
    is_stopdesk: row.is_stopdesk,
    stopdesk_id: row.stopdesk_id ?? '',
    shipping_company_id: row.shipping_company_id ?? '',
    free_delivery: row.free_delivery,
    delivery_price: row.delivery_price,
    note: row.note ?? '',
    products: row.products.length
      ? row.products.map((line) => ({
          product_id: line.product_id,
          variant_id: line.variant_id ?? '',
          quantity: String(line.quantity),
          price: String(line.price),
        }))
      : [emptyLine()],
    customer_custom_fields: Object.fromEntries(
      row.customer_custom_fields.map((entry) => [String(entry.product_id), { ...valuesOf(entry.field_values) }]),
    ),
  };
}

function valuesOf(values: TCustomFieldValues): Record<string, TFieldValue> {
  return Object.fromEntries(Object.entries(values).map(([label, value]) => [label, value ?? null]));
}

const idOrNull = (value: number | '') => (value === '' ? null : value);

/**
 * The request the dialog sends (POST/PUT /dashboard/orders), before the shared schema checks it.
 * Custom field answers go only for products still on the order; the stop desk centre only with
 * stop desk on; the status only on creation.
 */
export function orderRequestOf(values: TOrderFormState, options: { creating: boolean }) {
  const productIds = new Set(values.products.map((l) => l.product_id).filter((id): id is number => id !== ''));
  return {
    customer_full_name: values.customer_full_name,
    customer_phone_1: values.customer_phone_1,
    customer_phone_2: values.customer_phone_2.trim() || null,
    state_id: idOrNull(values.state_id),
    city_id: idOrNull(values.city_id),
    customer_address: values.customer_address,
    agent_id: idOrNull(values.agent_id),
    is_stopdesk: values.is_stopdesk,
    stopdesk_id: values.is_stopdesk ? idOrNull(values.stopdesk_id) : null,
    note: values.note,
    free_delivery: values.free_delivery,
    delivery_price: values.delivery_price,
    shipping_company_id: idOrNull(values.shipping_company_id),
    ...(options.creating && values.status_id !== '' ? { status_id: values.status_id } : {}),
    products: values.products.map((line) => ({
      product_id: idOrNull(line.product_id),
      variant_id: idOrNull(line.variant_id),
      // An emptied box stays empty so the schema says 'Quantity must be greater than 0'.
      quantity: line.quantity.trim() === '' ? '' : (parseNumberInput(line.quantity) ?? ''),
      price: line.price.trim() === '' ? null : parseNumberInput(line.price),
    })),
    customer_custom_fields: Object.entries(values.customer_custom_fields)
      .filter(([productId]) => productIds.has(Number(productId)))
      .map(([productId, fieldValues]) => ({ product_id: Number(productId), field_values: fieldValues })),
  };
}

/**
 * The form as the catalogue rules (`orderInputIssues`) read it, before the rest is valid: zod runs
 * those rules only once every base field passes, and the dialog shows every message at once. Lines
 * keep their index (a line without product is reported by the base schema already).
 */
export function catalogueRulesInput(values: TOrderFormState): TOrderInput {
  const request = orderRequestOf(values, { creating: false });
  return {
    ...request,
    products: request.products.map((line) => ({ ...line, product_id: line.product_id ?? 0 })),
    stopdesk_id: request.stopdesk_id,
  } as unknown as TOrderInput;
}

/** The catalogue price of a line: the variant's, else the product's (SPEC 5 discount). */
export function cataloguePriceOf(product: TProductOption | undefined, variantId: number | ''): number | null {
  if (!product) return null;
  const variant = variantId === '' ? undefined : product.variants.find((v) => v.id === variantId);
  return variant?.price ?? product.price;
}

/**
 * SPEC 5: Total = sum of price x quantity plus the delivery price (0 with free delivery);
 * Discount = catalogue total minus line total. Lines not yet filled count as nothing.
 */
export function orderAmounts(values: TOrderFormState, products: ReadonlyMap<number, TProductOption>) {
  const lines: TOrderLineAmounts[] = [];
  for (const line of values.products) {
    const product = line.product_id === '' ? undefined : products.get(line.product_id);
    const quantity = parseNumberInput(line.quantity);
    const catalogue = cataloguePriceOf(product, line.variant_id);
    const price = line.price.trim() === '' ? catalogue : parseNumberInput(line.price);
    if (!product || quantity === undefined || !Number.isInteger(quantity) || quantity < 1) continue;
    if (price === null || price === undefined || !Number.isFinite(price) || price < 0) continue;
    lines.push({ price, quantity, catalogue_price: catalogue });
  }
  return {
    total: orderTotal(lines, values.delivery_price, values.free_delivery),
    discount: orderDiscount(lines),
    delivery: values.free_delivery ? 0 : values.delivery_price,
  };
}

/** What the shared rules need to know of a product (variants, custom fields). */
export function formProductOf(product: TProductOption): TOrderFormProduct {
  return {
    id: product.id,
    name: product.name,
    has_variants: product.has_variants,
    variants: product.variants,
    custom_fields: product.custom_fields,
  };
}

/** The products an order's lines name, as the picker knows them (for editing an order). */
export function productsOfRow(row: TOrderRow): TProductOption[] {
  return row.products.map((line) => ({
    id: line.product.id,
    name: line.product.name,
    sku: '',
    price: line.product.price,
    has_variants: line.product.has_variants,
    variants: line.product.variants,
    custom_fields: line.product.custom_fields,
  }));
}
