import type { TCustomField } from './product.js';

/** What an order carries for one product's custom fields, keyed by label (SPEC 3, SPEC 7). */
export type TCustomFieldValues = Record<string, string | number | boolean | null | undefined>;

export interface TCustomFieldValueError {
  label: string;
  message: string;
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
  const prefix = options.productName ? `${options.productName}: ` : '';
  const errors: TCustomFieldValueError[] = [];
  for (const field of fields) {
    const value = values[field.label];
    if (!isFilled(field, value)) {
      if (field.required) errors.push({ label: field.label, message: `${prefix}${field.label} is required` });
      continue;
    }
    if (field.type === 'number' && !Number.isFinite(typeof value === 'string' ? Number(value) : value)) {
      errors.push({ label: field.label, message: `${prefix}${field.label} must be a number` });
    }
    if (field.type === 'select' && !field.options.includes(String(value))) {
      errors.push({ label: field.label, message: `${prefix}${field.label} must be one of its options` });
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
