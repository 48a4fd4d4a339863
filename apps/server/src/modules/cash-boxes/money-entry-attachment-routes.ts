import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { TEntryDirection, TRouteAccess } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { MAX_RECEIPT_BYTES, readPaymentForm } from '../payments/payment-receipts.js';
import {
  attachEntryReceipt,
  detachEntryReceipt,
  entryReceipt,
  type TEntryFilesDeps,
} from './money-entry-attachments.service.js';

/**
 * An entry's receipt (docs/decisions/0105): PUT (multipart, field "receipt"), GET (the file, as
 * an attachment with its checked type), DELETE. Multipart only in this scope, with the central
 * payments' receipt limits.
 */
export function registerEntryAttachmentRoutes(
  app: FastifyInstance,
  deps: TEntryFilesDeps,
  routes: { direction: TEntryDirection; path: string; view: TRouteAccess; manage: TRouteAccess },
): void {
  const { direction, path, view, manage } = routes;
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 2, parts: 3 } });
    scope.put(`${path}/:id/attachment`, { config: { access: manage } }, async (request) => {
      const { id } = parse(ZIdParams, request.params);
      const { upload } = request.isMultipart() ? await readPaymentForm(request) : { upload: null };
      return attachEntryReceipt(deps, actorOf(request), direction, id, upload);
    });
  });

  app.get(`${path}/:id/attachment`, { config: { access: view } }, async (request, reply) => {
    const { id } = parse(ZIdParams, request.params);
    const receipt = await entryReceipt(deps, actorOf(request).tenantId, direction, id);
    return reply
      .header('content-type', receipt.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(receipt.name)}`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(receipt.data);
  });

  app.delete(`${path}/:id/attachment`, { config: { access: manage } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return detachEntryReceipt(deps, actorOf(request), direction, id);
  });
}
