import { sql } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import type { TShipmentStatus } from '../../carriers/shipment-status.js';
import { firstRow, rows, type Tx } from '../../db/client.js';
import type { TOrderStockState } from '../../db/schema/index.js';
import { visibleTo, type TOrderScope } from '../orders/order-access.js';
import { inList } from '../../db/sql-lists.js';

/** What handing an order to a carrier needs: the parcel's fields and the rules' inputs. */
export interface TShippingOrder {
  id: number;
  order_number: number;
  status_type: TStatusType;
  stock_state: TOrderStockState;
  agent_id: number | null;
  customer_full_name: string;
  customer_phone_1: string;
  customer_phone_2: string | null;
  customer_address: string | null;
  state_id: number;
  state_name: string;
  state_name_ar: string;
  city_name: string;
  city_name_ar: string;
  is_stopdesk: boolean;
  stopdesk_id: number | null;
  note: string | null;
  free_delivery: boolean;
  total: number;
  lines: Array<{ name: string; quantity: number }>;
}

/**
 * Orders the caller may see (SPEC 6 scoping), not deleted, locked when `lock` (a status change
 * follows). Answers only those found, in id order.
 */
export function shippingOrders(
  tx: Tx,
  scope: TOrderScope,
  orderIds: readonly number[],
  options: { lock?: boolean } = {},
): Promise<TShippingOrder[]> {
  if (!orderIds.length) return Promise.resolve([]);
  const scoped = visibleTo(scope);
  return rows<TShippingOrder>(
    tx,
    sql`select o.id, o.order_number, o.status_type, o.stock_state, o.agent_id, o.customer_full_name,
          o.customer_phone_1, o.customer_phone_2, o.customer_address, o.state_id, s.name as state_name,
          s.name_ar as state_name_ar, c.name as city_name, c.name_ar as city_name_ar, o.is_stopdesk,
          o.stopdesk_id, o.note, o.free_delivery, o.total::float8 as total,
          coalesce((select json_agg(json_build_object('name', p.name || coalesce(' - ' || v.name, ''),
                      'quantity', l.quantity) order by l.position, l.id)
                    from order_lines l join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
                    left join product_variants v on v.tenant_id = l.tenant_id and v.id = l.variant_id
                    where l.tenant_id = o.tenant_id and l.order_id = o.id), '[]'::json) as lines
        from orders o
        join states s on s.id = o.state_id
        join cities c on c.id = o.city_id
        where o.tenant_id = ${scope.tenantId} and o.id in (${inList(orderIds)}) and o.deleted_at is null
          ${scoped ? sql`and ${scoped}` : sql``}
        order by o.id
        ${options.lock ? sql`for update of o` : sql``}`,
  );
}

export interface TShipmentRecord {
  id: number;
  order_id: number;
  shipping_company_id: number;
  reference: string;
  carrier_parcel_id: string | null;
  tracking_number: string;
  label_url: string | null;
  status: TShipmentStatus | null;
  raw_status: string | null;
  driver_phone: string | null;
  active: boolean;
  validated_at: string | null;
  status_at: string | null;
  created_at: string;
}

const SHIPMENT_COLUMNS = sql`id, order_id, shipping_company_id, reference, carrier_parcel_id, tracking_number,
  label_url, status, raw_status, driver_phone, active, validated_at, status_at, created_at`;

export function activeShipments(tx: Tx, tenantId: number, orderIds: readonly number[]): Promise<TShipmentRecord[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return rows<TShipmentRecord>(
    tx,
    sql`select ${SHIPMENT_COLUMNS} from shipments
        where tenant_id = ${tenantId} and active and order_id in (${inList(orderIds)})`,
  );
}

export async function shipmentByTracking(
  tx: Tx,
  tenantId: number,
  companyId: number,
  tracking: string,
): Promise<TShipmentRecord | undefined> {
  return firstRow<TShipmentRecord>(
    tx,
    sql`select ${SHIPMENT_COLUMNS} from shipments
        where tenant_id = ${tenantId} and shipping_company_id = ${companyId} and tracking_number = ${tracking}
        order by active desc, id desc limit 1 for update`,
  );
}

/** A shipment by id; with `lock`, held for update until the transaction ends. */
export async function shipmentById(
  tx: Tx,
  tenantId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TShipmentRecord | undefined> {
  return firstRow<TShipmentRecord>(
    tx,
    sql`select ${SHIPMENT_COLUMNS} from shipments where tenant_id = ${tenantId} and id = ${id}
        ${options.lock ? sql`for update` : sql``}`,
  );
}

export function lockShipment(tx: Tx, tenantId: number, id: number): Promise<TShipmentRecord | undefined> {
  return shipmentById(tx, tenantId, id, { lock: true });
}

/** How many parcels an order has had with a company (a new one gets the next reference). */
export async function shipmentCount(tx: Tx, tenantId: number, orderId: number, companyId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from shipments
        where tenant_id = ${tenantId} and order_id = ${orderId} and shipping_company_id = ${companyId}`,
  );
  return row?.n ?? 0;
}

export interface TStatusEvent {
  status: TShipmentStatus | null;
  raw: string;
  description: string | null;
  metadata: Record<string, unknown>;
  eventKey: string;
  occurredAt: string;
}

/** Inserts the events not seen before (replays are ignored); answers how many were new. */
export async function insertStatusEvents(
  tx: Tx,
  tenantId: number,
  shipmentId: number,
  events: readonly TStatusEvent[],
): Promise<number> {
  if (!events.length) return 0;
  const inserted = await rows<{ id: number }>(
    tx,
    sql`insert into shipment_statuses (tenant_id, shipment_id, status, raw_status, description, metadata,
          event_key, occurred_at)
        select ${tenantId}, ${shipmentId}, x.status, x.raw, x.description, coalesce(x.metadata, '{}'::jsonb),
          x.event_key, x.occurred_at
        from jsonb_to_recordset(${JSON.stringify(
          events.map((e) => ({
            status: e.status,
            raw: e.raw,
            description: e.description,
            metadata: e.metadata,
            event_key: e.eventKey,
            occurred_at: e.occurredAt,
          })),
        )}::jsonb) as x(status text, raw text, description text, metadata jsonb, event_key text, occurred_at timestamptz)
        on conflict (tenant_id, shipment_id, event_key) do nothing
        returning id`,
  );
  return inserted.length;
}

/**
 * The latest movement by carrier time (not arrival order): out-of-order events cannot win. Our
 * own creation record (stamped with our clock) ranks below anything the carrier said.
 */
export async function latestMovement(
  tx: Tx,
  tenantId: number,
  shipmentId: number,
): Promise<{ status: TShipmentStatus; raw_status: string; occurred_at: string } | undefined> {
  return firstRow<{ status: TShipmentStatus; raw_status: string; occurred_at: string }>(
    tx,
    sql`select status, raw_status, occurred_at from shipment_statuses
        where tenant_id = ${tenantId} and shipment_id = ${shipmentId} and status is not null
        order by (event_key like 'created:%') asc, occurred_at desc, id desc limit 1`,
  );
}

export async function setShipmentState(
  tx: Tx,
  tenantId: number,
  shipmentId: number,
  values: {
    status?: TShipmentStatus | null;
    rawStatus?: string | null;
    statusAt?: string | null;
    driverPhone?: string | null;
    active?: boolean;
    validated?: boolean;
  },
): Promise<void> {
  const sets = [sql`updated_at = now()`];
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`);
  if (values.rawStatus !== undefined) sets.push(sql`raw_status = ${values.rawStatus}`);
  if (values.statusAt !== undefined) sets.push(sql`status_at = ${values.statusAt}`);
  if (values.driverPhone !== undefined) sets.push(sql`driver_phone = ${values.driverPhone}`);
  if (values.active !== undefined) sets.push(sql`active = ${values.active}`);
  if (values.validated) sets.push(sql`validated_at = coalesce(validated_at, now())`);
  await tx.execute(
    sql`update shipments set ${sql.join(sets, sql`, `)} where tenant_id = ${tenantId} and id = ${shipmentId}`,
  );
}

/** The order keeps a copy of its current parcel (the list filters and shows it, SPEC 2.4). */
export async function setOrderShipment(
  tx: Tx,
  tenantId: number,
  orderId: number,
  values: { companyId: number | null; tracking: string | null; status: TShipmentStatus | null },
): Promise<void> {
  await tx.execute(
    sql`update orders set shipping_company_id = coalesce(${values.companyId}, shipping_company_id),
          tracking_number = ${values.tracking}, shipment_status = ${values.status}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${orderId}`,
  );
}

export async function setOrderShipmentStatus(
  tx: Tx,
  tenantId: number,
  orderId: number,
  status: TShipmentStatus | null,
): Promise<void> {
  await tx.execute(
    sql`update orders set shipment_status = ${status}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${orderId}`,
  );
}

// ---------------------------------------------------------------- attempts (decision 0029)

export async function attemptsOf(
  tx: Tx,
  tenantId: number,
  companyId: number,
  orderIds: readonly number[],
): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const found = await rows<{ order_id: number; reference: string }>(
    tx,
    sql`select order_id, reference from shipment_attempts
        where tenant_id = ${tenantId} and shipping_company_id = ${companyId} and order_id in (${inList(orderIds)})`,
  );
  return new Map(found.map((r) => [r.order_id, r.reference]));
}

export async function insertAttempts(
  tx: Tx,
  tenantId: number,
  companyId: number,
  attempts: ReadonlyArray<{ orderId: number; reference: string }>,
): Promise<void> {
  if (!attempts.length) return;
  await tx.execute(
    sql`insert into shipment_attempts (tenant_id, order_id, shipping_company_id, reference)
        select ${tenantId}, x.order_id, ${companyId}, x.reference
        from jsonb_to_recordset(${JSON.stringify(attempts.map((a) => ({ order_id: a.orderId, reference: a.reference })))}::jsonb)
          as x(order_id int, reference text)
        on conflict (tenant_id, order_id, shipping_company_id) do nothing`,
  );
}

export async function deleteAttempts(
  tx: Tx,
  tenantId: number,
  companyId: number,
  orderIds: readonly number[],
): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(
    sql`delete from shipment_attempts
        where tenant_id = ${tenantId} and shipping_company_id = ${companyId} and order_id in (${inList(orderIds)})`,
  );
}

// ---------------------------------------------------------------- set-based writes of a dispatch chunk

export interface TNewShipment {
  orderId: number;
  companyId: number;
  reference: string;
  carrierParcelId: string | null;
  trackingNumber: string;
  labelUrl: string | null;
  status: TShipmentStatus;
  rawStatus: string;
  description: string | null;
  source: string;
}

/**
 * Records many new parcels in three statements: the shipments, their first status rows, and the
 * orders' copy of tracking number and status; then drops their attempt rows.
 */
export async function recordNewShipments(tx: Tx, tenantId: number, items: readonly TNewShipment[]): Promise<void> {
  if (!items.length) return;
  const payload = JSON.stringify(
    items.map((i) => ({
      order_id: i.orderId,
      company_id: i.companyId,
      reference: i.reference,
      carrier_parcel_id: i.carrierParcelId,
      tracking_number: i.trackingNumber,
      label_url: i.labelUrl,
      status: i.status,
      raw_status: i.rawStatus,
      description: i.description,
      source: i.source,
    })),
  );
  await tx.execute(
    sql`with input as (
          select * from jsonb_to_recordset(${payload}::jsonb) as x(order_id int, company_id int, reference text,
            carrier_parcel_id text, tracking_number text, label_url text, status text, raw_status text,
            description text, source text)
        ), created as (
          insert into shipments (tenant_id, order_id, shipping_company_id, reference, carrier_parcel_id,
            tracking_number, label_url, status, raw_status, status_at)
          select ${tenantId}, order_id, company_id, reference, carrier_parcel_id, tracking_number, label_url,
            status, raw_status, now()
          from input
          returning id, order_id
        ), history as (
          insert into shipment_statuses (tenant_id, shipment_id, status, raw_status, description, metadata,
            event_key, occurred_at)
          select ${tenantId}, c.id, i.status, i.raw_status, i.description, jsonb_build_object('source', i.source),
            'created:' || i.tracking_number, now()
          from created c join input i on i.order_id = c.order_id
        ), attempts as (
          delete from shipment_attempts a using input i
          where a.tenant_id = ${tenantId} and a.order_id = i.order_id and a.shipping_company_id = i.company_id
        )
        update orders o set shipping_company_id = i.company_id, tracking_number = i.tracking_number,
          shipment_status = i.status, updated_at = now()
        from input i where o.tenant_id = ${tenantId} and o.id = i.order_id`,
  );
}
