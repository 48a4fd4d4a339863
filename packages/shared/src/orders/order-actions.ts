import { z } from 'zod';
import { m } from '../messages/message.js';
import { MAX_ID, zOptionalText } from '../catalogue/common.js';
import { isLocalDateTime } from './local-date-time.js';

export const ORDER_ACTION_MESSAGES = {
  statusRequired: m('order.status_required'),
  statusInvalid: m('validation.selected_invalid', { field: 'status' }),
  reportDateRequired: m('order.report_date_required'),
  dateTimeInvalid: m('order.date_time_invalid'),
  reportDateInPast: m('order.report_date_past'),
  ordersRequired: m('order.orders_required'),
  ordersInvalid: m('order.orders_invalid'),
  agentRequired: m('order.agent_required'),
  agentInvalid: m('validation.selected_invalid', { field: 'agent' }),
  statusUpdated: m('order.status_updated'),
  bulkUpdated: (count: number) => m('order.bulk_updated', { count }),
  created: m('order.created'),
  updated: m('order.updated'),
  deleted: m('order.deleted'),
  restored: m('order.restored'),
  assigned: (count: number) => m('order.agent_assigned', { count }),
  reported: m('order.reported'),
} as const;

/** Bulk dialogs work on a selection; scan mode selects up to 200 (SPEC 4), so 500 is plenty. */
export const MAX_BULK_ORDERS = 500;

const numberish = (value: unknown) =>
  typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value === '' ? undefined : value;

/** A selected id of a request body (an order, a status, an agent, a company): `required` when missing, else `invalid`. */
export const zSelectedId = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : numberish(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(MAX_ID, invalid),
  );

/** SPEC 5 'Y-m-d H:i', 24-hour, in the shop's time zone. */
const zLocalDateTime = (required: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: (issue) => (issue.input === undefined ? required : ORDER_ACTION_MESSAGES.dateTimeInvalid) })
      .trim()
      .refine(isLocalDateTime, ORDER_ACTION_MESSAGES.dateTimeInvalid),
  );

const zOrderIds = z
  .array(zSelectedId(ORDER_ACTION_MESSAGES.ordersRequired, ORDER_ACTION_MESSAGES.ordersInvalid), {
    error: ORDER_ACTION_MESSAGES.ordersRequired,
  })
  .min(1, ORDER_ACTION_MESSAGES.ordersRequired)
  .max(MAX_BULK_ORDERS, m('order.too_many_selected', { max: MAX_BULK_ORDERS }))
  .transform((ids) => [...new Set(ids)]);

const statusFields = {
  status: zSelectedId(ORDER_ACTION_MESSAGES.statusRequired, ORDER_ACTION_MESSAGES.statusInvalid),
  description: zOptionalText('description', 1000),
  /** Required when the status is of type reported (the schedule). */
  report_date: zLocalDateTime(ORDER_ACTION_MESSAGES.reportDateRequired).optional(),
  /** For a cancelled status: when the customer cancelled (default now). */
  cancelled_at: zLocalDateTime(m('validation.required', { field: 'cancellation date' })).optional(),
};

/** PATCH /dashboard/orders/{id}/status. */
export const ZOrderStatusRequest = z.object(statusFields);
export type TOrderStatusRequest = z.output<typeof ZOrderStatusRequest>;

/** POST /dashboard/orders/bulk-status-update: all or nothing. */
export const ZBulkStatusRequest = z.object({ ...statusFields, order_ids: zOrderIds });
export type TBulkStatusRequest = z.output<typeof ZBulkStatusRequest>;

/** POST /dashboard/orders/{id}/report: schedule the call back (the order becomes reported). */
export const ZReportOrderRequest = z.object({
  report_date: zLocalDateTime(ORDER_ACTION_MESSAGES.reportDateRequired),
  description: zOptionalText('description', 1000),
  /** Which reported status (default: the shop's first of type reported). */
  status: zSelectedId(ORDER_ACTION_MESSAGES.statusRequired, ORDER_ACTION_MESSAGES.statusInvalid).optional(),
});
export type TReportOrderRequest = z.output<typeof ZReportOrderRequest>;

/** POST /dashboard/orders/assign-agent. */
export const ZAssignAgentRequest = z.object({
  agent_id: zSelectedId(ORDER_ACTION_MESSAGES.agentRequired, ORDER_ACTION_MESSAGES.agentInvalid),
  order_ids: zOrderIds,
});
export type TAssignAgentRequest = z.output<typeof ZAssignAgentRequest>;

/** GET /dashboard/orders/phone-check: duplicates and block of a phone typed in the dialog. */
export const ZPhoneCheckQuery = z.object({
  phone: z
    .string({ error: m('validation.required', { field: 'phone' }) })
    .trim()
    .min(1, m('validation.required', { field: 'phone' }))
    .max(40),
  /** The order being edited, which is not its own duplicate. */
  exclude_id: z.preprocess(numberish, z.number().int().positive().max(MAX_ID).optional()),
});
