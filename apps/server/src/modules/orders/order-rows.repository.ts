import { sql, type SQL } from 'drizzle-orm';
import {
  customerRisk,
  formatLocalDateTime,
  OPEN_STATUS_TYPES,
  orderDiscount,
  timeAgo,
  type TFulfillmentStatus,
  type TOrderLine,
  type TOrderRow,
  type TOrderShipmentStatus,
  type TStatusType,
  type TCallOutcome,
  type TRiskCounts,
} from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { currentShipments } from '../shipping/timeline.js';
import { listRowShipments } from './order-list-shipments.repository.js';
import { preparedRows } from '../../db/prepared.js';

/**
 * SPEC 3 order rows in one query: the orders with their names and flags, and per order its lines
 * (with the product's variants and custom fields) and its history as JSON. The same select serves
 * reads (the tables) and creation (the CTEs of the INSERT, so a new order's row comes back from the
 * statement that wrote it).
 */
export interface TRowSources {
  /** A relation of orders rows, aliased o by the select (a table or a CTE). */
  orders: SQL;
  lines: SQL;
  history: SQL;
  where: SQL;
}

// SPEC: the duplicate warning is about orders still being worked (not delivered, returned, cancelled).
// A literal list (constants, never input): the select is also prepared once and reused.
const OPEN_TYPES = sql.raw(`(${OPEN_STATUS_TYPES.map((type) => `'${type}'`).join(', ')})`);

/**
 * How much of an order a row carries. 'full' (GET /dashboard/orders/{id}, the edit dialog): every
 * status the order went through and each product's variants. 'list' (the tables, real-time events,
 * the answers of writes): what a table row shows, the latest history entry and the line's own
 * variant only; the timeline dialog asks GET /dashboard/orders/{id}/status-timeline for the rest
 * (docs/decisions/0049).
 */
export type TRowShape = 'full' | 'list';

export function orderRowSelect(src: TRowSources, shape: TRowShape = 'full'): SQL {
  const list = shape === 'list';
  const variantsOf = list ? sql`and v.id = l.variant_id` : sql``;
  // The questions of a product and the order's answers are the status and custom-field dialogs'
  // business: they read the order itself (GET /dashboard/orders/{id}).
  const customFields = list ? sql`'[]'::jsonb` : sql`pr.custom_fields`;
  const historyRows = list
    ? sql`(select * from ${src.history} h1 where h1.tenant_id = o.tenant_id and h1.order_id = o.id
            order by h1.id desc limit 1)`
    : src.history;
  return sql`select o.id, o.order_number, o.tracking_number, o.customer_id, o.customer_full_name, o.customer_phone_1,
      o.customer_phone_2, o.state_id, o.city_id, o.customer_address, o.agent_id, a.name as agent_name,
      o.is_stopdesk, o.stopdesk_id, o.note, o.free_delivery, o.delivery_price, o.total, o.status_id,
      s.name as status_name, s.display_name as status_display_name, s.color as status_color,
      o.status_type, o.shipping_company_id, o.shipment_status, o.sales_source, o.campaign_id,
      o.source_metadata, ${list ? sql`'[]'::jsonb as customer_custom_fields` : sql`o.customer_custom_fields`}, sc.id as channel_id, sc.name as channel_name,
      sc.icon as channel_icon, sc.source_type as channel_source_type, st.name as state_name,
      st.name_ar as state_name_ar, ci.name as city_name, ci.name_ar as city_name_ar,
      b.reason as block_reason, b.created_at as blocked_at, bu.name as blocked_by,
      (select count(*)::int from orders p where p.tenant_id = o.tenant_id and p.customer_id = o.customer_id
         and p.deleted_at is null and p.created_at < o.created_at and p.id <> o.id) as previous_orders_count,
      (o.deleted_at is null and o.status_type in ${OPEN_TYPES} and exists (
         select 1 from orders d where d.tenant_id = o.tenant_id and d.customer_id = o.customer_id
           and d.id <> o.id and d.deleted_at is null and d.status_type in ${OPEN_TYPES}
           and d.created_at > o.created_at - interval '7 days'
           and d.created_at < o.created_at + interval '7 days')) as is_duplicate,
      o.attempts_count, o.unanswered_count, o.last_outcome, o.last_attempt_at, o.callback_at,
      (select json_build_object('delivered', count(*) filter (where r.status_type = 'delivered'),
          'returned', count(*) filter (where r.status_type = 'returned'),
          'cancelled_after_confirmation', count(*) filter (where r.status_type = 'cancelled' and r.was_confirmed))
       from orders r where r.tenant_id = o.tenant_id and r.customer_phone_1 = o.customer_phone_1
         and r.deleted_at is null) as risk_counts,
      o.reported_at, o.cancelled_at, o.dispatched_at, o.deleted_at, o.created_at, o.updated_at,
      (select coalesce(json_agg(json_build_object(
          'id', l.id, 'product_id', l.product_id, 'variant_id', l.variant_id, 'quantity', l.quantity,
          'price', l.price, 'catalogue_price', l.catalogue_price,
          'product', json_build_object('id', pr.id, 'name', pr.name, 'price', pr.price, 'has_variants', pr.has_variants,
            'custom_fields', ${customFields}, 'has_custom_fields', jsonb_array_length(pr.custom_fields) > 0,
            'variants', (select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'price', v.price,
                            'archived', v.archived_at is not null) order by v.position, v.id), '[]')
                         from product_variants v where v.tenant_id = pr.tenant_id and v.product_id = pr.id ${variantsOf})))
          order by l.position, l.id), '[]')
       from ${src.lines} l join products pr on pr.tenant_id = l.tenant_id and pr.id = l.product_id
       where l.tenant_id = o.tenant_id and l.order_id = o.id) as lines,
      (select coalesce(json_agg(json_build_object(
          'id', f.id, 'description', f.description, 'created_at', f.created_at,
          'status', json_build_object('id', fs.id, 'name', fs.name, 'display_name', fs.display_name, 'color', fs.color, 'type', fs.type),
          'creator', case when fu.id is null then null else json_build_object('id', fu.id, 'name', fu.name) end)
          order by f.id desc), '[]')
       from ${historyRows} f join statuses fs on fs.tenant_id = f.tenant_id and fs.id = f.status_id
       left join users fu on fu.tenant_id = f.tenant_id and fu.id = f.creator_id
       where f.tenant_id = o.tenant_id and f.order_id = o.id) as history
    from ${src.orders} o
    join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
    join states st on st.id = o.state_id
    join cities ci on ci.id = o.city_id
    left join users a on a.tenant_id = o.tenant_id and a.id = o.agent_id
    left join sales_channels sc on sc.tenant_id = o.tenant_id and sc.id = o.sales_channel_id
    left join customer_blocks b on b.tenant_id = o.tenant_id and b.customer_id = o.customer_id and b.unblocked_at is null
    left join users bu on bu.tenant_id = b.tenant_id and bu.id = b.blocked_by
    where ${src.where}`;
}

type TStamp = Date | string;

/** The fields a record carries exactly as the row (TOrderRow) shows them. */
type TSameAsRow = Pick<
  TOrderRow,
  | 'id'
  | 'order_number'
  | 'tracking_number'
  | 'customer_id'
  | 'customer_full_name'
  | 'customer_phone_1'
  | 'customer_phone_2'
  | 'state_id'
  | 'city_id'
  | 'customer_address'
  | 'agent_id'
  | 'is_stopdesk'
  | 'stopdesk_id'
  | 'note'
  | 'free_delivery'
  | 'status_id'
  | 'shipping_company_id'
  | 'sales_source'
  | 'campaign_id'
  | 'source_metadata'
  | 'customer_custom_fields'
  | 'previous_orders_count'
  | 'is_duplicate'
>;

/** One selected order as PostgreSQL returns it: flat joined columns, numerics and stamps not yet shaped. */
export interface TOrderRecord extends TSameAsRow {
  agent_name: string | null;
  delivery_price: string | number;
  total: string | number;
  status_name: string;
  status_display_name: string;
  status_color: string;
  status_type: TStatusType;
  shipment_status: TOrderShipmentStatus | null;
  channel_id: number | null;
  channel_name: string | null;
  channel_icon: string | null;
  channel_source_type: string | null;
  state_name: string;
  state_name_ar: string;
  city_name: string;
  city_name_ar: string;
  block_reason: string | null;
  blocked_at: TStamp | null;
  blocked_by: string | null;
  attempts_count: number;
  unanswered_count: number;
  last_outcome: TCallOutcome | null;
  last_attempt_at: TStamp | null;
  callback_at: TStamp | null;
  risk_counts: TRiskCounts;
  reported_at: TStamp | null;
  cancelled_at: TStamp | null;
  dispatched_at: TStamp | null;
  deleted_at: TStamp | null;
  created_at: TStamp;
  updated_at: TStamp;
  lines: Array<Omit<TOrderLine, 'product_name' | 'variant_name'>>;
  history: Array<Omit<TFulfillmentStatus, 'created_at'> & { created_at: string }>;
}

const toDate = (value: TStamp) => (value instanceof Date ? value : new Date(value));
const iso = (value: TStamp | null) => (value === null ? null : toDate(value).toISOString());

export async function orderRowsByIds(
  tx: Tx,
  tenantId: number,
  orderIds: readonly number[],
  options: { timeZone: string; now?: Date; shape?: TRowShape },
): Promise<TOrderRow[]> {
  if (!orderIds.length) return [];
  const shape = options.shape ?? 'full';
  // The ids travel as one array parameter, so the text (and its prepared plan) is the same for every page.
  const records = await preparedRows<TOrderRecord>(
    tx,
    shape === 'list' ? 'order-rows-list' : 'order-rows',
    () =>
      orderRowSelect(
        {
          orders: sql`orders`,
          lines: sql`order_lines`,
          history: sql`fulfillment_statuses`,
          where: sql`o.tenant_id = ${sql.placeholder('tenantId')} and o.id = any(${sql.placeholder('ids')}::int[])`,
        },
        shape,
      ),
    { tenantId, ids: `{${orderIds.join(',')}}` },
    // The list plans it cheaply (join_collapse_limit, decision 0096) and counts its round trips (0128).
    { genericPlan: shape === 'full' },
  );
  const byId = new Map(records.map((r) => [r.id, r]));
  const now = options.now ?? new Date();
  const rowsOut = orderIds
    .map((id) => byId.get(id))
    .filter((r): r is TOrderRecord => r !== undefined)
    .map((r) => toOrderRow(r, options.timeZone, now));
  return withCurrentShipments(tx, tenantId, rowsOut, options.timeZone, now, shape);
}

/** SPEC 3 current_shipment and shipment_status.provider_status (the shipping issue), for rows with a parcel. */
async function withCurrentShipments(
  tx: Tx,
  tenantId: number,
  orderRows: TOrderRow[],
  timeZone: string,
  now: Date,
  shape: TRowShape,
): Promise<TOrderRow[]> {
  const shipped = orderRows.filter((r) => r.tracking_number !== null).map((r) => r.id);
  if (!shipped.length) return orderRows;
  // List rows carry the parcel without its carrier history (decision 0094).
  const shipments = await (shape === 'list' ? listRowShipments : currentShipments)(
    tx,
    tenantId,
    shipped,
    timeZone,
    now,
  );
  for (const row of orderRows) {
    const shipment = shipments.get(row.id);
    if (!shipment) continue;
    row.current_shipment = shipment;
    row.shipment_status = {
      tracking_number: shipment.tracking_number,
      provider_status: shipment.provider_status,
      status: shipment.status ?? row.shipment_status?.status ?? 'created',
    };
  }
  return orderRows;
}

/** The history of one order, newest first (the status timeline dialog): that history and nothing else. */
export async function historyOf(tx: Tx, tenantId: number, orderId: number): Promise<TFulfillmentStatus[]> {
  const found = await rows<{
    id: number | string;
    description: string | null;
    created_at: TStamp;
    status_id: number;
    status_name: string;
    status_display_name: string;
    status_color: string;
    status_type: TStatusType;
    creator_id: number | null;
    creator_name: string | null;
  }>(
    tx,
    sql`select f.id, f.description, f.created_at, fs.id as status_id, fs.name as status_name,
          fs.display_name as status_display_name, fs.color as status_color, fs.type as status_type,
          fu.id as creator_id, fu.name as creator_name
        from fulfillment_statuses f join statuses fs on fs.tenant_id = f.tenant_id and fs.id = f.status_id
        left join users fu on fu.tenant_id = f.tenant_id and fu.id = f.creator_id
        where f.tenant_id = ${tenantId} and f.order_id = ${orderId}
        order by f.id desc`,
  );
  return found.map((f) => ({
    id: Number(f.id),
    description: f.description,
    created_at: iso(f.created_at)!,
    status: {
      id: f.status_id,
      name: f.status_name,
      display_name: f.status_display_name,
      color: f.status_color,
      type: f.status_type,
    },
    creator: f.creator_id === null ? null : { id: f.creator_id, name: f.creator_name ?? '' },
  }));
}

export function toOrderRow(r: TOrderRecord, timeZone: string, now = new Date()): TOrderRow {
  const createdAt = toDate(r.created_at);
  const products: TOrderLine[] = r.lines.map((l) => {
    const variants = l.product.variants.map((v) => ({ ...v, price: Number(v.price) }));
    return {
      ...l,
      price: Number(l.price),
      catalogue_price: l.catalogue_price === null ? null : Number(l.catalogue_price),
      product_name: l.product.name,
      variant_name: variants.find((v) => v.id === l.variant_id)?.name ?? null,
      product: { ...l.product, price: Number(l.product.price), variants },
    };
  });
  const history: TFulfillmentStatus[] = r.history.map((h) => ({
    ...h,
    id: Number(h.id),
    created_at: iso(h.created_at)!,
  }));
  const status = {
    id: r.status_id,
    name: r.status_name,
    display_name: r.status_display_name,
    color: r.status_color,
    type: r.status_type,
  };
  const latest = history[0];
  return {
    id: r.id,
    order_number: r.order_number,
    tracking_number: r.tracking_number,
    customer_id: r.customer_id,
    customer_full_name: r.customer_full_name,
    customer_phone_1: r.customer_phone_1,
    customer_phone_2: r.customer_phone_2,
    state_id: r.state_id,
    city_id: r.city_id,
    customer_address: r.customer_address,
    agent_id: r.agent_id,
    agent: r.agent_id !== null && r.agent_name !== null ? { id: r.agent_id, name: r.agent_name } : null,
    is_stopdesk: r.is_stopdesk,
    stopdesk_id: r.stopdesk_id,
    note: r.note,
    free_delivery: r.free_delivery,
    delivery_price: Number(r.delivery_price),
    total: Number(r.total),
    discount: orderDiscount(products),
    status_id: r.status_id,
    shipping_company_id: r.shipping_company_id,
    products,
    customer_custom_fields: r.customer_custom_fields,
    sales_source: r.sales_source,
    campaign_id: r.campaign_id,
    source_metadata: r.source_metadata,
    // The current status, described by the history row that set it.
    latest_status: {
      status,
      description: latest?.description ?? null,
      created_at: latest?.created_at ?? createdAt.toISOString(),
    },
    fulfillment_statuses: history,
    current_shipment: null,
    shipment_status: r.shipment_status
      ? { tracking_number: r.tracking_number, provider_status: null, status: r.shipment_status }
      : null,
    sales_channel:
      r.channel_id !== null
        ? { id: r.channel_id, name: r.channel_name!, icon: r.channel_icon, source_type: r.channel_source_type! }
        : null,
    is_blocked: r.block_reason !== null,
    blocked_customer:
      r.block_reason !== null && r.blocked_at !== null
        ? { reason: r.block_reason, blocked_by: r.blocked_by, created_at: iso(r.blocked_at)! }
        : null,
    previous_orders_count: Number(r.previous_orders_count),
    is_duplicate: r.is_duplicate,
    call: {
      attempts_count: r.attempts_count,
      unanswered_count: r.unanswered_count,
      last_outcome: r.last_outcome,
      last_attempt_at: iso(r.last_attempt_at),
      callback_at: iso(r.callback_at),
    },
    customer_risk: customerRisk(r.risk_counts),
    formatted_created_at: formatLocalDateTime(createdAt, timeZone),
    created_time_ago: timeAgo(createdAt, now),
    state: { id: r.state_id, name: r.state_name, name_ar: r.state_name_ar },
    city: { id: r.city_id, name: r.city_name, name_ar: r.city_name_ar },
    reported_at: iso(r.reported_at),
    formatted_reported_at: r.reported_at === null ? null : formatLocalDateTime(toDate(r.reported_at), timeZone),
    cancelled_at: iso(r.cancelled_at),
    dispatched_at: iso(r.dispatched_at),
    deleted_at: iso(r.deleted_at),
    created_at: createdAt.toISOString(),
    updated_at: iso(r.updated_at)!,
  };
}
