import type { TShipmentStatus } from '../../carriers/shipment-status.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { adapterOf, carrierRefusal, loadShipment } from './active-shipment.js';
import * as repo from './shipments.repository.js';
import type { TShippingContext } from './shipping-context.js';
import { applyReports, reportsOfTracking } from './status-sync.js';

/** SPEC 4: "the shipment status can be refreshed" (the carrier's tracking, applied like a poll). */
export async function refreshShipment(
  ctx: TShippingContext,
  orderId: number,
): Promise<{ status: TShipmentStatus | null }> {
  const { tenantId } = ctx.actor;
  const { shipment, company } = await loadShipment(ctx, orderId);
  const [tracking] = await adapterOf(ctx, company).getTracking([shipment.tracking_number]).catch(carrierRefusal);
  if (!tracking?.current && !tracking?.events.length) return { status: shipment.status };
  return withTenantEvents(ctx.db, tenantId, async (tx, events) => {
    const current = await repo.lockShipment(tx, tenantId, shipment.id);
    if (!current) return { status: shipment.status };
    const reports = reportsOfTracking(tracking, 'refresh');
    const result = await applyReports(tx, events, ctx.actor, current, reports, { driverPhone: tracking.driverPhone });
    return { status: result.status };
  });
}
