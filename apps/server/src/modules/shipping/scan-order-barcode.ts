import type { TBarcodeActionRequest, TValidateResponse } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import { scopeOf } from '../orders/order-access.js';
import { validateDispatched } from './validate-dispatched.js';
import type { TShippingContext } from './shipping-context.js';
import { orderIdByBarcode } from './shipping-orders.repository.js';

export type TBarcodeOutcome =
  | { kind: 'not_found' }
  | { kind: 'selected'; orderId: number }
  | { kind: 'validated'; orderId: number; result: TValidateResponse };

/** SPEC 7 barcode-action: find the order a scan names, then select it or validate its dispatch. */
export async function scanOrderBarcode(ctx: TShippingContext, body: TBarcodeActionRequest): Promise<TBarcodeOutcome> {
  const orderId = await withTenant(ctx.db, ctx.actor.tenantId, async (tx) =>
    orderIdByBarcode(tx, await scopeOf(tx, ctx.actor), body.barcode),
  );
  if (orderId === null) return { kind: 'not_found' };
  if (body.action === 'select') return { kind: 'selected', orderId };
  return { kind: 'validated', orderId, result: await validateDispatched(ctx, [orderId]) };
}
