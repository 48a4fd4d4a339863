import { m, SHIPPING_MESSAGES as M } from '@cod/shared';
import { CarrierError, type TCarrierAdapter } from '../../carriers/carrier.js';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { scopeOf } from '../orders/order-access.js';
import { findCompany, openAdapter, type TCompanyRecord } from '../shipping-companies/shipping-companies.service.js';
import * as repo from './shipments.repository.js';
import type { TShippingContext } from './shipping-context.js';

/*
 * Steps shared by the one-parcel use cases (go back, cancel, refresh, the driver's notes): the
 * order with its active parcel and company, the carrier's adapter, a carrier refusal as a message,
 * and the closing of a parcel the seller cancelled.
 */

export interface TLoadedShipment {
  order: repo.TShippingOrder;
  shipment: repo.TShipmentRecord;
  company: TCompanyRecord;
}

/** A carrier failure answered to the screen with the carrier's (redacted) words. */
export function carrierRefusal(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof CarrierError) throw new AppError('conflict', carrierSaid(error.message));
  throw error;
}

/** A carrier's own words as a message (carrier.message, shown as they are inside a translated frame). */
export const carrierSaid = (reason: string) => m('carrier.message', { reason });

/** The order (404 when not visible) and its active parcel (422 when it has none). */
export async function loadShipment(ctx: TShippingContext, orderId: number): Promise<TLoadedShipment> {
  const { tenantId } = ctx.actor;
  return withTenant(ctx.db, tenantId, async (tx) => {
    const [order] = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), [orderId]);
    if (!order) throw AppError.notFound('Order');
    const [shipment] = await repo.activeShipments(tx, tenantId, [orderId]);
    if (!shipment) throw AppError.validation({ order_id: [M.noShipment] });
    const company = await findCompany(tx, tenantId, shipment.shipping_company_id);
    if (!company) throw AppError.validation({ shipping_company_id: [M.companyInvalid] });
    return { order, shipment, company };
  });
}

export const adapterOf = (ctx: TShippingContext, company: TCompanyRecord): TCarrierAdapter =>
  openAdapter(ctx.keyring, ctx.actor.tenantId, company, ctx.log);

export async function closeShipment(
  tx: Tx,
  tenantId: number,
  shipment: repo.TShipmentRecord,
  description: string,
): Promise<void> {
  await repo.insertStatusEvents(tx, tenantId, shipment.id, [
    {
      status: 'cancelled',
      raw: 'cancelled',
      description,
      metadata: { source: 'seller' },
      eventKey: `cancel:${shipment.id}`,
      occurredAt: new Date().toISOString(),
    },
  ]);
  await repo.setShipmentState(tx, tenantId, shipment.id, {
    status: 'cancelled',
    rawStatus: 'cancelled',
    active: false,
  });
  await repo.setOrderShipment(tx, tenantId, shipment.order_id, { companyId: null, tracking: null, status: null });
}

/** SPEC 6: driver features exist only for ecotrack shipments. */
export async function ecotrackShipment(ctx: TShippingContext, orderId: number) {
  const loaded = await loadShipment(ctx, orderId);
  if (loaded.company.kind !== 'ecotrack') throw AppError.validation({ order_id: [M.notEcotrack] });
  return loaded;
}
