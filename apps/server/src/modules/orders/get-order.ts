import type { TOrderRow, TFulfillmentStatus } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { scopeOf, type TOrderActor, type TOrderDeps } from './order-access.js';
import { historyOf, orderRowsByIds } from './order-rows.repository.js';
import { visibleOrderIds } from './orders.repository.js';

/** GET /dashboard/orders/{id}: one order as the list shows it. */
export function getOrder(deps: TOrderDeps, actor: TOrderActor, id: number): Promise<TOrderRow | undefined> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await visibleOr404(tx, actor, id);
    const [row] = await orderRowsByIds(tx, actor.tenantId, [id], { timeZone: actor.timeZone });
    return row;
  });
}

/** GET /dashboard/orders/{id}/status-timeline: SPEC 2.4 order status timeline dialog. */
export function getOrderTimeline(deps: TOrderDeps, actor: TOrderActor, id: number): Promise<TFulfillmentStatus[]> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await visibleOr404(tx, actor, id);
    return historyOf(tx, actor.tenantId, id);
  });
}

/** A deleted order is still readable (the deleted tab); another's or an unseen one is a 404. */
async function visibleOr404(tx: Tx, actor: TOrderActor, id: number) {
  const found = await visibleOrderIds(tx, await scopeOf(tx, actor), [id]);
  if (!found.length) throw AppError.notFound('Order');
}
