import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SHIPPING_MESSAGES as M,
  ZBarcodeActionRequest,
  ZNotifyDriverRequest,
  ZOrderIdsRequest,
  ZShippingOrdersRequest,
  type TBarcodeActionResponse,
  type TShipmentTimelineResponse,
} from '@cod/shared';
import { sessionOfRequest } from '../../http/access-guard.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { orderActorOf } from '../orders/order-access.js';
import { assignShipping } from './assign-shipping.js';
import { cancelShipment } from './cancel-shipment.js';
import { dispatchOrders } from './dispatch-orders.js';
import { goBack } from './go-back.js';
import { listDriverUpdates } from './list-driver-updates.js';
import { notifyDriver } from './notify-driver.js';
import { assertTicketLinkUsable, parcelTickets, ticketBody } from './parcel-tickets.js';
import { scanOrderBarcode } from './scan-order-barcode.js';
import { refreshShipment } from './refresh-shipment.js';
import { shippingContext, type TShippingContext } from './shipping-context.js';
import type { TShippingDeps } from './shipping.deps.js';
import { showShipmentTimeline } from './show-shipment-timeline.js';
import { validateDispatched } from './validate-dispatched.js';
import { registerShippingWebhookRoutes } from './webhooks.routes.js';

/** SPEC 7's shipping calls on orders (issue 5.5-5.9), the ticket links and the carrier webhooks. */
export async function registerShippingRoutes(app: FastifyInstance, deps: TShippingDeps): Promise<void> {
  const contextOf = (request: FastifyRequest): Promise<TShippingContext> =>
    shippingContext(deps, orderActorOf(request), request.log);

  app.post('/dashboard/orders/assign-shipping', { config: { access: 'dispatch orders' } }, async (request) =>
    assignShipping(await contextOf(request), parse(ZShippingOrdersRequest, request.body)),
  );

  app.post('/dashboard/orders/dispatch', { config: { access: 'dispatch orders' } }, async (request) =>
    dispatchOrders(await contextOf(request), parse(ZShippingOrdersRequest, request.body)),
  );

  app.post('/dashboard/orders/validate-dispatched', { config: { access: 'dispatch orders' } }, async (request) => {
    const { order_ids } = parse(ZOrderIdsRequest, request.body);
    return validateDispatched(await contextOf(request), order_ids);
  });

  app.post('/dashboard/orders/:id/go-back', { config: { access: 'dispatch orders' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    await goBack(await contextOf(request), id);
    return { success: true, ...messageBody(M.wentBack) };
  });

  app.post('/dashboard/orders/:id/refresh-shipment', { config: { access: 'view orders' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    const { status } = await refreshShipment(await contextOf(request), id);
    return { success: true, ...messageBody(M.refreshed), status };
  });

  app.post('/dashboard/orders/:id/cancel-shipment', { config: { access: 'dispatch orders' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    await cancelShipment(await contextOf(request), id);
    return { success: true, ...messageBody(M.cancelled) };
  });

  app.get('/orders/:id/shipment-timeline', { config: { access: 'view orders' } }, async (request) => {
    const actor = orderActorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const shipment = await showShipmentTimeline(deps, actor, id);
    const answer: TShipmentTimelineResponse = { success: true, order: { id, current_shipment: shipment } };
    return answer;
  });

  app.post('/dashboard/orders/view-parcel-tickets', { config: { access: 'view orders' } }, async (request) => {
    const { order_ids } = parse(ZOrderIdsRequest, request.body);
    const { tenantId, userId, tokenId } = sessionOfRequest(request);
    return parcelTickets(await contextOf(request), { tenantId, userId, tokenId }, order_ids, '');
  });

  // Opened in a new tab (no Authorization header): the one-use link bound to the session that asked
  // for it is the access (docs/decisions/0040). A HEAD answers without spending it.
  app.get('/dashboard/orders/parcel-tickets/:token', { config: { access: 'public' } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (request.method === 'HEAD') {
      await assertTicketLinkUsable(deps, token);
      return reply.type('application/pdf').header('Cache-Control', 'private, no-store').send();
    }
    const body = await ticketBody(deps, token, request.log);
    if (body.kind === 'redirect') return reply.redirect(body.url);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', 'inline; filename="parcel-ticket.pdf"')
      .header('Cache-Control', 'private, no-store')
      .header('Accept-Ranges', 'none')
      .send(body.stream);
  });

  app.post('/dashboard/orders/:id/ecotrack-notify-driver', { config: { access: 'update orders' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    // SPEC 5: an empty message sends nothing (422 before any carrier call).
    const { message } = parse(ZNotifyDriverRequest, request.body);
    await notifyDriver(await contextOf(request), id, message);
    return { success: true, ...messageBody(M.driverNotified) };
  });

  app.get('/dashboard/orders/:id/ecotrack-driver-updates', { config: { access: 'view orders' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    const updates = await listDriverUpdates(await contextOf(request), id);
    return { success: true, updates };
  });

  app.post('/api/orders/barcode-action', { config: { access: 'view orders' } }, async (request, reply) => {
    const body = parse(ZBarcodeActionRequest, request.body);
    const ctx = await contextOf(request);
    if (body.action === 'validate' && !sessionOfRequest(request).permissions.has('dispatch orders')) {
      throw new AppError('forbidden', 'This action is unauthorized.');
    }
    const outcome = await scanOrderBarcode(ctx, body);
    if (outcome.kind === 'not_found') {
      const answer: TBarcodeActionResponse = { success: false, ...messageBody(M.barcodeNotFound) };
      return reply.status(404).send(answer);
    }
    const { orderId } = outcome;
    if (outcome.kind === 'selected') {
      const answer: TBarcodeActionResponse = {
        success: true,
        ...messageBody(M.barcodeSelected(orderId)),
        order_id: orderId,
      };
      return answer;
    }
    const { result } = outcome;
    const answer: TBarcodeActionResponse = result.success
      ? { success: true, ...messageBody(M.validated(orderId)), order_id: orderId }
      : { success: false, ...(result.errors[0] ?? messageBody(M.actionFailed)), order_id: orderId };
    return reply.status(result.success ? 200 : 422).send(answer);
  });

  await registerShippingWebhookRoutes(app, deps);
}
