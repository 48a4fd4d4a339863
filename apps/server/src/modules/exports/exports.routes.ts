import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { writeOrdersListPdf } from '../../documents/orders-list-pdf.js';
import { ordersExportFileName, writeXlsx } from '../../files/xlsx-writer.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import { orderActorOf } from '../orders/order-access.js';
import { createDownloadLink, spendDownloadLink } from './download-links.repository.js';
import { exportOrders } from './export-orders.repository.js';
import { ordersSheet, pdfRows } from './orders-sheet.js';

/** SPEC 5: the messages of an empty selection. */
export const EXPORT_MESSAGES = {
  xlsxEmpty: 'Please select orders to export.',
  pdfEmpty: 'Please select orders to generate PDF.',
  linkInvalid: 'This link has expired or was already used. Generate the PDF again.',
} as const;

/** Bounds one export: 10,000 orders stream in about a second (npm run bench:import). */
const MAX_EXPORT_ORDERS = 50_000;

const zOrderIds = (empty: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number().int().positive().max(2_147_483_647), { error: empty })
      .min(1, empty)
      .max(MAX_EXPORT_ORDERS, `At most ${MAX_EXPORT_ORDERS} orders can be exported at once.`),
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
export function registerExportRoutes(app: FastifyInstance, db: Db): void {
  // SPEC 7: a streamed file named orders_{tab}_export_{timestamp}.xlsx; the tab from the body or the query.
  app.post('/dashboard/orders/export-xlsx', { config: { access: 'export orders' } }, async (request, reply) => {
    const actor = orderActorOf(request);
    const query = parse(z.object({ tab: z.string().max(30).optional() }), request.query);
    const body = parse(ZExportXlsxRequest, request.body ?? {});
    const stream = new PassThrough();
    writeXlsx({ stream, sheets: [ordersSheet(exportOrders(db, actor, body.order_ids), actor.timeZone)] }).catch(
      (error: unknown) => stream.destroy(error as Error),
    );
    const fileName = ordersExportFileName(body.tab ?? query.tab ?? 'all');
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(stream);
  });

  // docs/decisions/0034: the SPA asks for a one-use link valid 60 s, then opens it in a new tab.
  app.post('/dashboard/orderspdf/link', { config: { access: 'export orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const body = parse(ZPdfLinkRequest, request.body ?? {});
    const locale = body.locale ?? 'fr';
    const link = await withTenant(db, actor.tenantId, (tx) =>
      createDownloadLink(tx, {
        tenantId: actor.tenantId,
        userId: actor.userId,
        kind: 'orders-pdf',
        payload: { order_ids: body.order_ids, locale, time_zone: actor.timeZone, sees_all: actor.seesAll },
      }),
    );
    const query = body.order_ids.map((id) => `order_ids[]=${id}`).join('&');
    return { success: true, url: `/dashboard/orderspdf?${query}&link=${link.key}`, expires_in: link.expiresInSeconds };
  });

  // SPEC 7 GET /dashboard/orderspdf?order_ids[]=...: opened by the browser in a new tab, which
  // sends no bearer header; the one-use link is the authorization ('public' to the guard).
  app.get('/dashboard/orderspdf', { config: { access: 'public' } }, async (request, reply) => {
    const { link } = parse(ZPdfQuery, request.query);
    const spent = await withSystem(db, (tx) => spendDownloadLink(tx, link, 'orders-pdf'));
    if (!spent) throw new AppError('unauthenticated', EXPORT_MESSAGES.linkInvalid);
    const payload = spent.payload as {
      order_ids: number[];
      locale: 'en' | 'fr' | 'ar';
      time_zone: string;
      sees_all: boolean;
    };
    const actor = {
      tenantId: spent.tenant_id,
      userId: spent.user_id,
      ip: request.ip,
      timeZone: payload.time_zone,
      seesAll: payload.sees_all,
    };
    const stream = new PassThrough();
    writeOrdersListPdf({
      stream,
      shopName: spent.shop_name,
      orders: pdfRows(exportOrders(db, actor, payload.order_ids)),
      locale: payload.locale,
      timeZone: actor.timeZone,
    }).catch((error: unknown) => stream.destroy(error as Error));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="orders.pdf"')
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
