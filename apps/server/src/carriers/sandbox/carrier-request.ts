import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TCarrierRoute } from './carrier-routes.js';
import type { TDialectContext, TSandboxRequest } from './dialect.js';
import { parseJson, send } from './http-io.js';
import { logRequest, type TSandboxState } from './state.js';

/** Holds a processed request's socket until the client gives up, then drops it: the answer is lost. */
async function dropAfter(res: ServerResponse, holdMs: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, holdMs);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  res.destroy();
}

/**
 * One call to a fake carrier: authenticate in its dialect, then apply the switched-on fault if any
 * (rate limit or error before processing; timeout or error after it), else answer.
 */
export async function answerCarrierRequest(
  state: TSandboxState,
  call: {
    req: IncomingMessage;
    res: ServerResponse;
    url: URL;
    raw: string;
    at: number;
    target: TCarrierRoute;
    publicUrl: string;
  },
): Promise<void> {
  const { req, res, url, target } = call;
  const request: TSandboxRequest = {
    method: req.method ?? 'GET',
    path: target.rest,
    query: url.searchParams,
    headers: req.headers,
    body: parseJson(call.raw),
  };
  const { handler } = target;
  const operation = handler.operation(request);
  const log = (status: number | 'dropped') =>
    logRequest(state, {
      dialect: handler.dialect,
      operation,
      method: request.method,
      path: url.pathname,
      status,
      at: call.at,
    });
  const account = handler.authenticate(request);
  if (account === null) {
    log(401);
    return send(res, handler.unauthorized());
  }
  const ctx: TDialectContext = {
    store: state.store,
    faults: state.faults,
    now: state.clock.now,
    account,
    network: target.network,
    publicUrl: call.publicUrl,
    emit: (changes) => state.webhooks.enqueue(changes),
    options: state.settings,
  };
  const fault = state.faults.take(handler.dialect, operation);
  if (fault?.kind === 'rate_limit') {
    log(429);
    return send(res, handler.rateLimited(fault.retryAfterSeconds ?? 1));
  }
  if (fault?.kind === 'error' && !fault.afterProcessing) {
    log(fault.status ?? 503);
    return send(res, handler.serverError(fault.status ?? 503));
  }
  const reply = handler.handle(request, ctx);
  if (fault?.kind === 'timeout') {
    log('dropped');
    return dropAfter(res, fault.holdMs ?? 30_000);
  }
  if (fault?.kind === 'error') {
    log(fault.status ?? 503);
    return send(res, handler.serverError(fault.status ?? 503));
  }
  log(reply.status);
  send(res, reply);
}
