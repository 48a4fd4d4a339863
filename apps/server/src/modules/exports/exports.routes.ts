import { PassThrough } from 'node:stream';
import { m } from '@cod/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { writeOrdersListPdf } from '../../documents/orders-list-pdf.js';
import { ordersExportFileName, writeXlsx } from '../../files/xlsx-writer.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import { orderActorOf, type TOrderActor } from '../orders/order-access.js';
import * as service from './exports.service.js';
import { ordersSheet, pdfRows } from './orders-sheet.js';

/** SPEC 5: the messages of an empty selection. */
export const EXPORT_MESSAGES = {
  xlsxEmpty: m('export.xlsx_empty'),
  pdfEmpty: m('export.pdf_empty'),
  linkInvalid: m('export.link_invalid'),
} as const;

/** Bounds one export: 10,000 orders stream in about a second (npm run bench:import). */
const MAX_EXPORT_ORDERS = 50_000;

const zOrderIds = (empty: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number().int().positive().max(2_147_483_647), { error: empty })
      .min(1, empty)
      .max(MAX_EXPORT_ORDERS, m('export.too_many_orders', { max: MAX_EXPORT_ORDERS })),
  );

const ZExportXlsxRequest = z.object({
  order_ids: zOrderIds(EXPORT_MESSAGES.xlsxEmpty),
  tab: z.string().max(30).optional(),
});
const ZPdfLinkRequest = z.object({
  order_ids: zOrderIds(EXPORT_MESSAGES.pdfEmpty),
  locale: z.enum(['en', 'fr', 'ar']).optional(),
});
const ZPdfQuery = z.object({ link: z.string().min(16).max(100) });

/** Issue 6: SPEC 7's XLSX export and the printed orders list (PDF). */
export function registerExportRoutes(app: FastifyInstance, deps: TAppDeps): void {
  // SPEC 7: a streamed file named orders_{tab}_export_{timestamp}.xlsx; the tab from the body or the query.
  app.post('/dashboard/orders/export-xlsx', { config: { access: 'export orders' } }, async (request, reply) => {
    const actor = orderActorOf(request);
    const query = parse(z.object({ tab: z.string().max(30).optional() }), request.query);
    const body = parse(ZExportXlsxRequest, request.body ?? {});
    const stream = new PassThrough();
    writeXlsx({
      stream,
      sheets: [ordersSheet(service.exportOrders(deps, actor, body.order_ids), actor.timeZone)],
    }).catch((error: unknown) => stream.destroy(error as Error));
    const fileName = ordersExportFileName(body.tab ?? query.tab ?? 'all');
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(stream);
  });

  // docs/decisions/0034 and 0040: the SPA asks for a one-use link valid 60 s, bound to its session,
  // then opens it in a new tab.
  app.post('/dashboard/orderspdf/link', { config: { access: 'export orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { tokenId } = sessionOfRequest(request);
    const body = parse(ZPdfLinkRequest, request.body ?? {});
    const locale = body.locale ?? 'fr';
    const link = await service.createOrdersPdfLink(
      deps,
      { tenantId: actor.tenantId, userId: actor.userId, tokenId },
      { order_ids: body.order_ids, locale },
    );
    const query = body.order_ids.map((id) => `order_ids[]=${id}`).join('&');
    return { success: true, url: `/dashboard/orderspdf?${query}&link=${link.key}`, expires_in: link.expiresInSeconds };
  });

  // SPEC 7 GET /dashboard/orderspdf?order_ids[]=...: opened by the browser in a new tab, which
  // sends no bearer header; the one-use link is the authorization ('public' to the guard). It acts
  // for its session as it stands now: the orders printed are the link's ids within the user's
  // current order scope. A HEAD (a link checker, a viewer probing) answers without spending it.
  app.get('/dashboard/orderspdf', { config: { access: 'public' } }, async (request, reply) => {
    const { link } = parse(ZPdfQuery, request.query);
    if (request.method === 'HEAD') {
      const usable = await service.isUsableLink(deps, link, 'orders-pdf', 'export orders');
      if (!usable) throw new AppError('unauthenticated', EXPORT_MESSAGES.linkInvalid);
      return reply.header('content-type', 'application/pdf').header('cache-control', 'no-store').send();
    }
    const spent = await service.spendLink(deps, link, 'orders-pdf', 'export orders');
    if (!spent) throw new AppError('unauthenticated', EXPORT_MESSAGES.linkInvalid);
    const payload = spent.payload as { order_ids: number[]; locale: 'en' | 'fr' | 'ar' };
    const actor: TOrderActor = {
      tenantId: spent.tenantId,
      userId: spent.userId,
      ip: request.ip,
      timeZone: spent.timeZone,
      seesAll: spent.seesAll,
    };
    const stream = new PassThrough();
    writeOrdersListPdf({
      stream,
      shopName: spent.shopName,
      orders: pdfRows(service.exportOrders(deps, actor, payload.order_ids)),
      locale: payload.locale,
      timeZone: actor.timeZone,
    }).catch((error: unknown) => stream.destroy(error as Error));
    // Spent on this request: nothing may ask for it again. No ranges (a viewer that sees none reads
    // the whole answer once), and no cache to replay it from.
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="orders.pdf"')
      .header('cache-control', 'no-store')
      .header('accept-ranges', 'none')
      .send(stream);
  });
}
