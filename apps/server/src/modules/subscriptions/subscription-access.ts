import type { TPlanFeature } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { blockedError, featureMissingError } from './plan-limits.js';
import { isShopBlocked, shopPlanFeatures, shopSubscriptionStatus } from './subscriptions.service.js';

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
  // Paying online is how an expired shop renews (docs/decisions/0098).
  'POST /dashboard/subscription/checkout',
  // The sandbox's pay and cancel, when configured: the same renewal, paid on its page (decision 0140).
  'POST /chargily-sandbox/checkouts/:id/pay',
  'POST /chargily-sandbox/checkouts/:id/cancel',
]);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The access guard's subscription check on a signed-in shop request: an expired or suspended shop
 * gets 402 with a coded message from every write, at once (the status is read on every request);
 * its reads stay open so it can export its data.
 */
export async function refuseBlockedWrite(db: Db, tenantId: number, method: string, routeUrl: string): Promise<void> {
  await refuseMissingFeature(db, tenantId, routeUrl);
  if (READ_METHODS.has(method) || READS_BY_POST.has(`${method} ${routeUrl}`)) return;
  const status = await shopSubscriptionStatus(db, tenantId);
  if (status && isShopBlocked(status)) throw blockedError(status);
}

/** The shop routes each plan feature switches on (docs/decisions/0099); the rest need none. */
const FEATURE_ROUTES: Array<{ feature: TPlanFeature; matches: (url: string) => boolean }> = [
  { feature: 'imports', matches: (url) => url.startsWith('/dashboard/orders/import') },
  {
    feature: 'exports',
    matches: (url) => url === '/dashboard/orders/export-xlsx' || url.startsWith('/dashboard/orderspdf'),
  },
  { feature: 'analytics', matches: (url) => url.startsWith('/dashboard/analytics') },
  {
    feature: 'carrier_integrations',
    matches: (url) =>
      url === '/dashboard/orders/assign-shipping' ||
      url === '/dashboard/orders/dispatch' ||
      url.endsWith('/refresh-shipment') ||
      url.endsWith('/cancel-shipment') ||
      url.includes('ecotrack'),
  },
];

/**
 * A plan with a feature switched off: the routes of that feature answer 402 with a message naming
 * the plan and the feature, reads included (an analytics page is what the feature sells).
 */
export async function refuseMissingFeature(db: Db, tenantId: number, routeUrl: string): Promise<void> {
  const route = FEATURE_ROUTES.find((r) => r.matches(routeUrl));
  if (!route) return;
  const plan = await shopPlanFeatures(db, tenantId);
  if (plan && plan.features[route.feature] === false) throw featureMissingError(plan.plan, route.feature);
}
