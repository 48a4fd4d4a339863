import { sql } from 'drizzle-orm';
import { orderCustomFieldValues, orderTotal, type TOrderInput } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { nameTerms } from '../customers/customer-search.js';
import { orderNameTerms } from '../orders/order-search.js';
import type { TImportSetup } from './import-context.js';

export interface TValidRow {
  rowNumber: number;
  input: TOrderInput;
}

export interface TImportedOrder {
  id: number;
  order_number: number;
  row_number: number;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Creates one chunk's orders in a few set-based statements (ARCHITECTURE 3.7: one transaction per
 * chunk): the customers by phone (created on first order, a missing name filled, exactly as the
 * order dialog's creation does), consecutive order numbers taken at once, then the orders with
 * their line, first history row, name terms and import_rows guard in one statement. Orders start
 * in the shop's first 'new' status (so no stock is reserved, decision 0008), unassigned unless
 * the importer only works its own orders.
 */
export async function insertImportedOrders(
  tx: Tx,
  setup: TImportSetup,
  batch: { id: number; fileName: string },
  valid: readonly TValidRow[],
): Promise<TImportedOrder[]> {
  if (!valid.length) return [];
  const { tenantId, userId, seesAll } = setup.actor;
  const { products } = setup.context;

  // ON CONFLICT cannot touch one row twice per statement: one entry per phone, the first name wins.
  const byPhone = new Map<string, string>();
  for (const row of valid)
    if (!byPhone.has(row.input.customer_phone_1)) byPhone.set(row.input.customer_phone_1, row.input.customer_full_name);
  // The customer's stored name decides its search terms: a name it already had is indexed already.
  const customerTerms = [...byPhone].flatMap(([phone, name]) => nameTerms(name).map((term) => ({ phone, name, term })));
  const customers = await rows<{ id: number; phone: string }>(
    tx,
    sql`with c as (
          insert into customers as c (tenant_id, phone, name)
          select ${tenantId}, x.phone, x.name from jsonb_to_recordset(${json(
            [...byPhone].map(([phone, name]) => ({ phone, name })),
          )}::jsonb) as x(phone text, name text)
          on conflict (tenant_id, phone) do update set name = coalesce(c.name, excluded.name)
          returning id, phone, name
        ), t as (
          insert into customer_search_terms (tenant_id, term, customer_id)
          select ${tenantId}, x.term, c.id
          from jsonb_to_recordset(${json(customerTerms)}::jsonb) as x(phone text, name text, term text)
          join c on c.phone = x.phone and c.name = x.name
          on conflict do nothing
        )
        select id, phone from c`,
  );
  const customerId = new Map(customers.map((c) => [c.phone, c.id]));

  // Numbers and ids for the whole chunk in one round trip: the rows below then need no join to
  // find their order, and the counter's row lock (held to commit) keeps the numbers consecutive.
  const [taken] = await rows<{ last_number: number; ids: number[] }>(
    tx,
    sql`with c as (
          insert into order_number_counters as c (tenant_id, last_number) values (${tenantId}, ${valid.length})
          on conflict (tenant_id) do update set last_number = c.last_number + ${valid.length}
          returning last_number
        )
        select (select last_number from c) as last_number,
          array(select nextval(pg_get_serial_sequence('orders', 'id'))::int from generate_series(1, ${valid.length})) as ids`,
  );
  const first = taken!.last_number - valid.length + 1;

  const orders = [];
  const lines = [];
  const terms = [];
  const created: TImportedOrder[] = [];
  for (const [index, { rowNumber, input }] of valid.entries()) {
    const id = taken!.ids[index]!;
    const number = first + index;
    const orderLines = input.products.map((line, position) => {
      const product = products.get(line.product_id)!;
      const variant = product.variants.find((v) => v.id === line.variant_id);
      const cataloguePrice = variant ? variant.price : product.price;
      return { ...line, position, price: line.price ?? cataloguePrice, catalogue_price: cataloguePrice, id };
    });
    lines.push(...orderLines);
    orders.push({
      id,
      number,
      customer_id: customerId.get(input.customer_phone_1),
      name: input.customer_full_name,
      phone_1: input.customer_phone_1,
      phone_2: input.customer_phone_2,
      state_id: input.state_id,
      city_id: input.city_id,
      address: input.customer_address,
      is_stopdesk: input.is_stopdesk,
      stopdesk_id: input.is_stopdesk ? input.stopdesk_id : null,
      note: input.note,
      free_delivery: input.free_delivery,
      delivery_price: input.delivery_price,
      // SPEC 5: sum of price x quantity plus delivery (0 when free delivery).
      total: orderTotal(orderLines, input.delivery_price, input.free_delivery),
      sales_source: input.sales_source,
      campaign_id: input.campaign_id,
      source_metadata: {
        source: 'import',
        import_batch_id: batch.id,
        row_number: rowNumber,
        file_name: batch.fileName,
      },
      custom_fields: orderCustomFieldValues(input, { products }),
    });
    terms.push(...orderNameTerms(input.customer_full_name).map((term) => ({ id, term })));
    created.push({ id, order_number: number, row_number: rowNumber });
  }

  // One statement; the foreign keys of the lines, history, terms and guards to the new orders are
  // checked at its end, when the orders exist.
  await tx.execute(
    sql`with o as (
          insert into orders (tenant_id, id, order_number, customer_id, customer_full_name, customer_phone_1,
            customer_phone_2, state_id, city_id, customer_address, agent_id, is_stopdesk, stopdesk_id, note,
            free_delivery, delivery_price, total, status_id, status_type, sales_source, campaign_id,
            source_metadata, customer_custom_fields, created_by)
          select ${tenantId}, x.id, x.number, x.customer_id, x.name, x.phone_1, x.phone_2, x.state_id, x.city_id,
            x.address, ${seesAll ? null : userId}, x.is_stopdesk, x.stopdesk_id, x.note, x.free_delivery,
            x.delivery_price, x.total, ${setup.status.id}, ${setup.status.type}, x.sales_source, x.campaign_id,
            x.source_metadata, x.custom_fields, ${userId}
          from jsonb_to_recordset(${json(orders)}::jsonb) as x(id int, number int, customer_id int, name text,
            phone_1 text, phone_2 text, state_id int, city_id int, address text, is_stopdesk boolean, stopdesk_id int,
            note text, free_delivery boolean, delivery_price numeric, total numeric, sales_source text,
            campaign_id text, source_metadata jsonb, custom_fields jsonb)
        ), l as (
          insert into order_lines (tenant_id, order_id, position, product_id, variant_id, quantity, price, catalogue_price)
          select ${tenantId}, x.id, x.position, x.product_id, x.variant_id, x.quantity, x.price, x.catalogue_price
          from jsonb_to_recordset(${json(lines)}::jsonb) as x(id int, position int, product_id int, variant_id int,
            quantity int, price numeric, catalogue_price numeric)
        ), h as (
          insert into fulfillment_statuses (tenant_id, order_id, status_id, description, creator_id)
          select ${tenantId}, x.id, ${setup.status.id}, null, ${userId}
          from jsonb_to_recordset(${json(created)}::jsonb) as x(id int)
        ), t as (
          insert into order_search_terms (tenant_id, term, order_id)
          select ${tenantId}, x.term, x.id from jsonb_to_recordset(${json(terms)}::jsonb) as x(id int, term text)
        )
        insert into import_rows (tenant_id, batch_id, row_number, order_id)
        select ${tenantId}, ${batch.id}, x.row_number, x.id
        from jsonb_to_recordset(${json(created)}::jsonb) as x(id int, row_number int)`,
  );
  return created;
}
