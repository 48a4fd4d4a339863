import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

export interface TLoadSheddingOptions {
  /** Mean event-loop delay (ms) past which requests are refused; 0: never. */
  maxEventLoopDelayMs: number;
  /** Transactions waiting for a database connection past which requests are refused; 0: never. */
  maxPoolWaiting: number;
  /** How many wait now. */
  poolWaiting: () => number;
}

// Routes answered however loaded the server is (docs/decisions/0144): the load balancer's health
// check, and signing in (a user locked out of the sign-in page cannot even see the server is busy).
const ALWAYS_ANSWERED = new Set(['/health', '/login', '/central/login']);

/** /health, sign-in and central administration: never shed, never held by a shop's share. */
export function isAlwaysAnswered(request: FastifyRequest): boolean {
  return request.routeOptions.config?.access === 'central' || ALWAYS_ANSWERED.has(request.routeOptions.url ?? '');
}

// The same answer as a request that found no free connection (decision 0136): the web says "busy".
function serverBusy(): AppError {
  return new AppError('unavailable', 'The server is busy. Please try again in a moment.', {
    headers: { 'retry-after': '2' },
  });
}

/**
 * Before authentication (which itself needs a connection): refuses a request 503 with Retry-After
 * while the event loop lags (measured by @fastify/under-pressure) or while too many transactions
 * already wait for a database connection, so a saturated server answers "busy" in a millisecond
 * instead of making every caller wait seconds for an answer that comes too late.
 */
export async function registerLoadShedding(app: FastifyInstance, options: TLoadSheddingOptions): Promise<void> {
  if (options.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      // The mean delay of the last half second: a burst is seen quickly and forgotten quickly.
      sampleInterval: 500,
      pressureHandler: (request) => (isAlwaysAnswered(request) ? undefined : Promise.reject(serverBusy())),
    });
  }
  if (options.maxPoolWaiting > 0) {
    app.addHook('onRequest', async (request) => {
      if (options.poolWaiting() > options.maxPoolWaiting && !isAlwaysAnswered(request)) throw serverBusy();
    });
  }
}
