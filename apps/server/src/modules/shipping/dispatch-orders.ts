import type { TDispatchResponse, TShippingOrdersRequest } from '@cod/shared';
import { handOver } from './hand-over.js';
import type { TShippingContext } from './shipping-context.js';

/** SPEC 7 dispatch: the parcels are created (or found) with the carrier and the orders move to dispatch (hand-over.ts). */
export const dispatchOrders = (ctx: TShippingContext, request: TShippingOrdersRequest) =>
  handOver(ctx, 'dispatch', request).then(({ success, errors }): TDispatchResponse => ({
    success: success.length > 0,
    dispatch_success: success,
    dispatch_errors: errors,
  }));
