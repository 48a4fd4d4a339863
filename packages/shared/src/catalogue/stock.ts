import { z } from 'zod';
import { m } from '../messages/message.js';
import {
  MAX_STOCK_QUANTITY,
  ZListQuery,
  zMoney,
  zOptionalText,
  zQuantity,
  zQueryId,
  zRefId,
  zRequiredText,
} from './common.js';
import { CATALOGUE_MESSAGES as M, fieldRequired } from './messages.js';

/**
 * Issue 3.4: every stock change is one of these movements. Purchases and adjustments are typed in
 * the stock screens; the order_* kinds are written by the orders module as orders change status
 * (docs/decisions/0008-stock-along-order-statuses.md).
 */
export const STOCK_MOVEMENT_KINDS = [
  'purchase',
  'adjustment',
  'order_reserved',
  'order_released',
  'order_shipped',
  'order_returned',
] as const;
export type TStockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

const zReason = zRequiredText('reason', 500, M.reasonRequired);

/** POST /dashboard/stock/adjustments: a counted correction, positive or negative, with its reason. */
export const ZStockAdjustmentInput = z.object({
  product_id: zRefId('product'),
  variant_id: zRefId('variant')
    .nullish()
    .transform((v) => v ?? null),
  quantity: z
    .number({
      error: (i) => (i.input == null ? fieldRequired('quantity') : m('validation.number', { field: 'quantity' })),
    })
    .int(m('validation.whole_number', { field: 'quantity' }))
    .min(-MAX_STOCK_QUANTITY, m('validation.not_below', { field: 'quantity', min: -MAX_STOCK_QUANTITY }))
    .max(MAX_STOCK_QUANTITY, m('validation.max', { field: 'quantity', max: MAX_STOCK_QUANTITY }))
    .refine((q) => q !== 0, M.quantityNotZero),
  reason: zReason,
});
export type TStockAdjustmentInput = z.output<typeof ZStockAdjustmentInput>;

export const ZPurchaseLine = z.object({
  product_id: zRefId('product'),
  variant_id: zRefId('variant')
    .nullish()
    .transform((v) => v ?? null),
  quantity: zQuantity('quantity', 1),
  unit_cost: zMoney('unit cost'),
});

/** POST /dashboard/stock/purchases: one delivery from a provider, one or more lines, one transaction. */
export const ZPurchaseInput = z.object({
  provider_id: zRefId('provider'),
  lines: z
    .array(ZPurchaseLine, { error: fieldRequired('lines') })
    .min(1, m('stock.lines_required'))
    .max(100),
  note: zOptionalText('note', 500),
});
export type TPurchaseInput = z.output<typeof ZPurchaseInput>;

export const ZStockMovementListQuery = ZListQuery.extend({
  product_id: zQueryId.optional(),
  variant_id: zQueryId.optional(),
  provider_id: zQueryId.optional(),
  kind: z.enum(STOCK_MOVEMENT_KINDS, { error: m('validation.selected_invalid', { field: 'kind' }) }).optional(),
});
export type TStockMovementListQuery = z.infer<typeof ZStockMovementListQuery>;

export interface TStockMovement {
  id: number;
  kind: TStockMovementKind;
  product_id: number;
  product_name: string;
  variant_id: number | null;
  variant_name: string | null;
  /** Units moved, always positive except for a negative adjustment. */
  quantity: number;
  on_hand_after: number;
  reserved_after: number;
  provider_id: number | null;
  provider_name: string | null;
  unit_cost: number | null;
  order_id: number | null;
  reason: string | null;
  user: { id: number; name: string } | null;
  created_at: string;
}
