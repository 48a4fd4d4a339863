import { z } from 'zod';
import { m } from '../messages/message.js';
import { zQueryId, zText } from '../catalogue/common.js';
import { ORDER_TABS, type TOrderTab, type TStatusType } from '../statuses.js';
import { DATE_FILTERS, parseLocalDate } from './date-ranges.js';
import { SHIPMENT_STATUS_LIST, type TShipmentStatusName } from '../shipping/timeline.js';
import { TAB_STATUS_TYPES } from './transitions.js';

/** SPEC 4: the shipment statuses a carrier can report (the shipping issue keeps them on orders). */
export const ORDER_SHIPMENT_STATUSES = SHIPMENT_STATUS_LIST;
export type TOrderShipmentStatus = TShipmentStatusName;

/** SPEC 9: 10, 25, 50, 100 (default 25); 200 is scan mode's page (SPEC 4). */
export const ORDER_PAGE_SIZES = [10, 25, 50, 100, 200] as const;

export const ORDER_LIST_MESSAGES = {
  startRequired: m('validation.required', { field: 'start date' }),
  endRequired: m('validation.required', { field: 'end date' }),
  endBeforeStart: m('order.end_before_start'),
  dateInvalid: m('order.date_invalid'),
} as const;

// A filter left empty in the URL (?agent=) is no filter.
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const zDay = z.string().refine((v) => parseLocalDate(v) !== null, ORDER_LIST_MESSAGES.dateInvalid);

/**
 * SPEC 2.4 query parameters of GET /dashboard/orders and /dashboard/orders/deleted. `agent` is a
 * user id or 'none' (unassigned); `source` a sales source such as facebook; `state` a wilaya
 * code; `status` a status id; `start`/`end` the inclusive local days of date=custom.
 */
export const ZOrderListQuery = z
  .object({
    date: z.preprocess(blank, z.enum(DATE_FILTERS, { error: m('order.date_filter_invalid') }).default('all')),
    start: optional(zDay),
    end: optional(zDay),
    agent: optional(
      z.union([z.literal('none'), zQueryId], { error: m('validation.selected_invalid', { field: 'agent' }) }),
    ),
    product: optional(zQueryId),
    source: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(50, m('validation.too_long', { field: 'sales source', max: 50 })),
    ),
    state: optional(
      z.coerce
        .number({ error: m('validation.selected_invalid', { field: 'wilaya' }) })
        .int()
        .min(1)
        .max(99),
    ),
    status: optional(zQueryId),
    shipment_status: optional(z.enum(ORDER_SHIPMENT_STATUSES, { error: m('order.shipment_status_invalid') })),
    /** Issue 15.5: only orders of risky customers (decision 0085), `risky=1`. */
    risky: z.preprocess(
      (v) => (v === '1' || v === 'true' || v === true ? true : undefined),
      z.literal(true).optional(),
    ),
    search: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      zText('search', 100).optional(),
    ),
    tab: z.preprocess(blank, z.enum(ORDER_TABS, { error: m('order.tab_invalid') }).default('inProcess')),
    page: z.preprocess(blank, z.coerce.number().int().min(1, m('validation.page_min')).max(100_000).default(1)),
    per_page: z.preprocess(
      blank,
      z.coerce
        .number()
        .int()
        .refine((n) => (ORDER_PAGE_SIZES as readonly number[]).includes(n), m('validation.page_size'))
        .default(25),
    ),
  })
  .superRefine((query, ctx) => {
    if (query.date !== 'custom') return;
    // SPEC 5: a date range needs both ends, and the end cannot precede the start.
    if (!query.start) ctx.addIssue({ code: 'custom', path: ['start'], message: ORDER_LIST_MESSAGES.startRequired });
    if (!query.end) ctx.addIssue({ code: 'custom', path: ['end'], message: ORDER_LIST_MESSAGES.endRequired });
    if (query.start && query.end && query.end < query.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: ORDER_LIST_MESSAGES.endBeforeStart });
    }
  });
export type TOrderListQuery = z.output<typeof ZOrderListQuery>;
/** The URL state of the Orders screen before defaults (what the web keeps in the address bar). */
export type TOrderListParams = z.input<typeof ZOrderListQuery>;

/** SPEC 2.4: the tabs whose counts an order adds to (an order can be in inProcess and ready). */
export function tabsOfOrder(statusType: TStatusType, deleted: boolean): TOrderTab[] {
  if (deleted) return ['deleted'];
  const tabs = (Object.keys(TAB_STATUS_TYPES) as Array<keyof typeof TAB_STATUS_TYPES>).filter((tab) =>
    TAB_STATUS_TYPES[tab].includes(statusType),
  );
  return [...tabs, 'all'];
}

/** Counts of all nine tabs from per-(status type, deleted) counts. */
export function tabCounts(groups: ReadonlyArray<{ type: TStatusType; deleted: boolean; count: number }>) {
  const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, 0])) as Record<TOrderTab, number>;
  for (const group of groups) {
    for (const tab of tabsOfOrder(group.type, group.deleted)) counts[tab] += group.count;
  }
  return counts;
}
