import {
  canTransition,
  formatLocalDateTime,
  m,
  ORDER_ACTION_MESSAGES,
  parseLocalDateTime,
  type TBulkStatusRequest,
  type TOrderRow,
  type TOrderStatusRequest,
  type TReportOrderRequest,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { recordCommissionsInTx } from '../commissions/commissions.service.js';
import { scopeOf, type TOrderActor, type TOrderDeps, type TOrderScope } from './order-access.js';
import { beforesOf, emitOrderEvents, type TOrderBefore } from './order-events.js';
import { releaseOrders, reserveOrders, returnOrders } from './order-stock.js';
import {
  firstStatusOfType,
  insertHistory,
  lockOrders,
  setOrdersStatus,
  shareStatus,
  type TLockedOrder,
  type TStatusRecord,
} from './orders.repository.js';

/** PATCH /dashboard/orders/{id}/status (SPEC 4 single status dialog). */
export async function changeOrderStatus(
  deps: TOrderDeps,
  actor: TOrderActor,
  id: number,
  request: TOrderStatusRequest,
): Promise<TOrderRow> {
  const [row] = await changeAndAnswer(deps, actor, async () => statusChangeOf(request, [id], true));
  return row!;
}

/** POST /dashboard/orders/bulk-status-update: every selected order or none (SPEC 4 bulk actions). */
export function bulkChangeStatus(
  deps: TOrderDeps,
  actor: TOrderActor,
  request: TBulkStatusRequest,
): Promise<TOrderRow[]> {
  return changeAndAnswer(deps, actor, async () => statusChangeOf(request, request.order_ids, false));
}

/**
 * POST /dashboard/orders/{id}/report: schedule a call back. The order takes the given reported
 * status (or the shop's first one) with the date-time; the history says when, unless described.
 */
export async function reportOrder(
  deps: TOrderDeps,
  actor: TOrderActor,
  id: number,
  request: TReportOrderRequest,
): Promise<TOrderRow> {
  const [row] = await changeAndAnswer(deps, actor, async (tx, scope) => {
    const status = request.status ?? (await firstStatusOfType(tx, scope.tenantId, 'reported'))?.id;
    if (status === undefined) throw AppError.validation({ status: [m('order.no_reported_status')] });
    const at = parseLocalDateTime(request.report_date, scope.timeZone);
    const description = request.description ?? (at ? `Scheduled for ${formatLocalDateTime(at, scope.timeZone)}` : null);
    return { orderIds: [id], statusId: status, description, reportDate: request.report_date, single: true };
  });
  return row!;
}

/** The status dialog's fields (single or bulk) as a change of these orders. */
function statusChangeOf(request: TOrderStatusRequest, orderIds: readonly number[], single: boolean): TStatusChange {
  return {
    orderIds,
    statusId: request.status,
    description: request.description,
    reportDate: request.report_date,
    cancelledAt: request.cancelled_at,
    single,
  };
}

/** One status change in its own transaction; answers the orders' rows, their events recorded. */
function changeAndAnswer(
  deps: TOrderDeps,
  actor: TOrderActor,
  changeOf: (tx: Tx, scope: TOrderScope) => Promise<TStatusChange>,
): Promise<TOrderRow[]> {
  return withTenantEvents(deps.db, actor.tenantId, async (tx, events) => {
    const scope = await scopeOf(tx, actor);
    const change = await changeOf(tx, scope);
    const before = await changeStatuses(tx, scope, change);
    return emitOrderEvents(tx, events, scope, 'status', change.orderIds, before);
  });
}

export interface TStatusChange {
  orderIds: readonly number[];
  statusId: number;
  description: string | null;
  /** 'Y-m-d H:i' in the shop's zone; required for a reported status. */
  reportDate?: string;
  /** 'Y-m-d H:i'; for a cancelled status (default now). */
  cancelledAt?: string;
  /** A single order's route answers 404; a bulk request names the ids it was given (422). */
  single: boolean;
}

/**
 * SPEC 4 status changes under the rules of docs/decisions/0010, for one order or a selection,
 * all or nothing: every order is checked before anything is written, stock moves with the status
 * (decision 0008; the stock message wins a refusal), and each order gets its history row.
 */
export async function changeStatuses(
  tx: Tx,
  scope: TOrderScope,
  change: TStatusChange,
  now = new Date(),
): Promise<Map<number, TOrderBefore>> {
  // The target first, FOR SHARE, then the orders: the lock order of a status removal (decision 0092).
  const target = await shareStatus(tx, scope.tenantId, change.statusId);
  if (!target) throw AppError.validation({ status: [ORDER_ACTION_MESSAGES.statusInvalid] });
  if (!target.active)
    throw AppError.validation({ status: [m('order.status_inactive', { status: target.display_name })] });
  const reportedAt = target.type === 'reported' ? scheduleOf(change.reportDate, scope.timeZone, now) : null;
  const cancelledAt =
    target.type === 'cancelled'
      ? change.cancelledAt
        ? dateTimeOf(change.cancelledAt, scope.timeZone, 'cancelled_at')
        : now
      : null;

  const orders = await lockOrders(tx, scope, change.orderIds, { deleted: false });
  if (orders.length !== change.orderIds.length) {
    if (change.single) throw AppError.notFound('Order');
    throw AppError.validation({ order_ids: [ORDER_ACTION_MESSAGES.ordersInvalid] });
  }
  assertTransitions(orders, target, change.single);

  const context = { tenantId: scope.tenantId, userId: scope.userId };
  await releaseOrders(
    tx,
    context,
    orders.filter((o) => o.stock_state === 'reserved' && target.type !== 'confirmed').map((o) => o.id),
  );
  await reserveOrders(
    tx,
    context,
    orders.filter((o) => o.stock_state === 'none' && target.type === 'confirmed').map((o) => o.id),
  );
  await returnOrders(
    tx,
    context,
    orders.filter((o) => o.stock_state === 'shipped' && target.type === 'returned').map((o) => o.id),
  );

  await setOrdersStatus(
    tx,
    scope.tenantId,
    orders.map((o) => o.id),
    { statusId: target.id, statusType: target.type, reportedAt, cancelledAt },
  );
  // Issue 13.5: the agents' commission ledger moves with the status, in this transaction (decision 0102).
  await recordCommissionsInTx(
    tx,
    scope.tenantId,
    orders.map((o) => o.id),
    target.type,
  );
  await insertHistory(
    tx,
    scope.tenantId,
    orders.map((o) => ({
      orderId: o.id,
      statusId: target.id,
      description: change.description,
      creatorId: scope.userId,
    })),
  );
  return beforesOf(orders);
}

function assertTransitions(orders: TLockedOrder[], target: TStatusRecord, single: boolean): void {
  const refused = orders.filter((o) => !canTransition(o.status_type, target.type));
  if (!refused.length) return;
  const to = target.display_name;
  const bulk = (o: TLockedOrder) => m('order.transition_bulk', { number: o.order_number, from: o.status_name, to });
  const message = single ? m('order.transition', { from: refused[0]!.status_name, to }) : bulk(refused[0]!);
  const errors: Record<string, string[]> = { status: single ? [message] : refused.map(bulk) };
  throw new AppError('invalid_transition', message, { errors });
}

/** SPEC 4/5: reported needs its schedule, a real 'Y-m-d H:i' not before the current minute. */
function scheduleOf(value: string | undefined, timeZone: string, now: Date): Date {
  if (!value) throw AppError.validation({ report_date: [ORDER_ACTION_MESSAGES.reportDateRequired] });
  const at = dateTimeOf(value, timeZone, 'report_date');
  if (at.getTime() < Math.floor(now.getTime() / 60_000) * 60_000) {
    throw AppError.validation({ report_date: [ORDER_ACTION_MESSAGES.reportDateInPast] });
  }
  return at;
}

function dateTimeOf(value: string, timeZone: string, field: string): Date {
  const at = parseLocalDateTime(value, timeZone);
  if (!at) throw AppError.validation({ [field]: [ORDER_ACTION_MESSAGES.dateTimeInvalid] });
  return at;
}
