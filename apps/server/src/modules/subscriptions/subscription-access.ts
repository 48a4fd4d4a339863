import type { Db } from '../../db/client.js';
import { blockedError } from './plan-limits.js';
import { isShopBlocked, shopSubscriptionStatus } from './subscriptions.service.js';

/**
 * Writes an expired or suspended shop may still make (docs/decisions/0064): they read or export its
 * data, or protect its accounts, and change nothing the subscription pays for.
 */
export const READS_BY_POST = new Set([
  'POST /logout',
  'POST /locale',
  'POST /dashboard/orders/export-xlsx',
  'POST /dashboard/orderspdf/link',
  'POST /dashboard/orders/view-parcel-tickets',
  'POST /dashboard/orders/calculate-delivery-fee',
  'POST /profile/password',
  'POST /profile/sessions/revoke-others',
  'DELETE /profile/sessions/:id',
]);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The access guard's subscription check on a signed-in shop request: an expired or suspended shop
 * gets 402 with a coded message from every write, at once (the status is read on every request);
 * its reads stay open so it can export its data.
 */
export async function refuseBlockedWrite(db: Db, tenantId: number, method: string, routeUrl: string): Promise<void> {
  if (READ_METHODS.has(method) || READS_BY_POST.has(`${method} ${routeUrl}`)) return;
  const status = await shopSubscriptionStatus(db, tenantId);
  if (status && isShopBlocked(status)) throw blockedError(status);
}
