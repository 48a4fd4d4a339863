import { adapterOf, carrierRefusal, ecotrackShipment } from './active-shipment.js';
import type { TShippingContext } from './shipping-context.js';

/** SPEC 6: a note to the driver of an ecotrack parcel (an empty message never reaches here: 422). */
export async function notifyDriver(ctx: TShippingContext, orderId: number, message: string): Promise<void> {
  const { shipment, company } = await ecotrackShipment(ctx, orderId);
  await adapterOf(ctx, company).notifyDriver(shipment.tracking_number, message).catch(carrierRefusal);
}
