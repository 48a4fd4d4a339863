import { z } from 'zod';
import { ZListQuery, zOptionalText, zQueryId, zRefId, zRequiredText } from '../catalogue/common.js';
import { m } from '../messages/message.js';
import { zCentimes, type TCentimes } from './centimes.js';

/** A calendar day as the API writes it (2026-11-21), checked to exist. */
export const zDay = z
  .string({ error: m('validation.required', { field: 'date' }) })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m('money.date_invalid'))
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, m('money.date_invalid'));

// ---------------------------------------------------------------- cash boxes
export const CASH_BOX_KINDS = ['cash', 'bank', 'ccp', 'baridimob'] as const;
export type TCashBoxKind = (typeof CASH_BOX_KINDS)[number];

export const ZCashBoxInput = z.object({
  name: zRequiredText('name', 120),
  kind: z.enum(CASH_BOX_KINDS, { error: m('validation.selected_invalid', { field: 'kind' }) }),
  /** The opening balance (docs/decisions/0070): one movement of kind opening, on `opening_on`. */
  opening_centimes: zCentimes('amount', { signed: true }).optional(),
  opening_on: zDay.optional(),
});
export type TCashBoxInput = z.output<typeof ZCashBoxInput>;

export const ZCashBoxUpdate = ZCashBoxInput.pick({ name: true, kind: true });
export type TCashBoxUpdate = z.output<typeof ZCashBoxUpdate>;

export interface TCashBox {
  id: number;
  name: string;
  kind: TCashBoxKind;
  balance_centimes: TCentimes;
  archived_at: string | null;
}

/** Each carrier's pending cash, a box nobody can move money in or out of (docs/decisions/0072). */
export interface TCarrierBox {
  shipping_company_id: number;
  name: string;
  balance_centimes: TCentimes;
  parcels: number;
}

export interface TCashBoxesAnswer {
  boxes: TCashBox[];
  carriers: TCarrierBox[];
  total_centimes: TCentimes;
  closed_through: string | null;
}

export const ZTransferInput = z.object({
  from_box_id: zRefId('box'),
  to_box_id: zRefId('box'),
  amount_centimes: zCentimes('amount', { positive: true }),
  occurred_on: zDay,
  note: zOptionalText('note', 500),
});
export type TTransferInput = z.output<typeof ZTransferInput>;

/** A hand-made movement: an adjustment in or out of one box. */
export const ZMovementInput = z.object({
  box_id: zRefId('box'),
  amount_centimes: zCentimes('amount', { signed: true }).refine(
    (v) => v !== 0,
    m('validation.min', { field: 'amount', min: 0.01 }),
  ),
  occurred_on: zDay,
  note: zOptionalText('note', 500),
});
export type TMovementInput = z.output<typeof ZMovementInput>;

export const MOVEMENT_KINDS = ['opening', 'adjustment', 'transfer', 'expense', 'income', 'reversal'] as const;
export type TMovementKind = (typeof MOVEMENT_KINDS)[number];

export const ZMovementListQuery = ZListQuery.extend({
  box_id: zQueryId.optional(),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MOVEMENT_KINDS).optional()),
  from: zDay.optional(),
  to: zDay.optional(),
});
export type TMovementListQuery = z.output<typeof ZMovementListQuery>;

export interface TCashMovement {
  id: number;
  box_id: number;
  box_name: string;
  occurred_on: string;
  amount_centimes: TCentimes;
  kind: TMovementKind;
  transfer_id: number | null;
  expense_id: number | null;
  income_id: number | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  note: string | null;
  closed: boolean;
  created_by_name: string | null;
  created_at: string;
}

export interface TMovementPage {
  data: TCashMovement[];
  total: number;
  totals: { in_centimes: TCentimes; out_centimes: TCentimes; net_centimes: TCentimes };
}

export const ZCloseDayInput = z.object({ day: zDay });
