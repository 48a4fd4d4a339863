import type { Resolver } from 'react-hook-form';
import { mappedResolver } from '../../lib/mapped-resolver';
import {
  ZProductInput,
  type TCustomField,
  type TProduct,
  type TProductFormValues,
  type TProductInput,
} from '@cod/shared';

export type TVariantFormValues = NonNullable<TProductFormValues['variants']>[number];
export type TCustomFieldFormValues = NonNullable<TProductFormValues['custom_fields']>[number];

export const newVariant = (): TVariantFormValues => ({
  name: '',
  sku: '',
  price: undefined as unknown as number,
  cost_price: null,
  attributes: [],
});

export const newCustomField = (): TCustomFieldFormValues => ({
  label: '',
  type: 'text',
  required: false,
  placeholder: '',
  options: [],
});

export function emptyProduct(): TProductFormValues {
  return {
    name: '',
    sku: '',
    price: undefined as unknown as number,
    cost_price: null,
    active: true,
    has_variants: false,
    variants: [],
    custom_fields: [],
    low_stock_threshold: null,
    initial_stock: undefined,
  };
}

function customFieldToForm(field: TCustomField): TCustomFieldFormValues {
  return { ...field, placeholder: field.placeholder ?? '', options: [...field.options] };
}

/** The edit dialog starts from the product as the server has it; stock stays the server's. */
export function productToForm(product: TProduct): TProductFormValues {
  return {
    name: product.name,
    sku: product.sku,
    price: product.price,
    cost_price: product.cost_price,
    active: product.active,
    has_variants: product.has_variants,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      sku: variant.sku,
      price: variant.price,
      cost_price: variant.cost_price,
      attributes: variant.attributes.map((attribute) => ({ ...attribute })),
    })),
    custom_fields: product.custom_fields.map(customFieldToForm),
    low_stock_threshold: product.low_stock_threshold,
  };
}

/**
 * What is sent: variants only when the switch is on (the form keeps them while it is off, so
 * switching back restores them), initial stock only for what is new.
 */
export function normaliseProductForm(values: TProductFormValues, editing: boolean): TProductFormValues {
  const hasVariants = values.has_variants === true;
  return {
    ...values,
    variants: hasVariants ? (values.variants ?? []) : [],
    initial_stock: editing || hasVariants ? undefined : values.initial_stock,
  };
}

/** The shared schema (client and server validate identically) after the normalisation above. */
export function productResolver(editing: boolean): Resolver<TProductFormValues, unknown, TProductInput> {
  return mappedResolver(ZProductInput, (values: TProductFormValues) => normaliseProductForm(values, editing));
}

/** Field paths the product form shows, for placing the server's 422 messages. */
export const PRODUCT_FORM_FIELDS = [
  'name',
  'sku',
  'price',
  'cost_price',
  'low_stock_threshold',
  'initial_stock',
  'has_variants',
  'variants',
  'variants.*.name',
  'variants.*.sku',
  'variants.*.price',
  'variants.*.cost_price',
  'variants.*.initial_stock',
  'variants.*.attributes.*.name',
  'variants.*.attributes.*.value',
  'custom_fields.*.label',
  'custom_fields.*.type',
  'custom_fields.*.placeholder',
  'custom_fields.*.options',
  'custom_fields.*.options.*',
] as const;
