import { z } from 'zod';
import { m } from '../messages/message.js';
import type { TFieldName } from '../messages/fields.js';
import { fieldRequired, fieldTooLong } from './messages.js';

/** numeric(14,2) in the database (ARCHITECTURE 3.1). */
export const MAX_MONEY = 999_999_999_999.99;
export const MAX_STOCK_QUANTITY = 1_000_000;

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An amount in DZD (SPEC 1): a JSON number, zero or more, two decimals at most. */
export const zMoney = (field: TFieldName) =>
  z
    .number({
      error: (issue) => (issue.input == null ? fieldRequired(field) : m('validation.number', { field })),
    })
    .min(0, m('validation.min', { field, min: 0 }))
    .max(MAX_MONEY, m('validation.too_large', { field }))
    .refine(hasAtMostTwoDecimals, m('validation.decimals', { field }));

/** A whole number of units. */
export const zQuantity = (field: TFieldName, min = 0) =>
  z
    .number({
      error: (issue) => (issue.input == null ? fieldRequired(field) : m('validation.number', { field })),
    })
    .int(m('validation.whole_number', { field }))
    .min(min, m('validation.min', { field, min }))
    .max(MAX_STOCK_QUANTITY, m('validation.max', { field, max: MAX_STOCK_QUANTITY }));

/** Ids are PostgreSQL integers: a larger number is no id at all (and must not reach the query). */
export const MAX_ID = 2_147_483_647;

// PostgreSQL text cannot hold NUL: refused as a field error instead of failing the query.
const hasNoNul = (value: string) => !value.includes('\u0000');
const invalidCharacter = (field: TFieldName) => m('validation.invalid_character', { field });

/** Free text of a form: trimmed, bounded, without NUL; empty is allowed. */
export const zText = (field: TFieldName, max: number) =>
  z
    .string({ error: fieldRequired(field) })
    .trim()
    .max(max, fieldTooLong(field, max))
    .refine(hasNoNul, invalidCharacter(field));

/** Free text that must be filled. */
export const zRequiredText = (field: TFieldName, max: number, requiredMessage: string = fieldRequired(field)) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, fieldTooLong(field, max))
    .refine(hasNoNul, invalidCharacter(field));

/** Free text that may be left out; empty becomes null. */
export const zOptionalText = (field: TFieldName, max: number) =>
  zText(field, max)
    .nullish()
    .transform((v) => v || null);

/** An id in a list URL (?product_id=12). */
export const zQueryId = z.coerce
  .number({ error: m('validation.id_invalid') })
  .int(m('validation.id_invalid'))
  .positive(m('validation.id_invalid'))
  .max(MAX_ID, m('validation.id_invalid'));

/** An id chosen in a form (a select), e.g. provider_id. */
export const zRefId = (field: TFieldName) => {
  const invalid = m('validation.selected_invalid', { field });
  return z
    .number({ error: (issue) => (issue.input == null ? fieldRequired(field) : invalid) })
    .int(invalid)
    .positive(invalid)
    .max(MAX_ID, invalid);
};

/** A yes/no filter in a list URL (ARCHITECTURE 3.10: the URL is the state of every list). */
export const ZQueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Paging and search shared by every catalogue list; lists answer {data, total}. */
export const ZListQuery = z.object({
  search: zText('search', 100).optional(),
  page: z.coerce.number().int().min(1, m('validation.page_min')).max(100_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), m('validation.page_size'))
    .default(25),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export interface TPaged<T> {
  data: T[];
  total: number;
}
