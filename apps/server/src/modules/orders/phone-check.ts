import { sql } from 'drizzle-orm';
import { CATALOGUE_MESSAGES, normalizeAlgerianPhone, type TPhoneCheck, type TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findCustomerByPhone } from '../customers/customers.repository.js';
import { visibleOrders, type TOrderScope } from './order-access.js';

/**
 * GET /dashboard/orders/phone-check: what the order dialog warns about while a phone is typed
 * (issue 4.4): a blocked customer with the reason, how many orders the customer placed, and the
 * open orders of the same normalised phone created in the last 7 days (possible duplicates).
 * Orders count and show within the user's scope (docs/decisions/0040): an agent is never shown
 * another agent's order here, which would answer 404 anywhere else. The order row's own
 * is_duplicate flag still counts the whole shop, so a second parcel is still flagged.
 */
export async function phoneCheck(tx: Tx, scope: TOrderScope, raw: string, excludeId?: number): Promise<TPhoneCheck> {
  const phone = normalizeAlgerianPhone(raw);
  if (!phone) throw AppError.validation({ phone: [CATALOGUE_MESSAGES.phoneInvalid] });
  const customer = await findCustomerByPhone(tx, scope.tenantId, phone);
  const exclude = excludeId ?? 0;
  const [count] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${visibleOrders(scope)} o where o.customer_id = ${customer?.id ?? 0}
          and o.deleted_at is null and o.id <> ${exclude}`,
  );
  const duplicates = await rows<{
    id: number;
    order_number: number;
    created_at: Date | string;
    status_id: number;
    name: string;
    display_name: string;
    color: string;
    type: TStatusType;
  }>(
    tx,
    sql`select o.id, o.order_number, o.created_at, s.id as status_id, s.name, s.display_name, s.color, s.type
        from ${visibleOrders(scope)} o join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
        where o.id <> ${exclude} and o.deleted_at is null
          and (o.customer_phone_1 = ${phone} or o.customer_phone_2 = ${phone})
          and o.status_type in ('new', 'pending', 'confirmed', 'reported', 'follow-up', 'inDispatch')
          and o.created_at > now() - interval '7 days'
        order by o.created_at desc limit 10`,
  );
  return {
    phone,
    is_blocked: customer?.is_blocked ?? false,
    blocked_customer: customer?.blocked_customer ?? null,
    previous_orders_count: Number(count?.n ?? 0),
    duplicates: duplicates.map((d) => ({
      id: d.id,
      order_number: d.order_number,
      created_at: new Date(d.created_at).toISOString(),
      status: { id: d.status_id, name: d.name, display_name: d.display_name, color: d.color, type: d.type },
    })),
  };
}
