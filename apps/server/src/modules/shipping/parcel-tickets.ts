import crypto from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M, type TOrderError, type TParcelTicketsResponse } from '@cod/shared';
import type { TCarrierKeyring } from '../../carriers/credentials.js';
import { rows, type Db } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { writeParcelLabels, type TParcelLabel } from '../../documents/parcel-label.js';
import { AppError } from '../../lib/app-error.js';
import { scopeOf } from '../orders/order-access.js';
import { findCompany } from '../shipping-companies/shipping-companies.repository.js';
import { openAdapter } from '../shipping-companies/shipping-companies.service.js';
import * as repo from './shipments.repository.js';
import type { TShippingContext } from './shipping-context.js';

/** A ticket link lives this long: opened at once in a new tab, useless if it leaks later. */
export const TICKET_URL_TTL_MS = 10 * 60_000;

interface TTicketClaim {
  t: number; // tenant
  o: number; // order
  s: number; // shipment
  e: number; // expiry, ms since epoch
}

/** The signing key is derived from the credentials key (no new secret to configure). */
function ticketKey(keyring: TCarrierKeyring): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', keyring.primary.key, Buffer.alloc(0), 'parcel-ticket-url', 32));
}

export function signTicket(keyring: TCarrierKeyring, claim: TTicketClaim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  const mac = crypto.createHmac('sha256', ticketKey(keyring)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

export function verifyTicket(keyring: TCarrierKeyring, token: string, now = Date.now()): TTicketClaim | null {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  const expected = crypto.createHmac('sha256', ticketKey(keyring)).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TTicketClaim;
    return claim.e > now ? claim : null;
  } catch {
    return null;
  }
}

/** SPEC 7 view-parcel-tickets: a short-lived signed link per order that has a parcel. */
export async function parcelTickets(
  ctx: TShippingContext,
  orderIds: readonly number[],
  baseUrl: string,
): Promise<TParcelTicketsResponse> {
  const { tenantId } = ctx.actor;
  const { orders, shipments } = await withTenant(ctx.db, tenantId, async (tx) => {
    const found = await repo.shippingOrders(tx, await scopeOf(tx, ctx.actor), orderIds);
    return {
      orders: found,
      shipments: await repo.activeShipments(
        tx,
        tenantId,
        found.map((o) => o.id),
      ),
    };
  });
  const visible = new Set(orders.map((o) => o.id));
  const byOrder = new Map(shipments.map((s) => [s.order_id, s]));
  const results: TParcelTicketsResponse['results'] = [];
  const errors: TOrderError[] = [];
  const expires = Date.now() + TICKET_URL_TTL_MS;
  for (const id of orderIds) {
    const shipment = byOrder.get(id);
    if (!visible.has(id)) errors.push({ order_id: id, message: 'Order not found.' });
    else if (!shipment) errors.push({ order_id: id, message: M.noShipment });
    else {
      const token = signTicket(ctx.keyring, { t: tenantId, o: id, s: shipment.id, e: expires });
      results.push({ order_id: id, parcel_ticket_url: `${baseUrl}/dashboard/orders/parcel-tickets/${token}` });
    }
  }
  return { success: results.length > 0, results, errors };
}

export type TTicketBody = { kind: 'pdf'; stream: Readable } | { kind: 'redirect'; url: string };

/**
 * The PDF behind a ticket link: the carrier's label where it has one (bytes, or its URL), else our
 * own A6 label with a Code 128 of the tracking number (decision 0021).
 */
export async function ticketBody(
  db: Db,
  keyring: TCarrierKeyring,
  token: string,
  log: TShippingContext['log'],
): Promise<TTicketBody> {
  const claim = verifyTicket(keyring, token);
  if (!claim) throw new AppError('not_found', 'This parcel ticket link has expired.');
  const loaded = await withTenant(db, claim.t, async (tx) => {
    const shipment = await repo.shipmentById(tx, claim.t, claim.s);
    if (!shipment || shipment.order_id !== claim.o) return null;
    const [order] = await repo.shippingOrders(
      tx,
      { tenantId: claim.t, userId: null, ip: null, timeZone: 'UTC', seesAll: true, productIds: 'all' },
      [claim.o],
    );
    const company = await findCompany(tx, claim.t, shipment.shipping_company_id);
    const [desk] = order?.stopdesk_id
      ? await rows<{ name: string }>(
          tx,
          sql`select name from stop_desks where tenant_id = ${claim.t} and shipping_company_id = ${shipment.shipping_company_id}
              and center_id = ${String(order.stopdesk_id)}`,
        )
      : [];
    return order && company ? { shipment, order, company, desk: desk?.name ?? null } : null;
  });
  if (!loaded) throw AppError.notFound('Parcel ticket');
  const { shipment, order, company } = loaded;
  const label = await openAdapter(keyring, claim.t, company, log)
    .getLabel(shipment.tracking_number)
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === 'CarrierError') throw new AppError('conflict', error.message);
      throw error;
    });
  if (label.kind === 'url') return { kind: 'redirect', url: label.url };
  if (label.kind === 'pdf') {
    const stream = new PassThrough();
    stream.end(label.bytes);
    return { kind: 'pdf', stream };
  }
  const [tenant] = await withSystem(db, (tx) =>
    rows<{ name: string }>(tx, sql`select name from tenants where id = ${claim.t}`),
  );
  const own: TParcelLabel = {
    orderNumber: String(order.order_number),
    trackingNumber: shipment.tracking_number,
    carrierName: company.name,
    sender: { name: tenant?.name ?? '' },
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
