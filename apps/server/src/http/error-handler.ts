import type { FastifyError, FastifyInstance } from 'fastify';
import { isPoolExhausted } from '../db/client.js';
import { AppError, type TErrorCode } from '../lib/app-error.js';
import { redactRequestUrl } from '../lib/log-redaction.js';
import { messageBody } from '../lib/message-body.js';
import { EDGE_REFUSALS } from './edge-input.js';

/** The one place that knows HTTP statuses (STYLE 5, ARCHITECTURE 3.5). */
const STATUS: Record<TErrorCode, number> = {
  validation: 422,
  invalid_transition: 422,
  insufficient_stock: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  // Issue 19: an expired or suspended subscription, or a plan limit reached.
  payment_required: 402,
  unavailable: 503,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(STATUS[error.code]).send(error.toBody());
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send(messageBody(EDGE_REFUSALS.malformedMultipart));
    }
    // Fastify's own client errors: bad JSON, wrong content type, body too large, ...
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: clientMessage(error as FastifyError), code: (error as FastifyError).code });
    }
    // Every database connection stayed busy past the pool's wait: ask the client to come back
    // rather than report a fault (the web shows the kind's translated sentence).
    if (isPoolExhausted(error)) {
      request.log.warn(
        { url: redactRequestUrl(request.url, request.params) },
        'no database connection free in time: answered 503',
      );
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ message: 'The server is busy. Please try again in a moment.', code: 'unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'An unexpected error occurred', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found.`, code: 'not_found' }),
  );
}

// @fastify/busboy reports a multipart body cut short, or without its boundary, as a plain Error
// (on the part's stream, or from request.file()): the client's malformed body, not a server fault.
const BUSBOY_MALFORMED = /unexpected end of multipart data|^Multipart: Boundary not found$/;

function isMalformedMultipart(error: Error): boolean {
  return !(error as FastifyError).statusCode && BUSBOY_MALFORMED.test(error.message);
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    default:
      return error.message;
  }
}
