import { sql } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { orderNameTerms } from './order-search.js';
import type { TLineValues, TOrderValues } from './orders.repository.js';

/** A checked new order: everything it stores but its customer, who is found by phone (create-orders-in-bulk.ts). */
export interface TNewOrder extends Omit<TOrderValues, 'customerId'> {
  lines: TLineValues[];
  statusId: number;
  statusType: TStatusType;
  creatorId: number | null;
  /** 'auto' when the automatic assignment chose agentId (issue 15.3; else the trigger says manual). */
  agentSource?: 'auto' | null;
}

export interface TCreatedOrder {
  id: number;
  order_number: number;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Creates many orders in two set-based statements, for the writers that create them in bulk (an
 * import chunk, a group of intake requests; ARCHITECTURE 3.7): consecutive order numbers and ids
 * taken at once, then the orders with their lines, first history rows and name terms in one
 * statement. The customers were found or created by phone before (`customerIds`, phone -> id).
 * Answers the ids and numbers in the orders' order. The counter's row lock (held to commit) keeps
 * the numbers consecutive and gap-free.
 */
export async function insertNewOrders(
  tx: Tx,
  tenantId: number,
  orders: readonly TNewOrder[],
  customerIds: ReadonlyMap<string, number>,
): Promise<TCreatedOrder[]> {
  if (!orders.length) return [];

  const [taken] = await rows<{ last_number: number; ids: number[] }>(
    tx,
    sql`with c as (
          insert into order_number_counters as c (tenant_id, last_number) values (${tenantId}, ${orders.length})
          on conflict (tenant_id) do update set last_number = c.last_number + ${orders.length}
          returning last_number
        )
        select (select last_number from c) as last_number,
          array(select nextval(pg_get_serial_sequence('orders', 'id'))::int from generate_series(1, ${orders.length})) as ids`,
  );
  const first = taken!.last_number - orders.length + 1;
  const created = orders.map((_, index) => ({ id: taken!.ids[index]!, order_number: first + index }));

  const orderRows = orders.map((order, index) => ({
    id: created[index]!.id,
    number: created[index]!.order_number,
    customer_id: customerIds.get(order.customerPhone1),
    name: order.customerFullName,
    phone_1: order.customerPhone1,
    phone_2: order.customerPhone2,
    state_id: order.stateId,
    city_id: order.cityId,
    address: order.customerAddress,
    agent_id: order.agentId,
    agent_source: order.agentSource ?? null,
    is_stopdesk: order.isStopdesk,
    stopdesk_id: order.stopdeskId,
    note: order.note,
    free_delivery: order.freeDelivery,
    delivery_price: order.deliveryPrice,
    total: order.total,
    status_id: order.statusId,
    status_type: order.statusType,
    shipping_company_id: order.shippingCompanyId,
    sales_source: order.salesSource,
    campaign_id: order.campaignId,
    source_metadata: order.sourceMetadata,
    channel_id: order.salesChannelId,
    custom_fields: order.customerCustomFields,
    creator_id: order.creatorId,
  }));
  const lines = orders.flatMap((order, index) =>
    order.lines.map((line, position) => ({ ...line, position, id: created[index]!.id })),
  );
  const terms = orders.flatMap((order, index) =>
    orderNameTerms(order.customerFullName).map((term) => ({ id: created[index]!.id, term })),
  );

  // One statement; the foreign keys of the lines, history and terms to the new orders are checked
  // at its end, when the orders exist.
  await tx.execute(
    sql`with o as (
          insert into orders (tenant_id, id, order_number, customer_id, customer_full_name, customer_phone_1,
            customer_phone_2, state_id, city_id, customer_address, agent_id, is_stopdesk, stopdesk_id, note,
            free_delivery, delivery_price, total, status_id, status_type, shipping_company_id, sales_source,
            campaign_id, source_metadata, sales_channel_id, customer_custom_fields, created_by, agent_source)
          select ${tenantId}, x.id, x.number, x.customer_id, x.name, x.phone_1, x.phone_2, x.state_id, x.city_id,
            x.address, x.agent_id, x.is_stopdesk, x.stopdesk_id, x.note, x.free_delivery, x.delivery_price, x.total,
            x.status_id, x.status_type, x.shipping_company_id, x.sales_source, x.campaign_id, x.source_metadata,
            x.channel_id, x.custom_fields, x.creator_id, x.agent_source
          from jsonb_to_recordset(${json(orderRows)}::jsonb) as x(id int, number int, customer_id int, name text,
            phone_1 text, phone_2 text, state_id int, city_id int, address text, agent_id int, is_stopdesk boolean,
            stopdesk_id int, note text, free_delivery boolean, delivery_price numeric, total numeric, status_id int,
            status_type text, shipping_company_id int, sales_source text, campaign_id text, source_metadata jsonb,
            channel_id int, custom_fields jsonb, creator_id int, agent_source text)
        ), l as (
          insert into order_lines (tenant_id, order_id, position, product_id, variant_id, quantity, price, catalogue_price)
          select ${tenantId}, x.id, x.position, x.product_id, x.variant_id, x.quantity, x.price, x.catalogue_price
          from jsonb_to_recordset(${json(lines)}::jsonb) as x(id int, position int, product_id int, variant_id int,
            quantity int, price numeric, catalogue_price numeric)
        ), h as (
          insert into fulfillment_statuses (tenant_id, order_id, status_id, description, creator_id)
          select ${tenantId}, x.id, x.status_id, null, x.creator_id
          from jsonb_to_recordset(${json(orderRows)}::jsonb) as x(id int, status_id int, creator_id int)
        )
        insert into order_search_terms (tenant_id, term, order_id)
        select ${tenantId}, x.term, x.id from jsonb_to_recordset(${json(terms)}::jsonb) as x(id int, term text)`,
  );
  return created;
}
