import { z } from 'zod';
import { ZListQuery, zOptionalText, zQueryId, zRefId, zRequiredText } from '../catalogue/common.js';
import { m } from '../messages/message.js';
import { zCentimes, type TCentimes } from './centimes.js';
import { zDay } from './schemas.js';

/** Issue 13.2/13.3: expenses and income share one shape; ad spend adds its source and campaign. */
export const ENTRY_DIRECTIONS = ['expense', 'income'] as const;
export type TEntryDirection = (typeof ENTRY_DIRECTIONS)[number];

/** Built-in categories of each direction, by code (the shop may add its own, by name). */
export const CATEGORY_CODES = {
  expense: ['ads', 'salaries', 'rent', 'packaging', 'shipping_fees', 'returns', 'other'],
  income: ['remittance', 'sales', 'other'],
} as const satisfies Record<TEntryDirection, readonly string[]>;
export const EXPENSE_CATEGORY_CODES = CATEGORY_CODES.expense;
export const INCOME_CATEGORY_CODES = CATEGORY_CODES.income;

/** SPEC 3 sales_source values that get icons, plus other. */
export const AD_SOURCES = ['facebook', 'tiktok', 'instagram', 'google', 'meta', 'other'] as const;
export type TAdSource = (typeof AD_SOURCES)[number];

const zSource = z
  .enum(AD_SOURCES, { error: m('validation.selected_invalid', { field: 'sales source' }) })
  .nullish()
  .transform((v) => v ?? null);

export const ZIncomeInput = z.object({
  occurred_on: zDay,
  amount_centimes: zCentimes('amount', { positive: true }),
  category_id: zRefId('category'),
  box_id: zRefId('box'),
  note: zOptionalText('note', 1000),
});
export type TIncomeInput = z.output<typeof ZIncomeInput>;

export const ZExpenseInput = ZIncomeInput.extend({
  sales_source: zSource,
  campaign_id: zOptionalText('campaign id', 190),
  product_id: zRefId('product')
    .nullish()
    .transform((v) => v ?? null),
});
export type TExpenseInput = z.output<typeof ZExpenseInput>;

export type TEntryInput = TIncomeInput & Partial<Pick<TExpenseInput, 'sales_source' | 'campaign_id' | 'product_id'>>;

export const ZEntryListQuery = ZListQuery.extend({
  from: zDay.optional(),
  to: zDay.optional(),
  category_id: zQueryId.optional(),
  box_id: zQueryId.optional(),
  // An empty filter in the URL (`?sales_source=`) means any.
  sales_source: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AD_SOURCES).optional()),
  campaign_id: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(190).optional()),
});
export type TEntryListQuery = z.output<typeof ZEntryListQuery>;

export interface TMoneyCategory {
  id: number;
  /** A built-in category's code (translated on the web), or null for the shop's own. */
  code: string | null;
  name: string | null;
}

export const ZCategoryInput = z.object({ name: zRequiredText('name', 80) });

export interface TMoneyEntry {
  id: number;
  occurred_on: string;
  amount_centimes: TCentimes;
  category_id: number;
  category_code: string | null;
  category_name: string | null;
  box_id: number;
  box_name: string;
  note: string | null;
  sales_source: TAdSource | null;
  campaign_id: string | null;
  product_id: number | null;
  product_name: string | null;
  /** Income written by a carrier remittance (not editable by hand). */
  remittance_id: number | null;
  /** The receipt's file name, when one is attached (GET …/:id/attachment). */
  attachment_name: string | null;
  closed: boolean;
  created_by_name: string | null;
  created_at: string;
}

export interface TEntryPage {
  data: TMoneyEntry[];
  total: number;
  totals: { amount_centimes: TCentimes };
}

/**
 * Ad spend from an ads manager's CSV/XLSX export (issue 13.2, docs/decisions/0105): one expense of
 * category ads per row (date, campaign_id, amount), the source, box and optional product chosen in
 * the dialog. All rows or none: any row in error and nothing is recorded.
 */
export const ZAdSpendImportQuery = z.object({
  sales_source: z.enum(AD_SOURCES, { error: m('validation.selected_invalid', { field: 'sales source' }) }),
  box_id: zQueryId,
  product_id: z.preprocess((v) => (v === '' ? undefined : v), zQueryId.optional()),
});
export type TAdSpendImportQuery = z.output<typeof ZAdSpendImportQuery>;

/** One row of the export, read and checked. */
export interface TAdSpendRow {
  line: number;
  occurred_on: string;
  campaign_id: string | null;
  amount_centimes: TCentimes;
}

export interface TAdSpendImportResult {
  imported: number;
  total_centimes: TCentimes;
}
