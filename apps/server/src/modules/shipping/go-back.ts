import { SHIPPING_MESSAGES as M } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { scopeOf } from '../orders/order-access.js';
import { findCompany } from '../shipping-companies/shipping-companies.service.js';
import { adapterOf, carrierRefusal, carrierSaid, closeShipment } from './active-shipment.js';
import { moveOrder } from './order-moves.js';
import * as repo from './shipments.repository.js';
import type { TShippingContext } from './shipping-context.js';

/** SPEC 4 Go Back: a ready order returns to processing; a parcel not yet moving is cancelled first. */
export async function goBack(ctx: TShippingContext, orderId: number): Promise<void> {
  const { tenantId } = ctx.actor;
  const { order, shipment, company } = await withTenant(ctx.db, tenantId, async (tx) => {
    const [found] = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), [orderId]);
    if (!found) throw AppError.notFound('Order');
    if (found.status_type !== 'confirmed') throw AppError.validation({ order_id: [M.notInReady] });
    const [active] = await repo.activeShipments(tx, tenantId, [orderId]);
    return {
      order: found,
      shipment: active,
      company: active ? await findCompany(tx, tenantId, active.shipping_company_id) : undefined,
    };
  });
  if (shipment && company) {
    const outcome = await adapterOf(ctx, company).cancelParcel(shipment.tracking_number).catch(carrierRefusal);
    if (!outcome.ok) throw new AppError('conflict', outcome.message ? carrierSaid(outcome.message) : M.cannotCancel);
  }
  await withTenantEvents(ctx.db, tenantId, async (tx, events) => {
    const [locked] = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), [order.id], { lock: true });
    if (!locked || locked.status_type !== 'confirmed') throw AppError.validation({ order_id: [M.notInReady] });
    if (shipment) await closeShipment(tx, tenantId, shipment, 'Cancelled by the seller (go back)');
    await moveOrder(tx, events, ctx.actor, locked, 'new', null);
  });
}
