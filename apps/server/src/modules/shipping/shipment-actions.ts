import {
  m,
  orderError,
  readMessage,
  SHIPPING_MESSAGES as M,
  type TOrderError,
  type TValidateResponse,
} from '@cod/shared';
import { CarrierError, type TCarrierAdapter, type TDriverUpdate } from '../../carriers/carrier.js';
import type { TShipmentStatus } from '../../carriers/shipment-status.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { scopeOf } from '../orders/order-access.js';
import { findCompany, openAdapter, type TCompanyRecord } from '../shipping-companies/shipping-companies.service.js';
import { moveOrder } from './order-moves.js';
import * as repo from './shipments.repository.js';
import { failureMessage, type TShippingContext } from './shipping-context.js';
import { applyReports, reportsOfTracking } from './status-sync.js';

interface TLoaded {
  order: repo.TShippingOrder;
  shipment: repo.TShipmentRecord;
  company: TCompanyRecord;
}

/** A carrier failure answered to the screen with the carrier's (redacted) words. */
function carrierRefusal(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof CarrierError) throw new AppError('conflict', carrierSaid(error.message));
  throw error;
}

/** A carrier's own words as a message (carrier.message, shown as they are inside a translated frame). */
const carrierSaid = (reason: string) => m('carrier.message', { reason });

/** The order (404 when not visible) and its active parcel (422 when it has none). */
async function loadShipment(ctx: TShippingContext, orderId: number): Promise<TLoaded> {
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

const adapterOf = (ctx: TShippingContext, company: TCompanyRecord): TCarrierAdapter =>
  openAdapter(ctx.keyring, ctx.actor.tenantId, company, ctx.log);

/**
 * SPEC 7 validate-dispatched: the carrier's validation step where it has one (EcoTrack, NOEST),
 * then the order moves to follow-up (the inDelivery tab). Per-order outcome; each order commits alone.
 */
export async function validateDispatched(
  ctx: TShippingContext,
  orderIds: readonly number[],
): Promise<TValidateResponse> {
  const { tenantId } = ctx.actor;
  const errors: TOrderError[] = [];
  const groups = await withTenant(ctx.db, tenantId, async (tx) => {
    const orders = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), orderIds);
    const found = new Map(orders.map((o) => [o.id, o]));
    const shipments = new Map(
      (await repo.activeShipments(tx, tenantId, [...found.keys()])).map((s) => [s.order_id, s]),
    );
    const byCompany = new Map<number, Array<{ order: repo.TShippingOrder; shipment: repo.TShipmentRecord }>>();
    for (const id of orderIds) {
      const order = found.get(id);
      const shipment = shipments.get(id);
      if (!order) errors.push(orderError(id, m('order.not_found')));
      else if (order.status_type !== 'inDispatch') errors.push(orderError(id, M.notDispatched));
      else if (!shipment) errors.push(orderError(id, M.noShipment));
      else {
        const list = byCompany.get(shipment.shipping_company_id) ?? [];
        list.push({ order, shipment });
        byCompany.set(shipment.shipping_company_id, list);
      }
    }
    const companies = new Map<number, TCompanyRecord>();
    for (const id of byCompany.keys()) {
      const company = await findCompany(tx, tenantId, id);
      if (company) companies.set(id, company);
    }
    return [...byCompany].map(([id, items]) => ({ company: companies.get(id), items }));
  });

  const validated: number[] = [];
  for (const { company, items } of groups) {
    const accepted = new Set<string>();
    try {
      if (!company) throw new AppError('validation', M.companyInvalid);
      const adapter = adapterOf(ctx, company);
      if (adapter.capabilities.requiresValidation) {
        const outcomes = await adapter.validateParcels(items.map((i) => i.shipment.tracking_number));
        for (const o of outcomes) {
          if (o.ok) accepted.add(o.tracking);
          else {
            const item = items.find((i) => i.shipment.tracking_number === o.tracking);
            if (item) errors.push(orderError(item.order.id, o.message));
          }
        }
      } else for (const i of items) accepted.add(i.shipment.tracking_number);
    } catch (error) {
      const message = failureMessage(error, M.validationError);
      for (const i of items) errors.push(orderError(i.order.id, message));
      continue;
    }
    for (const { order, shipment } of items) {
      if (!accepted.has(shipment.tracking_number)) continue;
      try {
        await withTenantEvents(ctx.db, tenantId, async (tx, events) => {
          const [locked] = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), [order.id], { lock: true });
          if (!locked || locked.status_type !== 'inDispatch') throw new AppError('conflict', M.notDispatched);
          await repo.setShipmentState(tx, tenantId, shipment.id, { validated: true });
          await moveOrder(tx, events, ctx.actor, locked, 'follow-up', null);
        });
        validated.push(order.id);
      } catch (error) {
        errors.push(orderError(order.id, failureMessage(error, M.validationError)));
      }
    }
  }
  const message =
    validated.length === 1
      ? M.validated(validated[0]!)
      : validated.length
        ? M.validatedMany(validated.length)
        : M.validationFailed;
  return { success: validated.length > 0, ...readMessage(message)!, validated, errors };
}

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

async function closeShipment(
  tx: Parameters<typeof repo.setShipmentState>[0],
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

/** SPEC 6: driver features exist only for ecotrack shipments. */
async function ecotrackShipment(ctx: TShippingContext, orderId: number) {
  const loaded = await loadShipment(ctx, orderId);
  if (loaded.company.kind !== 'ecotrack') throw AppError.validation({ order_id: [M.notEcotrack] });
  return loaded;
}

export async function notifyDriver(ctx: TShippingContext, orderId: number, message: string): Promise<void> {
  const { shipment, company } = await ecotrackShipment(ctx, orderId);
  await adapterOf(ctx, company).notifyDriver(shipment.tracking_number, message).catch(carrierRefusal);
}

export async function driverUpdates(ctx: TShippingContext, orderId: number): Promise<TDriverUpdate[]> {
  const { shipment, company } = await ecotrackShipment(ctx, orderId);
  return adapterOf(ctx, company).getDriverUpdates(shipment.tracking_number).catch(carrierRefusal);
}
