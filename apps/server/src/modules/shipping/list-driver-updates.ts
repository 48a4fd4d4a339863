import type { TDriverUpdate } from '../../carriers/carrier.js';
import { adapterOf, carrierRefusal, ecotrackShipment } from './active-shipment.js';
import type { TShippingContext } from './shipping-context.js';

/** SPEC 6: the driver's updates of an ecotrack parcel, as the carrier answers them. */
export async function listDriverUpdates(ctx: TShippingContext, orderId: number): Promise<TDriverUpdate[]> {
  const { shipment, company } = await ecotrackShipment(ctx, orderId);
  return adapterOf(ctx, company).getDriverUpdates(shipment.tracking_number).catch(carrierRefusal);
}
