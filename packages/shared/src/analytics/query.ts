import { z } from 'zod';
import { m } from '../messages/message.js';
import { DATE_FILTERS, parseLocalDate } from '../orders/date-ranges.js';
import type { TAnalyticsMetric } from './facts.js';

/** SPEC 2.3 analytics views (the overview is /dashboard/analytics and /analytics). */
export const ANALYTICS_VIEWS = [
  'overview',
  'orders',
  'confirmation',
  'delivered',
  'returns',
  'canceled',
  'agents',
  'flow',
  'daily',
  'accounting',
  'iconnode',
] as const;
export type TAnalyticsView = (typeof ANALYTICS_VIEWS)[number];

/** The dimensions a user filters by (the hour is a breakdown only). */
export const ANALYTICS_FILTERS = ['agent', 'product', 'source', 'campaign', 'wilaya', 'carrier'] as const;
export type TAnalyticsFilter = (typeof ANALYTICS_FILTERS)[number];
/**
 * The dimensions the rollups are kept by (docs/decisions/0078, 0110): one filter with one breakdown.
 * Every filter, then the breakdowns only: the hour; the commune of dispatched/delivered/returned
 * orders and the status of a cancellation (its reason) for cancelled orders (decision 0111).
 */
export const ANALYTICS_DIMENSIONS = [...ANALYTICS_FILTERS, 'hour', 'commune', 'reason'] as const;
export type TAnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/** SPEC 2.4's date options, plus the last 30 and 90 days (analytics' usual windows). */
export const ANALYTICS_DATE_FILTERS = [...DATE_FILTERS, 'last_30_days', 'last_90_days'] as const;
export type TAnalyticsDateFilter = (typeof ANALYTICS_DATE_FILTERS)[number];

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const key = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(60, m('validation.too_long', { field: 'search', max: 60 }))
    .optional(),
);
const zDay = z.string().refine((v) => parseLocalDate(v) !== null, m('order.date_invalid'));

export const ZAnalyticsQuery = z
  .object({
    date: z.preprocess(
      blank,
      z.enum(ANALYTICS_DATE_FILTERS, { error: m('order.date_filter_invalid') }).default('last_30_days'),
    ),
    start: z.preprocess(blank, zDay.optional()),
    end: z.preprocess(blank, zDay.optional()),
    agent: key,
    product: key,
    source: key,
    campaign: key,
    wilaya: key,
    carrier: key,
    breakdown: z.preprocess(
      blank,
      z.enum(ANALYTICS_DIMENSIONS, { error: m('validation.selected_invalid', { field: 'option' }) }).optional(),
    ),
    compare: z.preprocess(
      (v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === true),
      z.boolean().default(true),
    ),
  })
  .superRefine((query, ctx) => {
    if (query.date !== 'custom') return;
    if (!query.start)
      ctx.addIssue({ code: 'custom', path: ['start'], message: m('validation.required', { field: 'start date' }) });
    if (!query.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: m('validation.required', { field: 'end date' }) });
    if (query.start && query.end && query.end < query.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: m('order.end_before_start') });
    if (query.start && query.end && daysBetween(query.start, query.end) > 731)
      ctx.addIssue({ code: 'custom', path: ['end'], message: m('validation.selected_invalid', { field: 'period' }) });
  });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** Inclusive local days. */
export interface TDayRange {
  from: string;
  to: string;
}

const toUtc = (day: string) => {
  const d = parseLocalDate(day)!;
  return Date.UTC(d.year, d.month - 1, d.day);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * 86_400_000);
}
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}
/** Every day of a range, in order. */
export function daysOf(range: TDayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Today's local day in a zone. */
export function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The local days of a date option. 'all' starts at `firstDay` (the shop's first order) or a year ago.
 */
export function analyticsPeriod(
  filter: TAnalyticsDateFilter,
  options: { now: Date; timeZone: string; start?: string; end?: string; firstDay?: string | null },
): TDayRange {
  const today = localToday(options.now, options.timeZone);
  const month = today.slice(0, 7);
  switch (filter) {
    case 'all':
      return {
        from: options.firstDay && options.firstDay < today ? options.firstDay : addDays(today, -364),
        to: today,
      };
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
    case 'this_month':
      return { from: `${month}-01`, to: addDays(nextMonth(month), -1) };
    case 'last_month': {
      const first = previousMonth(month);
      return { from: first, to: addDays(`${month}-01`, -1) };
    }
    case 'custom':
      return { from: options.start ?? today, to: options.end ?? today };
  }
}

function nextMonth(month: string): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
}
function previousMonth(month: string): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  return mo === 1 ? `${y - 1}-12-01` : `${y}-${String(mo - 1).padStart(2, '0')}-01`;
}

/** The period of the same length just before (a whole month compares with the month before). */
export function previousPeriod(range: TDayRange, filter?: TAnalyticsDateFilter): TDayRange {
  if (filter === 'this_month' || filter === 'last_month') {
    const first = previousMonth(range.from.slice(0, 7));
    return { from: first, to: addDays(range.from, -1) };
  }
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The sums the rollups keep for one metric. */
export interface TMetricSums {
  n: number;
  /** Centimes (order totals). */
  amount: number;
  /** Seconds (confirmation delay, delivery time). */
  durationS: number;
}
export type TMetricTable = Partial<Record<TAnalyticsMetric, TMetricSums>>;

export interface TAnalyticsReport {
  period: TDayRange;
  previousPeriod: TDayRange | null;
  timeZone: string;
  /** True when more than one filter made the server count from the per-order facts. */
  slowPath: boolean;
  totals: TMetricTable;
  previousTotals: TMetricTable | null;
  days: Array<{ day: string; metrics: TMetricTable }>;
  breakdown: {
    dimension: TAnalyticsDimension;
    rows: Array<{ key: string; label: string; labelAr: string | null; metrics: TMetricTable }>;
  } | null;
}

/** Reads one metric's count from a table (0 when absent). */
export const countOf = (table: TMetricTable | null | undefined, metric: TAnalyticsMetric): number =>
  table?.[metric]?.n ?? 0;

/** POST /dashboard/analytics/export: a chart's table (what it shows) as an XLSX file. */
export const ANALYTICS_EXPORT_MAX_ROWS = 5000;
const zCell = z.union([z.string().max(200), z.number(), z.null()]);
export const ZAnalyticsExport = z.object({
  name: z
    .string()
    .trim()
    .min(1, m('validation.required', { field: 'name' }))
    .max(31, m('validation.too_long', { field: 'name', max: 31 }))
    .regex(/^[\p{L}\p{N} _.-]+$/u, m('validation.selected_invalid', { field: 'name' })),
  columns: z
    .array(z.string().trim().min(1).max(60))
    .min(1)
    .max(40, m('validation.too_long', { field: 'label', max: 40 })),
  rows: z
    .array(z.array(zCell).max(40))
    .max(ANALYTICS_EXPORT_MAX_ROWS, m('file.too_many_rows', { limit: ANALYTICS_EXPORT_MAX_ROWS })),
});
export type TAnalyticsExport = z.infer<typeof ZAnalyticsExport>;
