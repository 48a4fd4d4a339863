import { m, SHIPPING_MESSAGES as M } from '@cod/shared';
import type { TShipmentStatus } from '../../carriers/shipment-status.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { scopeOf } from '../orders/order-access.js';
import { adapterOf, carrierRefusal, carrierSaid, closeShipment, loadShipment } from './active-shipment.js';
import { moveOrder } from './order-moves.js';
import * as repo from './shipments.repository.js';
import type { TShippingContext } from './shipping-context.js';

/** SPEC 4: "A shipment can be cancelled when a rule allows": the carrier's cancellable statuses. */
export async function cancelShipment(ctx: TShippingContext, orderId: number): Promise<void> {
  const { tenantId } = ctx.actor;
  const { shipment, company } = await loadShipment(ctx, orderId);
  const adapter = adapterOf(ctx, company);
  const status: TShipmentStatus = shipment.status ?? 'created';
  if (!adapter.capabilities.cancellableStatuses.includes(status)) throw new AppError('conflict', M.cannotCancel);
  const outcome = await adapter.cancelParcel(shipment.tracking_number).catch(carrierRefusal);
  if (!outcome.ok) {
    const reason = outcome.message.trim();
    const message = outcome.allowed
      ? carrierSaid(outcome.message)
      : reason
        ? m('shipping.cannot_cancel_because', { reason })
        : M.cannotCancel;
    throw new AppError('conflict', message);
  }
  await withTenantEvents(ctx.db, tenantId, async (tx, events) => {
    const current = await repo.lockShipment(tx, tenantId, shipment.id);
    if (!current?.active) return;
    const [locked] = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), [orderId], { lock: true });
    await closeShipment(tx, tenantId, current, 'Cancelled by the seller');
    // A dispatched order is cancelled with its parcel; a ready one stays ready for another carrier.
    if (locked && (locked.status_type === 'inDispatch' || locked.status_type === 'follow-up')) {
      await moveOrder(tx, events, ctx.actor, locked, 'cancelled', 'Shipment cancelled');
    }
  });
}
