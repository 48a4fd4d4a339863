import { sql } from 'drizzle-orm';
import type { TCustomFieldValues, TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import type { TOrderStockState } from '../../db/schema/index.js';
import type { TOrderScope } from './order-access.js';
import { orderVisibility } from './order-scope.repository.js';
import { orderRowSelect, type TOrderRecord } from './order-rows.repository.js';
import { preparedRows } from '../../db/prepared.js';
import { orderNameTerms } from './order-search.js';
import { inList } from '../../db/sql-lists.js';

export interface TLineValues {
  product_id: number;
  variant_id: number | null;
  quantity: number;
  price: number;
  catalogue_price: number | null;
}

/** Everything an order row stores that the form or the intake decides. */
export interface TOrderValues {
  customerId: number;
  customerFullName: string;
  customerPhone1: string;
  customerPhone2: string | null;
  stateId: number;
  cityId: number;
  customerAddress: string | null;
  agentId: number | null;
  isStopdesk: boolean;
  stopdeskId: number | null;
  note: string | null;
  freeDelivery: boolean;
  deliveryPrice: number;
  total: number;
  shippingCompanyId: number | null;
  salesSource: string | null;
  campaignId: string | null;
  sourceMetadata: Record<string, unknown> | null;
  salesChannelId: number | null;
  customerCustomFields: Array<{ product_id: number; field_values: TCustomFieldValues }>;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/**
 * Creates an order in one statement: the shop's next number, the order, its lines, its first
 * history row, its name terms, and the new order's list row
 * (built from the statement's own CTEs). The number counter's row stays locked until commit, so
 * nothing else runs between taking the number and committing: creations in one shop queue only
 * for this statement and the commit (docs/decisions/0015).
 */
export async function insertOrder(
  tx: Tx,
  tenantId: number,
  values: TOrderValues & {
    statusId: number;
    statusType: TStatusType;
    lines: TLineValues[];
    description: string | null;
    creatorId: number | null;
  },
): Promise<TOrderRecord> {
  const [row] = await preparedRows<TOrderRecord>(tx, 'insert-order', insertOrderSql, {
    tenantId,
    customerId: values.customerId,
    name: values.customerFullName,
    phone1: values.customerPhone1,
    phone2: values.customerPhone2,
    stateId: values.stateId,
    cityId: values.cityId,
    address: values.customerAddress,
    agentId: values.agentId,
    isStopdesk: values.isStopdesk,
    stopdeskId: values.stopdeskId,
    note: values.note,
    freeDelivery: values.freeDelivery,
    deliveryPrice: values.deliveryPrice,
    total: values.total,
    statusId: values.statusId,
    statusType: values.statusType,
    shippingCompanyId: values.shippingCompanyId,
    salesSource: values.salesSource,
    campaignId: values.campaignId,
    metadata: json(values.sourceMetadata),
    channelId: values.salesChannelId,
    customFields: JSON.stringify(values.customerCustomFields),
    creatorId: values.creatorId,
    lines: JSON.stringify(values.lines.map((l, position) => ({ ...l, position }))),
    description: values.description,
    terms: JSON.stringify(orderNameTerms(values.customerFullName)),
  });
  return row!;
}

/** The creating statement's text, with a placeholder for every value (built once). */
function insertOrderSql() {
  const p = sql.placeholder;
  return sql`with num as (
          insert into order_number_counters as c (tenant_id, last_number) values (${p('tenantId')}, 1)
          on conflict (tenant_id) do update set last_number = c.last_number + 1
          returning last_number
        ), o as (
          insert into orders (tenant_id, order_number, customer_id, customer_full_name, customer_phone_1,
            customer_phone_2, state_id, city_id, customer_address, agent_id, is_stopdesk, stopdesk_id, note,
            free_delivery, delivery_price, total, status_id, status_type, shipping_company_id, sales_source,
            campaign_id, source_metadata, sales_channel_id, customer_custom_fields, created_by)
          select ${p('tenantId')}, num.last_number, ${p('customerId')}, ${p('name')}, ${p('phone1')}, ${p('phone2')},
            ${p('stateId')}, ${p('cityId')}, ${p('address')}, ${p('agentId')}, ${p('isStopdesk')}, ${p('stopdeskId')},
            ${p('note')}, ${p('freeDelivery')}, ${p('deliveryPrice')}, ${p('total')}, ${p('statusId')}, ${p('statusType')},
            ${p('shippingCompanyId')}, ${p('salesSource')}, ${p('campaignId')}, ${p('metadata')}::jsonb, ${p('channelId')},
            ${p('customFields')}::jsonb, ${p('creatorId')}
          from num
          returning *
        ), l as (
          insert into order_lines (tenant_id, order_id, position, product_id, variant_id, quantity, price, catalogue_price)
          select o.tenant_id, o.id, x.position, x.product_id, x.variant_id, x.quantity, x.price, x.catalogue_price
          from o, jsonb_to_recordset(${p('lines')}::jsonb)
            as x(position int, product_id int, variant_id int, quantity int, price numeric, catalogue_price numeric)
          returning *
        ), h as (
          insert into fulfillment_statuses (tenant_id, order_id, status_id, description, creator_id)
          select o.tenant_id, o.id, o.status_id, ${p('description')}, o.created_by from o
          returning *
        ), t as (
          insert into order_search_terms (tenant_id, term, order_id)
          select o.tenant_id, term, o.id from o, jsonb_array_elements_text(${p('terms')}::jsonb) as term
        )
        ${orderRowSelect({ orders: sql`o`, lines: sql`l`, history: sql`h`, where: sql`true` })}`;
}

/** An edit keeps where the order came from (sales source, campaign, metadata, channel). */
export async function updateOrderRow(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Omit<TOrderValues, 'salesSource' | 'campaignId' | 'sourceMetadata' | 'salesChannelId'>,
): Promise<void> {
  await tx.execute(
    sql`update orders set customer_id = ${values.customerId}, customer_full_name = ${values.customerFullName},
          customer_phone_1 = ${values.customerPhone1}, customer_phone_2 = ${values.customerPhone2},
          state_id = ${values.stateId}, city_id = ${values.cityId}, customer_address = ${values.customerAddress},
          agent_id = ${values.agentId}, is_stopdesk = ${values.isStopdesk}, stopdesk_id = ${values.stopdeskId},
          note = ${values.note}, free_delivery = ${values.freeDelivery}, delivery_price = ${values.deliveryPrice},
          total = ${values.total}, shipping_company_id = ${values.shippingCompanyId},
          customer_custom_fields = ${JSON.stringify(values.customerCustomFields)}::jsonb, updated_at = now()
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

export async function replaceOrderLines(tx: Tx, tenantId: number, orderId: number, lines: TLineValues[]) {
  await tx.execute(sql`delete from order_lines where tenant_id = ${tenantId} and order_id = ${orderId}`);
  await tx.execute(
    sql`insert into order_lines (tenant_id, order_id, position, product_id, variant_id, quantity, price, catalogue_price)
        select ${tenantId}, ${orderId}, x.position, x.product_id, x.variant_id, x.quantity, x.price, x.catalogue_price
        from jsonb_to_recordset(${JSON.stringify(lines.map((l, position) => ({ ...l, position })))}::jsonb)
          as x(position int, product_id int, variant_id int, quantity int, price numeric, catalogue_price numeric)`,
  );
}

export async function replaceSearchTerms(tx: Tx, tenantId: number, orderId: number, name: string) {
  await tx.execute(sql`delete from order_search_terms where tenant_id = ${tenantId} and order_id = ${orderId}`);
  await tx.execute(
    sql`insert into order_search_terms (tenant_id, term, order_id)
        select ${tenantId}, term, ${orderId}
        from jsonb_array_elements_text(${JSON.stringify(orderNameTerms(name))}::jsonb) as term`,
  );
}

/** What the status, stock and delete rules need of an order, read under a row lock. */
export interface TLockedOrder {
  id: number;
  order_number: number;
  status_id: number;
  status_type: TStatusType;
  status_name: string;
  agent_id: number | null;
  stock_state: TOrderStockState;
  deleted: boolean;
}

/**
 * Locks the orders the caller may see (SPEC 6 scoping), in id order so two bulk actions over
 * overlapping selections queue instead of deadlocking. Answers only those found.
 */
export async function lockOrders(
  tx: Tx,
  scope: TOrderScope,
  orderIds: readonly number[],
  options: { deleted: boolean },
): Promise<TLockedOrder[]> {
  if (!orderIds.length) return [];
  // The lock on the orders table alone: a row a concurrent writer changed (a status removal moving
  // it to the replacement) is re-checked on its new version. A join in the locking statement would
  // re-check it against the status row of the statement's snapshot and drop it (decision 0092).
  const locked = await rows<{ id: number }>(
    tx,
    sql`select o.id from orders o
        where o.tenant_id = ${scope.tenantId} and o.id in (${inList(orderIds)})
          and ${options.deleted ? sql`o.deleted_at is not null` : sql`o.deleted_at is null`}
          and ${orderVisibility(scope)}
        order by o.id
        for update`,
  );
  if (!locked.length) return [];
  // A new statement, so a new snapshot: what the locked rows hold now.
  return rows<TLockedOrder>(
    tx,
    sql`select o.id, o.order_number, o.status_id, o.status_type, s.display_name as status_name, o.agent_id,
          o.stock_state, o.deleted_at is not null as deleted
        from orders o join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
        where o.tenant_id = ${scope.tenantId} and o.id in (${inList(locked.map((row) => row.id))})
        order by o.id`,
  );
}

/** The ids among these the caller may see, deleted or not (read-only; no lock). */
export async function visibleOrderIds(tx: Tx, scope: TOrderScope, orderIds: readonly number[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const found = await rows<{ id: number }>(
    tx,
    sql`select o.id from orders o where o.tenant_id = ${scope.tenantId} and o.id in (${inList(orderIds)})
        and ${orderVisibility(scope)}`,
  );
  return found.map((r) => r.id);
}

export async function linesOfOrders(tx: Tx, tenantId: number, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return rows<TLineValues & { order_id: number }>(
    tx,
    sql`select order_id, product_id, variant_id, quantity, price::float8 as price,
          catalogue_price::float8 as catalogue_price
        from order_lines where tenant_id = ${tenantId} and order_id in (${inList(orderIds)})
        order by order_id, position, id`,
  );
}

export async function setStockState(tx: Tx, tenantId: number, orderIds: readonly number[], state: TOrderStockState) {
  if (!orderIds.length) return;
  await tx.execute(
    sql`update orders set stock_state = ${state} where tenant_id = ${tenantId} and id in (${inList(orderIds)})`,
  );
}

/** A status change's write: the new status and its dates (null unless reported or cancelled). */
export async function setOrdersStatus(
  tx: Tx,
  tenantId: number,
  orderIds: readonly number[],
  change: { statusId: number; statusType: TStatusType; reportedAt: Date | null; cancelledAt: Date | null },
) {
  if (!orderIds.length) return;
  await tx.execute(
    sql`update orders set status_id = ${change.statusId}, status_type = ${change.statusType},
          reported_at = ${change.reportedAt?.toISOString() ?? null}, cancelled_at = ${change.cancelledAt?.toISOString() ?? null},
          updated_at = now()
        where tenant_id = ${tenantId} and id in (${inList(orderIds)})`,
  );
}

/** Soft delete (the deleted tab, SPEC 2.4) or restore. */
export async function setOrderDeleted(tx: Tx, tenantId: number, orderId: number, deleted: boolean) {
  await tx.execute(
    deleted
      ? sql`update orders set deleted_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${orderId}`
      : sql`update orders set deleted_at = null, updated_at = now() where tenant_id = ${tenantId} and id = ${orderId}`,
  );
}

export async function setOrdersAgent(tx: Tx, tenantId: number, orderIds: readonly number[], agentId: number) {
  if (!orderIds.length) return;
  await tx.execute(
    // agent_source 'manual': a person's assignment, never undone by the automation (migration 0021).
    sql`update orders set agent_id = ${agentId}, agent_source = 'manual', agent_assigned_at = now(), updated_at = now()
        where tenant_id = ${tenantId} and id in (${inList(orderIds)})`,
  );
}

export async function insertHistory(
  tx: Tx,
  tenantId: number,
  entries: ReadonlyArray<{ orderId: number; statusId: number; description: string | null; creatorId: number | null }>,
) {
  if (!entries.length) return;
  await tx.execute(
    sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, creator_id)
        select ${tenantId}, x.order_id, x.status_id, x.description, x.creator_id
        from jsonb_to_recordset(${JSON.stringify(
          entries.map((e) => ({
            order_id: e.orderId,
            status_id: e.statusId,
            description: e.description,
            creator_id: e.creatorId,
          })),
        )}::jsonb) as x(order_id int, status_id int, description text, creator_id int)`,
  );
}

export interface TStatusRecord {
  id: number;
  name: string;
  display_name: string;
  type: TStatusType;
}

/**
 * The target of a status change, read FOR SHARE: a removal of that status (which locks it FOR
 * UPDATE first) waits for this change to commit, or this change waits and finds it gone.
 */
export async function shareStatus(
  tx: Tx,
  tenantId: number,
  id: number,
): Promise<(TStatusRecord & { active: boolean }) | undefined> {
  const [row] = await rows<TStatusRecord & { active: boolean }>(
    tx,
    sql`select id, name, display_name, type, active from statuses
        where tenant_id = ${tenantId} and id = ${id} and archived_at is null for share`,
  );
  return row;
}

/** The shop's first active status of a type (position, then id): 'new' for creations, 'reported' for schedules. */
export async function firstStatusOfType(tx: Tx, tenantId: number, type: TStatusType) {
  const [row] = await rows<TStatusRecord>(
    tx,
    sql`select id, name, display_name, type from statuses
        where tenant_id = ${tenantId} and type = ${type} and active and archived_at is null
        order by position, id limit 1`,
  );
  return row;
}
