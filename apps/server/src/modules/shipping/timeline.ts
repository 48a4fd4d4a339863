import { formatLocalDateTime, timeAgo, type TCurrentShipment } from '@cod/shared';
import { timelineColour } from '../../carriers/shipment-status.js';
import type { Tx } from '../../db/client.js';
import { activeShipmentTimelines } from './shipment-timeline.repository.js';

/**
 * SPEC 3 current_shipment of orders (the active parcel), with its statuses newest first and SPEC 4
 * dot colours. Exposed for the orders list too (it fills `current_shipment` with this).
 */
export async function currentShipments(
  tx: Tx,
  tenantId: number,
  orderIds: readonly number[],
  timeZone: string,
  now = new Date(),
): Promise<Map<number, TCurrentShipment>> {
  if (!orderIds.length) return new Map();
  const found = await activeShipmentTimelines(tx, tenantId, orderIds);
  return new Map(
    found.map((r) => {
      // Newest first; our own creation record is the oldest whatever the clocks say.
      const statuses = [...r.statuses].sort(
        (a, b) =>
          Number(a.metadata?.source === 'dispatch' || a.metadata?.source === 'assign') -
            Number(b.metadata?.source === 'dispatch' || b.metadata?.source === 'assign') ||
          new Date(b.occurred_at).getTime() - new Date(a.occurred_at).getTime() ||
          b.id - a.id,
      );
      const shipment = toCurrentShipment(
        r,
        statuses.map((e) => ({
          id: Number(e.id),
          status: e.status,
          raw_status: e.raw_status,
          description: e.description,
          metadata: e.metadata ?? {},
          created_at: new Date(e.occurred_at).toISOString(),
          // A remark that is not a movement gets the neutral info dot.
          color: e.status ? timelineColour(e.status) : 'info',
        })),
        timeZone,
        now,
      );
      return [r.order_id, shipment] as const;
    }),
  );
}

/** A parcel and its company, as the shipment queries select them. */
export interface TShipmentHead {
  id: number;
  tracking_number: string;
  status: TCurrentShipment['status'];
  raw_status: string | null;
  driver_phone: string | null;
  created_at: string | Date;
  company_id: number;
  company_name: string;
  company_icon: string | null;
  company_code: string;
  company_kind: TCurrentShipment['shipping_company']['kind'];
}

/** SPEC 3 current_shipment of a parcel, with the statuses the caller has (the orders list passes none). */
export function toCurrentShipment(
  r: TShipmentHead,
  statuses: TCurrentShipment['statuses'],
  timeZone: string,
  now: Date,
): TCurrentShipment {
  const createdAt = new Date(r.created_at);
  return {
    id: r.id,
    shipping_company: {
      id: r.company_id,
      name: r.company_name,
      icon: r.company_icon,
      code: r.company_code,
      kind: r.company_kind,
    },
    tracking_number: r.tracking_number,
    status: r.status,
    provider_status: r.raw_status,
    driver_phone: r.driver_phone,
    formatted_created_at: formatLocalDateTime(createdAt, timeZone),
    created_time_ago: timeAgo(createdAt, now),
    statuses,
  };
}
