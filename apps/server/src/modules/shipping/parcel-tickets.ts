import { PassThrough, type Readable } from 'node:stream';
import { m, orderError, SHIPPING_MESSAGES as M, type TOrderError, type TParcelTicketsResponse } from '@cod/shared';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { writeParcelLabels, type TParcelLabel } from '../../documents/parcel-label.js';
import { AppError } from '../../lib/app-error.js';
import {
  createDownloadLinks,
  isUsableDownloadLink,
  spendDownloadLink,
  type TLinkOwner,
} from '../exports/exports.service.js';
import { scopeOf } from '../orders/order-access.js';
import { carrierKeyring } from '../shipping-companies/carrier-runtime.js';
import { findCompany, openAdapter, stopDeskName } from '../shipping-companies/shipping-companies.service.js';
import { labelSenderOf } from '../shop-settings/shop-settings.service.js';
import * as repo from './shipments.repository.js';
import type { TShippingContext } from './shipping-context.js';
import type { TShippingDeps } from './shipping.deps.js';

/**
 * SPEC 7 view-parcel-tickets: a link per order that has a parcel, on the one link mechanism of
 * docs/decisions/0040: spent by its first use within a minute, bound to the asking session.
 */
export async function parcelTickets(
  ctx: TShippingContext,
  owner: TLinkOwner,
  orderIds: readonly number[],
  baseUrl: string,
): Promise<TParcelTicketsResponse> {
  const { tenantId } = ctx.actor;
  return withTenant(ctx.db, tenantId, async (tx) => {
    const orders = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), orderIds);
    const shipments = await repo.activeShipments(
      tx,
      tenantId,
      orders.map((o) => o.id),
    );
    const visible = new Set(orders.map((o) => o.id));
    const byOrder = new Map(shipments.map((s) => [s.order_id, s]));
    const tickets: Array<{ order_id: number; shipment_id: number }> = [];
    const errors: TOrderError[] = [];
    for (const id of orderIds) {
      const shipment = byOrder.get(id);
      if (!visible.has(id)) errors.push(orderError(id, m('order.not_found')));
      else if (!shipment) errors.push(orderError(id, M.noShipment));
      else tickets.push({ order_id: id, shipment_id: shipment.id });
    }
    const { keys } = await createDownloadLinks(tx, owner, 'parcel-ticket', tickets);
    const results = tickets.map((ticket, i) => ({
      order_id: ticket.order_id,
      parcel_ticket_url: `${baseUrl}/dashboard/orders/parcel-tickets/${keys[i]!}`,
    }));
    return { success: results.length > 0, results, errors };
  });
}

export const TICKET_LINK_INVALID = m('shipping.ticket_expired');

export type TTicketBody = { kind: 'pdf'; stream: Readable } | { kind: 'redirect'; url: string };

/** A HEAD on a ticket link: whether it would open, without spending it (docs/decisions/0040). */
export async function assertTicketLinkUsable(deps: TShippingDeps, key: string): Promise<void> {
  const usable = await withSystem(deps.db, (tx) => isUsableDownloadLink(tx, key, 'parcel-ticket', 'view orders'));
  if (!usable) throw new AppError('not_found', TICKET_LINK_INVALID);
}

/**
 * The PDF behind a ticket link: the carrier's label where it has one (bytes, or its URL), else our
 * own A6 label with a Code 128 of the tracking number (decision 0021).
 */
export async function ticketBody(deps: TShippingDeps, key: string, log: TShippingContext['log']): Promise<TTicketBody> {
  const { db } = deps;
  const keyring = await carrierKeyring(deps.config);
  const spent = await withSystem(db, (tx) => spendDownloadLink(tx, key, 'parcel-ticket', 'view orders'));
  if (!spent) throw new AppError('not_found', TICKET_LINK_INVALID);
  const claim = { t: spent.tenantId, o: Number(spent.payload.order_id), s: Number(spent.payload.shipment_id) };
  // The link acts for its user as they stand now: the order must still be one they may see.
  const actor = { tenantId: claim.t, userId: spent.userId, ip: null, timeZone: spent.timeZone, seesAll: spent.seesAll };
  const loaded = await withTenant(db, claim.t, async (tx) => {
    const shipment = await repo.shipmentById(tx, claim.t, claim.s);
    if (!shipment || shipment.order_id !== claim.o) return null;
    const [order] = await repo.shippingOrders(tx, await scopeOf(tx, actor), [claim.o]);
    const company = await findCompany(tx, claim.t, shipment.shipping_company_id);
    const desk = order?.stopdesk_id
      ? await stopDeskName(tx, {
          tenantId: claim.t,
          companyId: shipment.shipping_company_id,
          centerId: String(order.stopdesk_id),
        })
      : null;
    return order && company ? { shipment, order, company, desk } : null;
  });
  if (!loaded) throw AppError.notFound('Parcel ticket');
  const { shipment, order, company } = loaded;
  const label = await openAdapter(keyring, claim.t, company, log)
    .getLabel(shipment.tracking_number)
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === 'CarrierError')
        throw new AppError('conflict', m('carrier.message', { reason: error.message }));
      throw error;
    });
  if (label.kind === 'url') return { kind: 'redirect', url: label.url };
  if (label.kind === 'pdf') {
    const stream = new PassThrough();
    stream.end(label.bytes);
    return { kind: 'pdf', stream };
  }
  const own: TParcelLabel = {
    orderNumber: String(order.order_number),
    trackingNumber: shipment.tracking_number,
    carrierName: company.name,
    // Issue 18.5: the shop's settings give the sender block (name, phone, address, logo).
    sender: await labelSenderOf(deps, claim.t),
    receiver: {
      name: order.customer_full_name,
      phone: order.customer_phone_1,
      ...(order.customer_phone_2 ? { phone2: order.customer_phone_2 } : {}),
      ...(order.customer_address ? { address: order.customer_address } : {}),
    },
    wilaya: { code: String(order.state_id).padStart(2, '0'), name: order.state_name, nameAr: order.state_name_ar },
    commune: { name: order.city_name, nameAr: order.city_name_ar },
    stopDesk: loaded.desk,
    codAmount: order.total,
    contents: order.lines.map((l) => `${l.quantity} × ${l.name}`).join(', '),
    ...(order.note ? { note: order.note } : {}),
  };
  const stream = new PassThrough();
  writeParcelLabels({ stream, labels: [own] }).catch((error: unknown) => stream.destroy(error as Error));
  return { kind: 'pdf', stream };
}
