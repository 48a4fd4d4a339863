import { sql } from 'drizzle-orm';
import { OPEN_STATUS_TYPES } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import type { TOrderScope } from './order-access.js';
import {
  ORDER_WITH_STATUS,
  visibleOrders,
  visibleOrdersWithStatus,
  type TOrderWithStatusRecord,
} from './order-scope.repository.js';

/** How many of the customer's orders the scope sees, not deleted, besides the one being edited. */
export async function countCustomerOrders(
  tx: Tx,
  scope: TOrderScope,
  customerId: number,
  excludeId: number,
): Promise<number> {
  const [count] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${visibleOrders(scope)} o where o.customer_id = ${customerId}
          and o.deleted_at is null and o.id <> ${excludeId}`,
  );
  return Number(count?.n ?? 0);
}

export type TPhoneDuplicateRecord = TOrderWithStatusRecord;

/** The open orders of a phone (either of the order's two) created in the last 7 days, newest first. */
export function recentOpenOrdersOfPhone(
  tx: Tx,
  scope: TOrderScope,
  phone: string,
  excludeId: number,
): Promise<TPhoneDuplicateRecord[]> {
  return rows<TPhoneDuplicateRecord>(
    tx,
    sql`select ${ORDER_WITH_STATUS} from ${visibleOrdersWithStatus(scope)}
        where o.id <> ${excludeId} and o.deleted_at is null
          and (o.customer_phone_1 = ${phone} or o.customer_phone_2 = ${phone})
          and o.status_type = any(${`{${OPEN_STATUS_TYPES.join(',')}}`}::text[])
          and o.created_at > now() - interval '7 days'
        order by o.created_at desc limit 10`,
  );
}
