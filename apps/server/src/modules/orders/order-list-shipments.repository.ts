import { sql } from 'drizzle-orm';
import type { TCurrentShipment } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { toCurrentShipment, type TShipmentHead } from '../shipping/timeline.js';

interface TListShipmentRecord extends TShipmentHead {
  order_id: number;
}

/**
 * SPEC 3 current_shipment of list rows (docs/decisions/0094): the active parcel and its company,
 * what the table shows (company, driver's phone, the carrier's status) and what its row actions
 * read (the company's code and kind). `statuses` is empty: the shipment timeline dialog reads the
 * parcel's history from GET /orders/{id}/shipment-timeline, so the list does not carry every
 * carrier event of every parcel on the page.
 */
export async function listRowShipments(
  tx: Tx,
  tenantId: number,
  orderIds: readonly number[],
  timeZone: string,
  now: Date,
): Promise<Map<number, TCurrentShipment>> {
  if (!orderIds.length) return new Map();
  const found = await rows<TListShipmentRecord>(
    tx,
    sql`select sh.id, sh.order_id, sh.tracking_number, sh.status, sh.raw_status, sh.driver_phone, sh.created_at,
          c.id as company_id, c.name as company_name, c.icon as company_icon, c.code as company_code,
          c.kind as company_kind
        from shipments sh
        join shipping_companies c on c.tenant_id = sh.tenant_id and c.id = sh.shipping_company_id
        where sh.tenant_id = ${tenantId} and sh.active and sh.order_id = any(${`{${orderIds.join(',')}}`}::int[])`,
  );
  return new Map(found.map((r) => [r.order_id, toCurrentShipment(r, [], timeZone, now)] as const));
}
