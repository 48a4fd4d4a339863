import type { TFunction } from 'i18next';
import { ordersOf, type TNotificationPayload, type TOrderEventPayload, type TOrderEventRow } from './events';

// SPEC 9: new-order toast 5 s, status toast 3 s, other toasts the 3 s default.
export const NEW_ORDER_TOAST_MS = 5000;
export const STATUS_TOAST_MS = 3000;
export const NOTIFICATION_TOAST_MS = 3000;

/** The orders of one or several events, as one toast speaks of them. */
export interface TOrderBatch {
  rows: TOrderEventRow[];
  count: number;
}

export function batchOf(payload: TOrderEventPayload): TOrderBatch {
  const rows = ordersOf(payload);
  const declared = typeof payload.count === 'number' && payload.count > 0 ? payload.count : 0;
  return { rows, count: Math.max(rows.length, declared) };
}

export function mergeBatches(batches: TOrderBatch[]): TOrderBatch {
  return { rows: batches.flatMap((b) => b.rows), count: batches.reduce((sum, b) => sum + b.count, 0) };
}

const numberOf = (row: TOrderEventRow) =>
  row.order_number !== undefined && row.order_number !== null && row.order_number !== ''
    ? String(row.order_number)
    : `#${row.id}`;

/** "New order ORD-12", or "3 new orders" for an import chunk or several orders at once. */
export function newOrderMessage(t: TFunction, batch: TOrderBatch): string | null {
  if (batch.count === 0) return null;
  const [only] = batch.rows;
  if (batch.count === 1 && only) return t('realtime.new_order', { number: numberOf(only) });
  return t('realtime.new_orders', { count: batch.count });
}

/** The status toast is about status changes; edits, assignments and deletions only move rows. */
export function isStatusChange(payload: TOrderEventPayload): boolean {
  return payload.change === undefined || payload.change === 'status';
}

export function statusMessage(t: TFunction, batch: TOrderBatch): string | null {
  if (batch.count === 0) return null;
  const [only] = batch.rows;
  const ref = only?.status ?? only?.latest_status?.status;
  const status = ref?.display_name ?? ref?.name;
  if (batch.count === 1 && only && status) return t('realtime.status_updated', { number: numberOf(only), status });
  return t('realtime.statuses_updated', { count: batch.count });
}

// The kinds the interface can say in the user's language; any other shows the server's text.
const NOTIFICATION_KEYS: Record<string, string> = {
  low_stock: 'notifications.low_stock', // SPEC 9: Product "{name}" is low on stock (current / threshold)
  import_finished: 'realtime.import_finished',
  order_assigned: 'realtime.order_assigned',
};

export function notificationMessage(t: TFunction, payload: TNotificationPayload): string | null {
  // One notification per bulk assignment: "Order 12 was assigned to you" or "40 orders were ...".
  if (payload.kind === 'order_assigned' && Number(payload.params?.count) > 1) {
    return t('realtime.orders_assigned', { count: Number(payload.params?.count) });
  }
  const key = payload.kind ? NOTIFICATION_KEYS[payload.kind] : undefined;
  if (key) return t(key, { ...payload.params });
  return typeof payload.message === 'string' && payload.message ? payload.message : null;
}

/** Gathers what arrives within `windowMs` into one call: one toast per import burst, not per chunk. */
export function coalesce<T>(windowMs: number, flush: (items: T[]) => void) {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    push(item: T) {
      items.push(item);
      timer ??= setTimeout(() => {
        const batch = items;
        items = [];
        timer = null;
        flush(batch);
      }, windowMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      items = [];
    },
  };
}
