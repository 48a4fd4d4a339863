import { CATALOGUE_MESSAGES, normalizeAlgerianPhone, type TPhoneCheck } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { findCustomerByPhone } from '../customers/customers.service.js';
import { scopeOf, type TOrderActor, type TOrderDeps } from './order-access.js';
import { countCustomerOrders, recentOpenOrdersOfPhone } from './phone-check.repository.js';

/**
 * GET /dashboard/orders/phone-check: what the order dialog warns about while a phone is typed
 * (issue 4.4): a blocked customer with the reason, how many orders the customer placed, and the
 * open orders of the same normalised phone created in the last 7 days (possible duplicates).
 * Orders count and show within the user's scope (docs/decisions/0040): an agent is never shown
 * another agent's order here, which would answer 404 anywhere else. The order row's own
 * is_duplicate flag still counts the whole shop, so a second parcel is still flagged.
 */
export async function checkPhone(
  deps: TOrderDeps,
  actor: TOrderActor,
  query: { phone: string; exclude_id?: number | undefined },
): Promise<TPhoneCheck> {
  const phone = normalizeAlgerianPhone(query.phone);
  if (!phone) throw AppError.validation({ phone: [CATALOGUE_MESSAGES.phoneInvalid] });
  const exclude = query.exclude_id ?? 0;
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const scope = await scopeOf(tx, actor);
    const customer = await findCustomerByPhone(tx, scope.tenantId, phone);
    const previous = await countCustomerOrders(tx, scope, customer?.id ?? 0, exclude);
    const duplicates = await recentOpenOrdersOfPhone(tx, scope, phone, exclude);
    return {
      phone,
      is_blocked: customer?.is_blocked ?? false,
      blocked_customer: customer?.blocked_customer ?? null,
      previous_orders_count: previous,
      duplicates: duplicates.map((d) => ({
        id: d.id,
        order_number: d.order_number,
        created_at: new Date(d.created_at).toISOString(),
        status: { id: d.status_id, name: d.name, display_name: d.display_name, color: d.color, type: d.type },
      })),
    };
  });
}
