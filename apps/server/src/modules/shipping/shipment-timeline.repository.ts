import { sql } from 'drizzle-orm';
import type { TCarrierKindName } from '@cod/shared';
import type { TShipmentStatus } from '../../carriers/shipment-status.js';
import { rows, type Tx } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';

export interface TShipmentTimelineRow {
  id: number;
  order_id: number;
  tracking_number: string;
  status: TShipmentStatus | null;
  raw_status: string | null;
  driver_phone: string | null;
  created_at: string;
  company_id: number;
  company_name: string;
  company_icon: string | null;
  company_code: string;
  company_kind: TCarrierKindName;
  statuses: Array<{
    id: number;
    status: TShipmentStatus | null;
    raw_status: string;
    description: string | null;
    metadata: Record<string, unknown>;
    occurred_at: string;
  }>;
}

/** The active parcel of each order with its company and every status it went through (unsorted). */
export function activeShipmentTimelines(
  tx: Tx,
  tenantId: number,
  orderIds: readonly number[],
): Promise<TShipmentTimelineRow[]> {
  return rows<TShipmentTimelineRow>(
    tx,
    sql`select sh.id, sh.order_id, sh.tracking_number, sh.status, sh.raw_status, sh.driver_phone, sh.created_at,
          c.id as company_id, c.name as company_name, c.icon as company_icon, c.code as company_code,
          c.kind as company_kind,
          coalesce((select json_agg(json_build_object('id', e.id, 'status', e.status, 'raw_status', e.raw_status,
                      'description', e.description, 'metadata', e.metadata, 'occurred_at', e.occurred_at))
                    from shipment_statuses e where e.tenant_id = sh.tenant_id and e.shipment_id = sh.id), '[]'::json)
            as statuses
        from shipments sh
        join shipping_companies c on c.tenant_id = sh.tenant_id and c.id = sh.shipping_company_id
        where sh.tenant_id = ${tenantId} and sh.active and sh.order_id in (${inList(orderIds)})`,
  );
}
