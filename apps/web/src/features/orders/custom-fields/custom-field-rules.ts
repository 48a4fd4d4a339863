import {
  customFieldValueErrors,
  decodeMessage,
  orderCustomFieldValues,
  ZOrderInput,
  type TCustomField,
  type TOrderRow,
} from '@cod/shared';
import {
  orderFormFromRow,
  orderRequestOf,
  productsOfRow,
  formProductOf,
  type TFieldValue,
} from '../order-dialog/order-form-values';

export type TCustomFieldAnswers = Record<string, Record<string, TFieldValue>>;
export type TCustomFieldErrors = Record<string, Record<string, string>>;

export interface TProductWithFields {
  id: number;
  name: string;
  custom_fields: TCustomField[];
}

/** The products of an order that ask custom fields (once each, in line order). */
export function productsWithFields(order: TOrderRow): TProductWithFields[] {
  const seen = new Map<number, TProductWithFields>();
  for (const line of order.products) {
    if (line.product.custom_fields.length && !seen.has(line.product.id)) {
      seen.set(line.product.id, {
        id: line.product.id,
        name: line.product.name,
        custom_fields: line.product.custom_fields,
      });
    }
  }
  return [...seen.values()];
}

/** The answers the order holds, per product id. */
export function answersOf(order: TOrderRow): TCustomFieldAnswers {
  return orderFormFromRow(order).customer_custom_fields;
}

/**
 * SPEC 5: required custom fields must be filled (a checkbox counts as filled whether true or
 * false). Each missing or wrong answer is reported under its product and label; the caller words
 * it for its place ('{label} is required' in the custom fields dialog, 'This field is required'
 * in the status dialog). `message` is the shared schema's token (packages/shared/src/messages).
 */
export function customFieldErrors(
  products: readonly TProductWithFields[],
  answers: TCustomFieldAnswers,
): TCustomFieldErrors {
  const errors: TCustomFieldErrors = {};
  for (const product of products) {
    for (const error of customFieldValueErrors(product.custom_fields, answers[String(product.id)] ?? {})) {
      (errors[String(product.id)] ??= {})[error.label] = error.message;
    }
  }
  return errors;
}

export const hasErrors = (errors: TCustomFieldErrors) => Object.values(errors).some((e) => Object.keys(e).length > 0);

/** Whether the message says the answer is missing (by its code: the dialogs word that one themselves). */
export const isMissingAnswer = (message: string) => decodeMessage(message)?.code === 'custom_field.required';

/**
 * PUT /dashboard/orders/{id} is the order form: saving answers resends the order as it is with the
 * new answers (the server keeps only the labels of the products on the order).
 */
export function orderRequestWithAnswers(order: TOrderRow, answers: TCustomFieldAnswers) {
  const form = orderFormFromRow(order);
  const request = orderRequestOf({ ...form, customer_custom_fields: answers }, { creating: false });
  // Checkboxes left untouched are sent as false (SPEC 5: an unticked box is an answer).
  const parsed = ZOrderInput.safeParse(request);
  if (!parsed.success) return request;
  const products = new Map(productsOfRow(order).map((p) => [p.id, formProductOf(p)]));
  return { ...request, customer_custom_fields: orderCustomFieldValues(parsed.data, { products }) };
}
