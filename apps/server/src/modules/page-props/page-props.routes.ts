import type { FastifyInstance } from 'fastify';
import type { TPageProps } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { listLowStockProducts } from '../stock/low-stock.repository.js';
import { latestSubscription } from '../tenants/tenants.repository.js';

/** SPEC 3: the shared page props every screen reads. */
export function registerPagePropsRoutes(app: FastifyInstance, db: Db, appUrl: string): void {
  app.get('/dashboard/page-props', { config: { access: 'authenticated' } }, async (request): Promise<TPageProps> => {
    const session = sessionOfRequest(request);
    // Subscriptions are central rows: read by tenant id from the verified session, never the request.
    const subscription = await withSystem(db, (tx) => latestSubscription(tx, session.tenantId));
    const active = subscription?.status === 'active' && subscription.validTo.getTime() > Date.now();
    return {
      cq_name: session.cqName,
      // SPEC 3 names a Firebase token; presence runs on our own socket server (docs/decisions/0006).
      firebaseCustomToken: null,
      url: appUrl,
      auth: { user: { id: session.userId } },
      tenant_payment_status: {
        plan: subscription?.plan ?? null,
        status: active ? 'active' : 'inactive',
        valid_to: subscription ? subscription.validTo.toISOString().slice(0, 10) : null,
      },
      // Filled by the catalogue (stock) module: products at or under their threshold.
      lowStockProducts: await withTenant(db, session.tenantId, (tx) => listLowStockProducts(tx, session.tenantId)),
    };
  });
}
