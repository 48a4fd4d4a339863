import type { TCurrentShipment } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { scopeOf, type TOrderActor } from '../orders/order-access.js';
import { visibleOrderId } from './shipping-orders.repository.js';
import type { TShippingDeps } from './shipping.deps.js';
import { currentShipments } from './timeline.js';

/** SPEC 7 shipment-timeline: the order's active parcel with its statuses, or null; 404 for an order out of sight. */
export async function showShipmentTimeline(
  deps: TShippingDeps,
  actor: TOrderActor,
  orderId: number,
): Promise<TCurrentShipment | null> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if ((await visibleOrderId(tx, await scopeOf(tx, actor), orderId)) === null) throw AppError.notFound('Order');
    return (await currentShipments(tx, actor.tenantId, [orderId], actor.timeZone)).get(orderId) ?? null;
  });
}
