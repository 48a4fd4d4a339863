import { z } from 'zod';
import { zOptionalText, zQueryId, zRefId } from '../catalogue/common.js';
import { commissionEarned, type TCommissionSetting } from '../daily-report/index.js';
import { m } from '../messages/message.js';
import { centimes, zCentimes, type TCentimes } from './centimes.js';
import { zDay } from './schemas.js';

/**
 * Agent commissions (issue 13.5, docs/decisions/0102): a ledger line per order when it reaches the
 * state its agent's rule names, reversed once if it later returns or is cancelled.
 */
export const COMMISSION_LINE_KINDS = ['earned', 'reversed'] as const;
export type TCommissionLineKind = (typeof COMMISSION_LINE_KINDS)[number];

/** What one order earns its agent under the agent's setting (a fixed amount, or a percent of the total). */
export function commissionOfOrder(
  setting: Pick<TCommissionSetting, 'type' | 'amount' | 'rate'>,
  totalCentimes: TCentimes,
): TCentimes {
  return commissionEarned(setting, { orders: 1, totalCentimes });
}

/** A month as the URL writes it (2026-11). */
export const zMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m('commission.month_invalid'));

export const ZCommissionQuery = z.object({
  month: zMonth.optional(),
  agent_id: z.preprocess((v) => (v === '' ? undefined : v), zQueryId.optional()),
});
export type TCommissionQuery = z.output<typeof ZCommissionQuery>;

/** One agent's month: earned (net of the month's reversals), paid, and what is still due overall. */
export interface TAgentCommission {
  agent_id: number;
  name: string;
  commission_type: 'none' | 'fixed' | 'percent';
  commission_on: 'confirmed' | 'delivered';
  /** Orders that earned this month, and those reversed this month. */
  orders: number;
  reversed_orders: number;
  earned_centimes: TCentimes;
  reversed_centimes: TCentimes;
  /** earned - reversed of the month. */
  net_centimes: TCentimes;
  paid_centimes: TCentimes;
  /** Everything earned (net) up to the end of the month minus everything paid up to then. */
  due_centimes: TCentimes;
}

export interface TCommissionLine {
  id: number;
  order_id: number;
  order_number: number;
  kind: TCommissionLineKind;
  rule_on: 'confirmed' | 'delivered';
  amount_centimes: TCentimes;
  occurred_at: string;
}

export interface TCommissionsAnswer {
  month: string;
  data: TAgentCommission[];
  totals: Pick<
    TAgentCommission,
    'earned_centimes' | 'reversed_centimes' | 'net_centimes' | 'paid_centimes' | 'due_centimes'
  >;
  /** The month's lines of one agent (when the list is of one agent: `agent_id` or an agent's own). */
  lines: TCommissionLine[] | null;
}

export const ZCommissionPayout = z.object({
  agent_id: zRefId('agent'),
  box_id: zRefId('box'),
  amount_centimes: zCentimes('amount', { positive: true }),
  paid_on: zDay,
  note: zOptionalText('note', 1000),
});
export type TCommissionPayout = z.output<typeof ZCommissionPayout>;

/** Sums the money columns of agents' rows (the totals row). */
export function commissionTotals(rows: readonly TAgentCommission[]): TCommissionsAnswer['totals'] {
  const sum = (key: keyof TCommissionsAnswer['totals']) => centimes(rows.reduce((a, r) => a + r[key], 0));
  return {
    earned_centimes: sum('earned_centimes'),
    reversed_centimes: sum('reversed_centimes'),
    net_centimes: sum('net_centimes'),
    paid_centimes: sum('paid_centimes'),
    due_centimes: sum('due_centimes'),
  };
}
