import type { TAssignShippingResponse, TShippingOrdersRequest } from '@cod/shared';
import { handOver } from './hand-over.js';
import type { TShippingContext } from './shipping-context.js';

/** SPEC 7 assign-shipping: the parcels are created with the carrier, the orders stay ready (hand-over.ts). */
export const assignShipping = (ctx: TShippingContext, request: TShippingOrdersRequest) =>
  handOver(ctx, 'assign', request).then(({ success, errors }): TAssignShippingResponse => ({
    success: success.length > 0,
    shipping_success: success,
    shipping_errors: errors,
  }));
