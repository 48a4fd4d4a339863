import {
  m,
  orderError,
  readMessage,
  SHIPPING_MESSAGES as M,
  type TOrderError,
  type TValidateResponse,
} from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { scopeOf } from '../orders/order-access.js';
import { findCompany, type TCompanyRecord } from '../shipping-companies/shipping-companies.service.js';
import { adapterOf } from './active-shipment.js';
import { moveOrder } from './order-moves.js';
import * as repo from './shipments.repository.js';
import { failureMessage, type TShippingContext } from './shipping-context.js';

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
