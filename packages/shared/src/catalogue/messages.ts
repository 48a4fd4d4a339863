import { m } from '../messages/message.js';
import type { TFieldName } from '../messages/fields.js';

/**
 * Field messages of the catalogue forms, as catalogue tokens (packages/shared/src/messages). The
 * web forms and the server validate with the same schemas: the server answers the English with the
 * code, the web translates the code.
 */
export const fieldRequired = (field: TFieldName) => m('validation.required', { field });
export const fieldTooLong = (field: TFieldName, max: number) => m('validation.too_long', { field, max });

export const CATALOGUE_MESSAGES = {
  skuTaken: m('product.sku_taken'),
  skuFormat: m('product.sku_format'),
  variantsRequired: m('product.variants_required'),
  variantsNotAllowed: m('product.variants_not_allowed'),
  variantNameTaken: m('product.variant_name_taken'),
  selectNeedsOptions: m('product.select_needs_options'),
  optionDuplicate: m('product.option_duplicate'),
  labelTaken: m('product.label_taken'),
  attributeTaken: m('product.attribute_taken'),
  phoneInvalid: m('customer.phone_invalid'),
  selectedInvalid: (field: TFieldName) => m('validation.selected_invalid', { field }),
  reasonRequired: m('validation.required', { field: 'reason' }),
  quantityNotZero: m('stock.zero_quantity'),
  hasVariantsLocked: m('product.has_variants_locked'),
  variantHasStock: m('product.variant_has_stock'),
} as const;
