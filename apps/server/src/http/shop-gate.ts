import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { m } from '@cod/shared';
import { AppError } from '../lib/app-error.js';
import { isAlwaysAnswered } from './load-shedding.js';

/** One shop's fair share of the server (docs/decisions/0144). */
export interface TShopGateLimits {
  /** Requests of one shop in progress at once. */
  maxInFlight: number;
  /** Requests of one shop waiting for one of those places; past that, 429 at once. */
  maxQueued: number;
  /** How long a request waits for a place before it is answered 429. */
  queueWaitMs: number;
}

// A refusal is answered after this long, not at once: a script that sends again on every 429
// without reading Retry-After then sends one request a second per connection instead of
// thousands, which would take the CPU from the other shops. Waiting costs a socket and a timer.
const REFUSAL_DELAY_MS = 1000;
// Refusals held at once per shop, past which they are answered at once (memory stays bounded).
const MAX_HELD_REFUSALS = 2000;

// A shop's requests in progress last milliseconds to seconds: a second later a place is likely free.
const RETRY_AFTER_SECONDS = 1;

interface TShopLine {
  inFlight: number;
  /** Waiting requests, first come first served; called with whether it got a place. */
  queue: Array<(admitted: boolean) => void>;
  /** Refusals being held before they are answered. */
  refusing: number;
}

function shopBusy(): AppError {
  return new AppError('too_many_requests', m('edge.shop_busy'), {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
}

/**
 * At most `maxInFlight` requests of one shop in progress, `maxQueued` more waiting in order, the
 * rest refused (429): one shop's flood holds a bounded part of the pool and the CPU, so the other
 * shops' requests find a connection at once. A shop whose line is at least half full is flooding:
 * while another shop has a request in progress it gets one place only, since its heavy requests
 * share the same two cores with the others' (decision 0144). `enter` answers the function that
 * gives the place back.
 */
export function shopGate(limits: TShopGateLimits) {
  const lines = new Map<number, TShopLine>();

  const othersBusy = (tenantId: number) => [...lines].some(([id, line]) => id !== tenantId && line.inFlight > 0);
  const allowance = (tenantId: number, line: TShopLine) =>
    line.queue.length * 2 >= Math.max(1, limits.maxQueued) && othersBusy(tenantId) ? 1 : limits.maxInFlight;

  /** Gives each shop's first waiting requests the places their allowance has free. */
  const admitWaiting = () => {
    for (const [tenantId, line] of lines) {
      while (line.queue.length > 0 && line.inFlight < allowance(tenantId, line)) {
        line.inFlight += 1;
        line.queue.shift()!(true);
      }
    }
  };

  const forgetIdle = (tenantId: number, line: TShopLine) => {
    if (line.inFlight === 0 && line.refusing === 0 && line.queue.length === 0) lines.delete(tenantId);
  };

  const placeOf = (tenantId: number, line: TShopLine) => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      line.inFlight -= 1;
      admitWaiting();
      forgetIdle(tenantId, line);
    };
  };

  async function enter(tenantId: number): Promise<() => void> {
    let line = lines.get(tenantId);
    if (!line) lines.set(tenantId, (line = { inFlight: 0, queue: [], refusing: 0 }));
    // First come, first served: nobody passes the shop's own waiting requests.
    if (line.queue.length === 0 && line.inFlight < allowance(tenantId, line)) {
      line.inFlight += 1;
      return placeOf(tenantId, line);
    }
    if (line.queue.length >= limits.maxQueued) {
      if (line.refusing < MAX_HELD_REFUSALS) {
        line.refusing += 1;
        await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
        line.refusing -= 1;
        forgetIdle(tenantId, line);
      }
      throw shopBusy();
    }
    const waiting = line;
    const admitted = await new Promise<boolean>((resolve) => {
      const waiter = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      const timer = setTimeout(() => {
        waiting.queue.splice(waiting.queue.indexOf(waiter), 1);
        forgetIdle(tenantId, waiting);
        resolve(false);
      }, limits.queueWaitMs);
      waiting.queue.push(waiter);
    });
    if (!admitted) throw shopBusy();
    return placeOf(tenantId, waiting);
  }

  /** Requests in progress and waiting, per shop that has any (for tests and the bench). */
  const snapshot = () => new Map([...lines].map(([id, l]) => [id, { inFlight: l.inFlight, queued: l.queue.length }]));

  return { enter, snapshot };
}

// Tokens remembered at most: past it the memory starts again (a token then waits for its
// authentication once more before its shop's line).
const MAX_REMEMBERED_TOKENS = 50_000;

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() || null : null;
}

/**
 * A shop's request takes a place of its shop and gives it back when its answer is over (sent,
 * streamed to the end, or cut off), so an export streaming from the database counts the whole time
 * it holds a connection. Requests without a shop (sign-in, /health, the intake API's own key,
 * central administration) are never held.
 *
 * A token this process has seen signed in queues in its shop's line BEFORE its authentication:
 * a flooding shop's requests then wait or are refused without each spending a database connection
 * on its session, which would starve the other shops' sign-ins and sessions of the pool. The
 * memory only chooses the line; every admitted request is still authenticated, and a token that
 * fails authentication is forgotten. A token's first request is placed after authentication.
 */
export function registerShopGate(app: FastifyInstance, limits: TShopGateLimits) {
  const gate = shopGate(limits);
  const shopOfToken = new Map<string, number>();
  const places = new WeakMap<FastifyRequest, number>();

  const take = async (request: FastifyRequest, reply: FastifyReply, tenantId: number) => {
    // A client may leave while its request waits in line (a tab closed, a timeout): its 'close'
    // has then passed when the place comes, and the place must go back at once, or it is lost
    // for good and the shop is locked out bit by bit.
    let gone = false;
    const onGone = () => (gone = true);
    reply.raw.once('close', onGone);
    let giveBack: () => void;
    try {
      giveBack = await gate.enter(tenantId);
    } finally {
      reply.raw.off('close', onGone);
    }
    if (gone) {
      giveBack();
      throw shopBusy();
    }
    places.set(request, tenantId);
    // 'close' follows the end of every answer, and a connection cut before it.
    reply.raw.once('close', giveBack);
  };

  const beforeAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config?.access === 'public' || isAlwaysAnswered(request)) return;
    const token = bearerOf(request);
    const tenantId = token ? shopOfToken.get(token) : undefined;
    if (tenantId !== undefined) await take(request, reply, tenantId);
  };

  const afterAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    const tenantId = request.session?.tenantId;
    if (!tenantId) return;
    const token = bearerOf(request);
    if (token && shopOfToken.get(token) !== tenantId) {
      if (shopOfToken.size >= MAX_REMEMBERED_TOKENS) shopOfToken.clear();
      shopOfToken.set(token, tenantId);
    }
    if (places.get(request) !== tenantId) await take(request, reply, tenantId);
  };

  const forgetRefused = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = reply.statusCode === 401 ? bearerOf(request) : null;
    if (token) shopOfToken.delete(token);
  };

  app.addHook('onRequest', beforeAuth);
  app.addHook('onResponse', forgetRefused);
  /** Registers the hook that places a token's first request: call it after the access guard. */
  return { afterAuthentication: () => app.addHook('onRequest', afterAuth) };
}

/**
 * A fifth of the pool for one shop (at least 2); eight times that (at least 32) waiting: a shop of
 * twenty agents opening screens at once waits its turn, only a flood is refused (decision 0144).
 */
export function shopGateLimits(
  config: { SHOP_MAX_IN_FLIGHT?: number; SHOP_MAX_QUEUED?: number; SHOP_QUEUE_WAIT_MS: number },
  poolSize: number,
): TShopGateLimits {
  const maxInFlight = config.SHOP_MAX_IN_FLIGHT ?? Math.max(2, Math.floor(poolSize / 5));
  return {
    maxInFlight,
    maxQueued: config.SHOP_MAX_QUEUED ?? Math.max(32, 8 * maxInFlight),
    queueWaitMs: config.SHOP_QUEUE_WAIT_MS,
  };
}
