import crypto from 'node:crypto';
import type { TStatusType } from '@cod/shared';
import type { TMappedStatus, TTracking, TWebhookEvent } from '../../carriers/carrier.js';
import type { TShipmentStatus } from '../../carriers/shipment-status.js';
import type { Tx } from '../../db/client.js';
import type { TEventSink } from '../../lib/domain-events.js';
import type { TOrderActor } from '../orders/order-access.js';
import { lockOrders } from '../orders/order-records.js';
import { moveOrder } from './order-moves.js';
import * as repo from './shipments.repository.js';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.js';

/** One carrier status report, from a webhook, a poll or a refresh, in one shape. */
export interface TCarrierReport {
  occurredAt: string;
  status: TMappedStatus;
  reason?: string;
  location?: string;
  source: 'webhook' | 'poll' | 'refresh';
}

/**
 * The dedupe key of a report: its content (raw words, code, carrier time). A replayed webhook, the
 * same event seen by a poll and by a webhook, or a refresh repeating history all insert once
 * (docs/decisions/0030).
 */
export function reportKey(report: Pick<TCarrierReport, 'occurredAt' | 'status'>): string {
  const at = new Date(report.occurredAt).toISOString();
  const digest = crypto
    .createHash('sha256')
    .update(`${report.status.raw}|${report.status.code ?? ''}|${at}`)
    .digest('base64url')
    .slice(0, 22);
  return `ev:${digest}`;
}

export const reportsOfWebhook = (events: readonly TWebhookEvent[]): TCarrierReport[] =>
  events.map((e) => ({
    occurredAt: e.occurredAt,
    status: e.status,
    ...(e.reason ? { reason: e.reason } : {}),
    source: 'webhook',
  }));

export function reportsOfTracking(tracking: TTracking, source: 'poll' | 'refresh'): TCarrierReport[] {
  const reports: TCarrierReport[] = tracking.events.map((e) => ({
    occurredAt: e.at,
    status: e.status,
    ...(e.reason ? { reason: e.reason } : {}),
    ...(e.location ? { location: e.location } : {}),
    source,
  }));
  return reports;
}

/** SPEC 4 / decision 0008: the shipment outcomes that move the order (and its stock). */
const ORDER_MOVES: Partial<Record<TShipmentStatus, TStatusType>> = {
  delivered: 'delivered',
  // Back at the seller: the goods return to the shelf (order_returned).
  taken_by_store: 'returned',
};
const MOVABLE_FROM: readonly TStatusType[] = ['inDispatch', 'follow-up'];

/**
 * Applies carrier reports to one shipment inside the caller's transaction: stores the new ones
 * (replays are no-ops), recomputes the current status from the latest carrier time (so reordering
 * is harmless), copies it to the order, and moves the order to delivered or returned once.
 * Unknown words are kept with their raw text and never change the status (decision 0017).
 */
export async function applyReports(
  tx: Tx,
  events: TEventSink,
  actor: TOrderActor,
  shipment: repo.TShipmentRecord,
  reports: readonly TCarrierReport[],
  extra: { driverPhone?: string | undefined } = {},
): Promise<{ inserted: number; status: TShipmentStatus | null; orderMovedTo: TStatusType | null }> {
  const { tenantId } = actor;
  const inserted = await repo.insertStatusEvents(
    tx,
    tenantId,
    shipment.id,
    reports
      .filter((r) => !Number.isNaN(new Date(r.occurredAt).getTime()))
      .map((r) => ({
        status: r.status.status,
        raw: r.status.raw,
        description: r.reason ?? null,
        metadata: {
          source: r.source,
          known: r.status.known,
          ...(r.status.code ? { code: r.status.code } : {}),
          ...(r.location ? { location: r.location } : {}),
        },
        eventKey: reportKey(r),
        occurredAt: new Date(r.occurredAt).toISOString(),
      })),
  );
  const latest = await repo.latestMovement(tx, tenantId, shipment.id);
  const status = latest?.status ?? shipment.status;
  const changed = latest && (latest.status !== shipment.status || latest.raw_status !== shipment.raw_status);
  if (changed) {
    // Issue 15.7: outbound webhooks, in this transaction (docs/decisions/0089).
    await emitWebhookEvent(tx, tenantId, 'shipment.status_changed', {
      shipment_id: shipment.id,
      order_id: shipment.order_id,
      status: latest.status,
      raw_status: latest.raw_status,
      previous_status: shipment.status,
      occurred_at: latest.occurred_at,
    });
  }
  if (changed || (extra.driverPhone && extra.driverPhone !== shipment.driver_phone)) {
    await repo.setShipmentState(tx, tenantId, shipment.id, {
      ...(changed ? { status: latest.status, rawStatus: latest.raw_status, statusAt: latest.occurred_at } : {}),
      ...(extra.driverPhone ? { driverPhone: extra.driverPhone } : {}),
    });
  }
  let orderMovedTo: TStatusType | null = null;
  if (shipment.active) {
    if (changed) await repo.setOrderShipmentStatus(tx, tenantId, shipment.order_id, latest.status);
    const target = status ? ORDER_MOVES[status] : undefined;
    if (target) {
      const [order] = await lockOrders(tx, { ...actor, seesAll: true, productIds: 'all' }, [shipment.order_id], {
        deleted: false,
      });
      if (order && MOVABLE_FROM.includes(order.status_type)) {
        await moveOrder(tx, events, actor, order, target, latest?.raw_status ?? null);
        orderMovedTo = target;
      }
    }
  }
  return { inserted, status, orderMovedTo };
}
