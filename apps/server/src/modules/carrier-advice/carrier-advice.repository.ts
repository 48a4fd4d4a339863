import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** Issue 15.6: the shop's own delivery history per company in a wilaya (docs/decisions/0091). */

export interface TPlaceOfOrders {
  state_id: number;
  city_id: number;
  is_stopdesk: boolean;
}

/** The distinct places of some orders (the dialog's selection), at most a few rows. */
export function placesOf(tx: Tx, tenantId: number, orderIds: readonly number[]) {
  return rows<TPlaceOfOrders>(
    tx,
    sql`select distinct state_id, city_id, is_stopdesk from orders
        where tenant_id = ${tenantId} and id = any(${`{${orderIds.join(',')}}`}::int[]) and deleted_at is null
        limit 50`,
  );
}

export interface TCompanyHistoryRow {
  shipping_company_id: number;
  delivered: number;
  returned: number;
  wilaya_days: string | number | null;
  commune_delivered: number;
  commune_returned: number;
  commune_days: string | number | null;
}

/**
 * Delivered and returned orders per company dispatched to the wilaya within the window, and those
 * of the commune among them; average days from dispatch to the delivery event (the active
 * shipment's delivered status time). Reads orders_carrier_advice_idx: tenant, wilaya, date range.
 */
export function historyOfWilaya(
  tx: Tx,
  tenantId: number,
  place: { stateId: number; cityId: number | null; windowDays: number },
) {
  const city = place.cityId ?? -1;
  const days = sql`extract(epoch from (s.status_at - o.dispatched_at)) / 86400.0`;
  const delivered = sql`o.status_type = 'delivered'`;
  const timed = sql`s.status = 'delivered' and s.status_at >= o.dispatched_at`;
  return rows<TCompanyHistoryRow>(
    tx,
    sql`select o.shipping_company_id,
          count(*) filter (where ${delivered})::int as delivered,
          count(*) filter (where o.status_type = 'returned')::int as returned,
          avg(${days}) filter (where ${delivered} and ${timed}) as wilaya_days,
          count(*) filter (where ${delivered} and o.city_id = ${city})::int as commune_delivered,
          count(*) filter (where o.status_type = 'returned' and o.city_id = ${city})::int as commune_returned,
          avg(${days}) filter (where ${delivered} and ${timed} and o.city_id = ${city}) as commune_days
        from orders o
        left join shipments s on s.tenant_id = o.tenant_id and s.order_id = o.id and s.active and ${delivered}
        where o.tenant_id = ${tenantId} and o.state_id = ${place.stateId}
          and o.dispatched_at >= now() - make_interval(days => ${place.windowDays})
          and o.dispatched_at is not null and o.shipping_company_id is not null and o.deleted_at is null
          and o.status_type in ('delivered', 'returned')
        group by o.shipping_company_id`,
  );
}

/** The shop's companies that can take parcels, with their fee to the wilaya (centimes). */
export function companiesWithFees(tx: Tx, tenantId: number, stateId: number, stopdesk: boolean) {
  const fee = stopdesk ? sql`f.stopdesk_fee` : sql`f.home_fee`;
  return rows<{ id: number; name: string; fee_centimes: string | number | null }>(
    tx,
    sql`select c.id, c.name, round(${fee} * 100)::bigint as fee_centimes
        from shipping_companies c
        left join shipping_fees f on f.tenant_id = c.tenant_id and f.shipping_company_id = c.id and f.state_id = ${stateId}
        where c.tenant_id = ${tenantId} and c.active and c.archived_at is null
        order by c.name, c.id`,
  );
}

export async function readPreselect(tx: Tx, tenantId: number): Promise<boolean> {
  const [row] = await rows<{ preselect: boolean }>(
    tx,
    sql`select preselect from carrier_advice_settings where tenant_id = ${tenantId}`,
  );
  return row?.preselect ?? false;
}

export async function writePreselect(tx: Tx, tenantId: number, preselect: boolean): Promise<void> {
  await tx.execute(sql`insert into carrier_advice_settings (tenant_id, preselect) values (${tenantId}, ${preselect})
    on conflict (tenant_id) do update set preselect = excluded.preselect, updated_at = now()`);
}
