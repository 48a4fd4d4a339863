import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';
import { scopeOf, visibleOrders, type TOrderActor } from '../orders/order-access.js';

/** One order as the XLSX export and the printed list show it. */
export interface TExportOrder {
  id: number;
  order_number: number;
  created_at: Date;
  status: string;
  customer_full_name: string;
  customer_phone_1: string;
  customer_phone_2: string | null;
  state_code: string;
  state_name: string;
  state_name_ar: string;
  city_name: string;
  city_name_ar: string;
  customer_address: string | null;
  products: string;
  total: number;
  delivery_price: number;
  free_delivery: boolean;
  is_stopdesk: boolean;
  stopdesk_id: number | null;
  agent: string | null;
  tracking_number: string | null;
  shipment_status: string | null;
  sales_source: string | null;
  campaign_id: string | null;
  note: string | null;
}

/**
 * One page of the selected orders the actor may see (SPEC 6 scoping, as the list), newest first;
 * the export service reads a page per short transaction.
 */
export async function ordersPage(tx: Tx, actor: TOrderActor, ids: readonly number[]): Promise<TExportOrder[]> {
  const scope = await scopeOf(tx, actor);
  const t = actor.tenantId;
  return rows<TExportOrder>(
    tx,
    sql`select o.id, o.order_number, o.created_at, s.display_name as status, o.customer_full_name,
          o.customer_phone_1, o.customer_phone_2, st.code as state_code, st.name as state_name,
          st.name_ar as state_name_ar, c.name as city_name, c.name_ar as city_name_ar, o.customer_address,
          coalesce((select string_agg(l.quantity || ' × ' || p.name || coalesce(' (' || v.name || ')', ''), ', '
              order by l.position, l.id)
            from order_lines l join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
            left join product_variants v on v.tenant_id = l.tenant_id and v.id = l.variant_id
            where l.tenant_id = ${t} and l.order_id = o.id), '') as products,
          o.total::float8 as total, o.delivery_price::float8 as delivery_price, o.free_delivery, o.is_stopdesk,
          o.stopdesk_id, u.name as agent, o.tracking_number, o.shipment_status, o.sales_source, o.campaign_id, o.note
        from ${visibleOrders(scope)} o
        join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
        join states st on st.id = o.state_id
        join cities c on c.id = o.city_id
        left join users u on u.tenant_id = o.tenant_id and u.id = o.agent_id
        where o.id in (${inList(ids)})
        order by o.id desc`,
  );
}
