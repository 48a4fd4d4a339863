import { m, type TMessageToken } from '../messages/message.js';
import type { TCustomField } from './product.js';

/** What an order carries for one product's custom fields, keyed by label (SPEC 3, SPEC 7). */
export type TCustomFieldValues = Record<string, string | number | boolean | null | undefined>;

export interface TCustomFieldValueError {
  label: string;
  /** A catalogue token: custom_field.* alone, order.custom_field_* in the order form. */
  message: TMessageToken;
  /** Whether the value is missing (the dialogs mark a required field differently). */
  missing: boolean;
}

/**
 * SPEC 5: required custom fields must be filled before submit; a checkbox counts as filled whether
 * true or false. The message is '{product}: {label} is required' in the order form (pass
 * productName) and '{label} is required' elsewhere. Also refuses a number field that is not a
 * number and a select value that is not one of its options.
 */
export function customFieldValueErrors(
  fields: readonly TCustomField[],
  values: TCustomFieldValues,
  options: { productName?: string } = {},
): TCustomFieldValueError[] {
  const product = options.productName;
  const errors: TCustomFieldValueError[] = [];
  for (const field of fields) {
    const value = values[field.label];
    const { label } = field;
    if (!isFilled(field, value)) {
      if (field.required) {
        const message = !product
          ? m('custom_field.required', { label })
          : m('order.custom_field_required', { product, label });
        errors.push({ label, message, missing: true });
      }
      continue;
    }
    if (field.type === 'number' && !Number.isFinite(typeof value === 'string' ? Number(value) : value)) {
      const message = !product
        ? m('custom_field.number', { label })
        : m('order.custom_field_number', { product, label });
      errors.push({ label, message, missing: false });
    }
    if (field.type === 'select' && !field.options.includes(String(value))) {
      const message = !product
        ? m('custom_field.option', { label })
        : m('order.custom_field_option', { product, label });
      errors.push({ label, message, missing: false });
    }
  }
  return errors;
}

function isFilled(field: TCustomField, value: TCustomFieldValues[string]): boolean {
  // An unticked box is an answer (false), never a missing one.
  if (field.type === 'checkbox') return true;
  if (value == null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}
