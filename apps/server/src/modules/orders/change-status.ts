import {
  m,
  formatLocalDateTime,
  parseLocalDateTime,
  type TBulkStatusRequest,
  type TOrderRow,
  type TOrderStatusRequest,
  type TReportOrderRequest,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TEventSink } from '../../lib/domain-events.js';
import type { TOrderScope } from './order-access.js';
import { emitOrderEvents } from './order-events.js';
import { changeStatuses } from './order-status.service.js';
import { firstStatusOfType } from './orders.repository.js';

/** PATCH /dashboard/orders/{id}/status (SPEC 4 single status dialog). */
export async function changeOrderStatus(
  tx: Tx,
  events: TEventSink,
  scope: TOrderScope,
  id: number,
  request: TOrderStatusRequest,
): Promise<TOrderRow> {
  const before = await changeStatuses(tx, scope, {
    orderIds: [id],
    statusId: request.status,
    description: request.description,
    reportDate: request.report_date,
    cancelledAt: request.cancelled_at,
    single: true,
  });
  const [row] = await emitOrderEvents(tx, events, scope, 'status', [id], before);
  return row!;
}

/** POST /dashboard/orders/bulk-status-update: every selected order or none (SPEC 4 bulk actions). */
export async function bulkChangeStatus(
  tx: Tx,
  events: TEventSink,
  scope: TOrderScope,
  request: TBulkStatusRequest,
): Promise<TOrderRow[]> {
  const before = await changeStatuses(tx, scope, {
    orderIds: request.order_ids,
    statusId: request.status,
    description: request.description,
    reportDate: request.report_date,
    cancelledAt: request.cancelled_at,
    single: false,
  });
  return emitOrderEvents(tx, events, scope, 'status', request.order_ids, before);
}

/**
 * POST /dashboard/orders/{id}/report: schedule a call back. The order takes the given reported
 * status (or the shop's first one) with the date-time; the history says when, unless described.
 */
export async function reportOrder(
  tx: Tx,
  events: TEventSink,
  scope: TOrderScope,
  id: number,
  request: TReportOrderRequest,
): Promise<TOrderRow> {
  const status = request.status ?? (await firstStatusOfType(tx, scope.tenantId, 'reported'))?.id;
  if (status === undefined) throw AppError.validation({ status: [m('order.no_reported_status')] });
  const at = parseLocalDateTime(request.report_date, scope.timeZone);
  const description = request.description ?? (at ? `Scheduled for ${formatLocalDateTime(at, scope.timeZone)}` : null);
  const before = await changeStatuses(tx, scope, {
    orderIds: [id],
    statusId: status,
    description,
    reportDate: request.report_date,
    single: true,
  });
  const [row] = await emitOrderEvents(tx, events, scope, 'status', [id], before);
  return row!;
}
