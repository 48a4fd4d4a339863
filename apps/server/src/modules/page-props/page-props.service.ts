import { pagePropsStatus, type TPageProps, type TSubscriptionStatus } from '@cod/shared';
import type { TAppDeps } from '../../http/app-deps.js';
import type { TSession } from '../auth/session.js';
import { listLowStockProducts } from '../stock/stock-entries.service.js';
import { latestSubscriptionOf } from '../tenants/tenants.service.js';

/** SPEC 3: the shared page props every screen reads, for the session's user and shop. */
export async function pagePropsOf(deps: TAppDeps, session: TSession, appUrl: string): Promise<TPageProps> {
  // Subscriptions are central rows: read by tenant id from the verified session, never the request.
  const subscription = await latestSubscriptionOf(deps.db, session.tenantId);
  return {
    cq_name: session.cqName,
    // SPEC 3 names a Firebase token; presence runs on our own socket server (docs/decisions/0006).
    firebaseCustomToken: null,
    url: appUrl,
    auth: { user: { id: session.userId } },
    tenant_payment_status: {
      plan: subscription?.plan ?? null,
      // Issue 19: the real subscription's status, moved by the daily job (a running Trial is active).
      status: pagePropsStatus(subscription?.status as TSubscriptionStatus | undefined),
      valid_to: subscription ? subscription.validTo.toISOString().slice(0, 10) : null,
    },
    // Filled by the catalogue (stock) module: products at or under their threshold.
    lowStockProducts: await listLowStockProducts(deps, session.tenantId),
  };
}
