import { z } from 'zod';
import { MAX_ID, ZListQuery, ZQueryBool, zMoney, zOptionalText, zQuantity, zRequiredText } from './common.js';
import { m } from '../messages/message.js';
import type { TFieldName } from '../messages/fields.js';
import { CATALOGUE_MESSAGES as M, fieldRequired, fieldTooLong } from './messages.js';

/** SPEC 3: the four custom field types a product can ask for on an order. */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'select', 'checkbox'] as const;
export type TCustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const MAX_VARIANTS = 100;
export const MAX_CUSTOM_FIELDS = 20;

export const ZSku = z
  .string({ error: fieldRequired('sku') })
  .trim()
  .min(1, fieldRequired('sku'))
  .max(64, fieldTooLong('sku', 64))
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}._\-/]*$/u, M.skuFormat);

const zName = (field: TFieldName, max: number) => zRequiredText(field, max);

/**
 * SPEC 3 custom field {label, type, required, placeholder, options}. A select needs options; the
 * other types never carry any (the form may keep stale ones when the type changes: they are dropped).
 */
export const ZCustomField = z
  .object({
    label: zName('label', 100),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: m('product.custom_field_type') }),
    required: z.boolean({ error: m('validation.flag', { field: 'required' }) }).default(false),
    placeholder: zOptionalText('placeholder', 190),
    options: z
      .array(zRequiredText('option', 100))
      .max(50, m('product.too_many_options', { max: 50 }))
      .default([]),
  })
  .superRefine((field, ctx) => {
    if (field.type !== 'select') return;
    if (field.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: M.selectNeedsOptions });
    duplicates(field.options.map((o) => o.toLowerCase())).forEach((i) =>
      ctx.addIssue({ code: 'custom', path: ['options', i], message: M.optionDuplicate }),
    );
  })
  .transform((field) => (field.type === 'select' ? field : { ...field, options: [] }));
export type TCustomField = z.output<typeof ZCustomField>;

/** A variant attribute such as {name: 'Size', value: 'XL'}; a list keeps the seller's order. */
export const ZVariantAttribute = z.object({ name: zName('attribute name', 30), value: zName('attribute value', 60) });

const zInitialStock = zQuantity('initial stock').optional();

export const ZVariantInput = z
  .object({
    /** Present when editing an existing variant (keeps its stock and history). */
    id: z.number().int().positive().max(MAX_ID, M.selectedInvalid('variant')).optional(),
    name: zName('name', 100),
    sku: ZSku,
    price: zMoney('price'),
    /** The variant's purchase cost (issue 13.6); null: the product's, else its latest purchase's. */
    cost_price: zMoney('cost price')
      .nullish()
      .transform((v) => v ?? null),
    attributes: z
      .array(ZVariantAttribute)
      .max(5, m('product.too_many_attributes', { max: 5 }))
      .default([]),
    /** Only for a new variant: recorded as an adjustment movement "Initial stock". */
    initial_stock: zInitialStock,
  })
  .superRefine((variant, ctx) => {
    duplicates(variant.attributes.map((a) => a.name.toLowerCase())).forEach((i) =>
      ctx.addIssue({ code: 'custom', path: ['attributes', i, 'name'], message: M.attributeTaken }),
    );
  });
export type TVariantInput = z.output<typeof ZVariantInput>;

/**
 * The product create/edit form (issue 3.1), validated identically by the web form and the server.
 * SKU uniqueness against other products is the server's (it needs the database).
 */
export const ZProductInput = z
  .object({
    name: zName('name', 190),
    sku: ZSku,
    price: zMoney('price'),
    cost_price: zMoney('cost price')
      .nullish()
      .transform((v) => v ?? null),
    active: z.boolean().default(true),
    has_variants: z.boolean().default(false),
    variants: z
      .array(ZVariantInput)
      .max(MAX_VARIANTS, m('product.too_many_variants', { max: MAX_VARIANTS }))
      .default([]),
    custom_fields: z
      .array(ZCustomField)
      .max(MAX_CUSTOM_FIELDS, m('product.too_many_custom_fields', { max: MAX_CUSTOM_FIELDS }))
      .default([]),
    /** Alert at or under this many available units (SPEC 9); null: no alert. */
    low_stock_threshold: zQuantity('low stock threshold')
      .nullish()
      .transform((v) => v ?? null),
    /** Only on creation of a product without variants: recorded as an adjustment movement. */
    initial_stock: zInitialStock,
  })
  .superRefine((product, ctx) => {
    if (product.has_variants && product.variants.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: M.variantsRequired });
    }
    if (!product.has_variants && product.variants.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: M.variantsNotAllowed });
    }
    const skus = [product.sku, ...product.variants.map((v) => v.sku)].map((s) => s.toLowerCase());
    duplicates(skus).forEach((i) =>
      ctx.addIssue({ code: 'custom', path: i === 0 ? ['sku'] : ['variants', i - 1, 'sku'], message: M.skuTaken }),
    );
    duplicates(product.variants.map((v) => v.name.toLowerCase())).forEach((i) =>
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'name'], message: M.variantNameTaken }),
    );
    duplicates(product.custom_fields.map((f) => f.label.toLowerCase())).forEach((i) =>
      ctx.addIssue({ code: 'custom', path: ['custom_fields', i, 'label'], message: M.labelTaken }),
    );
  });
export type TProductInput = z.output<typeof ZProductInput>;
/** What the form holds before parsing (defaults not yet applied). */
export type TProductFormValues = z.input<typeof ZProductInput>;

/** GET /dashboard/products and /dashboard/stock: search by name or SKU, filters, paging. */
export const ZProductListQuery = ZListQuery.extend({
  active: ZQueryBool.optional(),
  low_stock: ZQueryBool.optional(),
  has_variants: ZQueryBool.optional(),
  archived: ZQueryBool.optional(),
});
export type TProductListQuery = z.infer<typeof ZProductListQuery>;

export interface TProductVariant {
  id: number;
  name: string;
  sku: string;
  price: number;
  /** Its own purchase cost (issue 13.6), null when it has none. */
  cost_price: number | null;
  /** The unit cost of its latest purchase: what its profit counts when no cost price is set. */
  last_unit_cost: number | null;
  attributes: Array<{ name: string; value: string }>;
  on_hand: number;
  reserved: number;
  available: number;
}

/** A product as lists and the edit dialog read it (SPEC 3 Product plus the catalogue's fields). */
export interface TProduct {
  id: number;
  name: string;
  sku: string;
  price: number;
  cost_price: number | null;
  active: boolean;
  has_variants: boolean;
  variants: TProductVariant[];
  custom_fields: TCustomField[];
  low_stock_threshold: number | null;
  image_url: string | null;
  thumbnail_url: string | null;
  on_hand: number;
  reserved: number;
  /** on_hand - reserved: what can still be sold; low-stock alerts compare this to the threshold. */
  available: number;
  is_low_stock: boolean;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Indexes of the entries that repeat an earlier one. */
function duplicates(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  values.forEach((value, index) => {
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  });
  return repeated;
}
