import { sql } from 'drizzle-orm';
import { formatLocalDateTime, timeAgo, type TCarrierKindName, type TCurrentShipment } from '@cod/shared';
import { timelineColour, type TShipmentStatus } from '../../carriers/shipment-status.js';
import { rows, type Tx } from '../../db/client.js';

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

interface TRow {
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
  const found = await rows<TRow>(
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
        where sh.tenant_id = ${tenantId} and sh.active and sh.order_id in (${ids(orderIds)})`,
  );
  return new Map(
    found.map((r) => {
      const createdAt = new Date(r.created_at);
      // Newest first; our own creation record is the oldest whatever the clocks say.
      const statuses = [...r.statuses].sort(
        (a, b) =>
          Number(a.metadata?.source === 'dispatch' || a.metadata?.source === 'assign') -
            Number(b.metadata?.source === 'dispatch' || b.metadata?.source === 'assign') ||
          new Date(b.occurred_at).getTime() - new Date(a.occurred_at).getTime() ||
          b.id - a.id,
      );
      const shipment: TCurrentShipment = {
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
        statuses: statuses.map((e) => ({
          id: Number(e.id),
          status: e.status,
          raw_status: e.raw_status,
          description: e.description,
          metadata: e.metadata ?? {},
          created_at: new Date(e.occurred_at).toISOString(),
          // A remark that is not a movement gets the neutral info dot.
          color: e.status ? timelineColour(e.status) : 'info',
        })),
      };
      return [r.order_id, shipment] as const;
    }),
  );
}
