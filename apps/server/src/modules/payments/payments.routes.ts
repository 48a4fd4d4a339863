import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { centralSessionOfRequest } from '../../http/access-guard.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { MAX_RECEIPT_BYTES, readPaymentForm } from './payment-receipts.js';
import { PassThrough } from 'node:stream';
import { writePaymentReceiptPdf } from './payment-receipt-pdf.js';
import {
  listPayments,
  paymentForReceipt,
  paymentReceipt,
  recordPayment,
  voidPayment,
  type TPaymentDeps,
} from './payments.service.js';

const CENTRAL = { config: { access: 'central' as const } };

/** /central/payments (issue 19.4): multipart in this scope only, with the receipt's own limits. */
export async function registerPaymentRoutes(app: FastifyInstance, deps: TPaymentDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 12, parts: 13 } });
    scope.post('/central/payments', CENTRAL, async (request, reply) => {
      const admin = centralSessionOfRequest(request);
      const { fields, upload } = request.isMultipart()
        ? await readPaymentForm(request)
        : { fields: request.body, upload: null };
      return reply.status(201).send(await recordPayment(deps, admin, fields, upload));
    });
  });
  app.get('/central/payments', CENTRAL, (request) => listPayments(deps, request.query as Record<string, unknown>));
  app.post('/central/payments/:id/void', CENTRAL, (request) =>
    voidPayment(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, request.body),
  );
  // The printable receipt (fr by default, ar, en), drawn like the orders PDF.
  app.get('/central/payments/:id/receipt.pdf', CENTRAL, async (request, reply) => {
    const payment = await paymentForReceipt(deps, parse(ZIdParams, request.params).id);
    const asked = (request.query as { locale?: unknown }).locale;
    const locale = asked === 'ar' || asked === 'en' ? asked : 'fr';
    const stream = new PassThrough();
    writePaymentReceiptPdf(stream, payment, locale).catch((error: unknown) => stream.destroy(error as Error));
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="receipt-${payment.id}.pdf"`)
      .send(stream);
  });
  app.get('/central/payments/:id/receipt', CENTRAL, async (request, reply) => {
    const receipt = await paymentReceipt(deps, parse(ZIdParams, request.params).id);
    return reply
      .header('content-type', receipt.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${encodeURIComponent(receipt.name)}"`)
      .send(receipt.data);
  });
}
