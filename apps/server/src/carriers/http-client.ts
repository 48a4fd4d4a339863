import { outboundFetch, type TOutboundFetch } from '../lib/outbound-fetch.js';
import { outboundPolicy, urlRefusal, type TOutboundPolicy } from '../lib/outbound-guard.js';
import { CarrierError, silentLogger, unreachableMessage, type TCarrierLogger } from './carrier.js';
import { redactSecrets, redactUrl } from './redact.js';

/**
 * The one HTTP layer every carrier adapter uses (decision 0017): timeouts, retries with exponential
 * back-off and full jitter on network errors, 5xx and 429 (Retry-After honoured), a client-side
 * rate limiter, and secret redaction of everything it logs or throws.
 *
 * Idempotency rule: a request the carrier may have processed (timeout, connection reset, 5xx) is
 * retried only when the caller marks it `idempotent`. Parcel creation is not: the adapter looks the
 * parcel up by our reference instead of sending it again (CarrierError.ambiguous).
 *
 * Destinations (decision 0037): every request goes through lib/outbound-fetch.ts; a base URL the
 * guard refuses (scheme, host, port, query or fragment tricks) fails every request without a
 * connection. Thrown errors never quote an answer that is not the carrier's JSON, and every
 * transport failure has one public message (CarrierError.publicMessage).
 */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type TQueryValue = string | number | boolean | undefined | null | readonly string[];

export interface THttpRequest {
  method: THttpMethod;
  /** Appended to the base URL ('/parcels/'). */
  path: string;
  query?: Record<string, TQueryValue>;
  json?: unknown;
  /** Safe to send twice. Defaults to true for GET only. */
  idempotent?: boolean;
  responseType?: 'json' | 'bytes' | 'text';
  timeoutMs?: number;
  /** Statuses returned to the adapter instead of thrown (EcoTrack's 422 bag, a 404 lookup). */
  acceptStatuses?: readonly number[];
}

export interface THttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

export interface THttpClientOptions {
  carrier: string;
  baseUrl: string;
  headers?: Record<string, string>;
  /** Credential values: never logged, never in an error message. */
  secrets: readonly string[];
  timeoutMs?: number;
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After or quota pause longer than this fails fast with `rate_limited` instead of waiting. */
  maxWaitMs?: number;
  /** Client-side pacing so the carrier's published limits are never hit (Yalidine 5/s, EcoTrack 50/min). */
  rateLimit?: { perSecond?: number; perMinute?: number };
  /** Reads quota headers (Yalidine x-*-quota-left): milliseconds to pause before the next request. */
  quotaPauseMs?: (headers: Headers, nowMs: number) => number | undefined;
  logger?: TCarrierLogger;
  /** Defaults to the process policy (OUTBOUND_ALLOW_PRIVATE); the demo's sandbox passes its own. */
  outbound?: TOutboundPolicy;
  /** The carrier's fixed API hosts (catalogue.ts); unset: any public host (an EcoTrack tenant). */
  hosts?: readonly string[];
  /** Tests script answers here; the URL guard still applies before it is called. */
  fetch?: TOutboundFetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface THttpClient {
  request<T = unknown>(request: THttpRequest): Promise<THttpResponse<T>>;
  /** Redacts this client's secrets from any text (for adapters building messages). */
  redact(text: string): string;
  /** The carrier's own words in an answer body (messageFromJson), redacted; `fallback` when it says nothing. */
  refusal(body: unknown, fallback: string): string;
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'OUTBOUND_REFUSED',
]);

export function createHttpClient(options: THttpClientOptions): THttpClient {
  const {
    carrier,
    secrets,
    timeoutMs = 15_000,
    maxRetries = 3,
    baseDelayMs = 250,
    maxDelayMs = 8_000,
    maxWaitMs = 60_000,
  } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const log = options.logger ?? silentLogger;
  const policy = options.outbound ?? outboundPolicy();
  const hosts = options.hosts;
  const refused = urlRefusal(options.baseUrl, { policy, base: true, ...(hosts ? { hosts } : {}) });
  const doFetch: TOutboundFetch =
    options.fetch ?? ((url, init) => outboundFetch(url, init, { policy, ...(hosts ? { hosts } : {}) }));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const limiter = createLimiter(options.rateLimit, now, sleep);
  const redact = (text: string) => redactSecrets(text, secrets);
  let blockedUntil = 0;

  const fail = (init: ConstructorParameters<typeof CarrierError>[0]) =>
    new CarrierError({
      ...init,
      message: redact(init.message),
      ...(init.publicMessage === undefined ? {} : { publicMessage: redact(init.publicMessage) }),
    });
  const unreachable = unreachableMessage(carrier);

  function backoff(attempt: number): number {
    return Math.round(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
  }

  async function waitIfBlocked(): Promise<void> {
    const wait = blockedUntil - now();
    if (wait <= 0) return;
    if (wait > maxWaitMs) {
      throw fail({
        code: 'rate_limited',
        carrier,
        message: `${carrier} quota exhausted; retry in ${Math.ceil(wait / 1000)} s`,
      });
    }
    await sleep(wait);
  }

  async function request<T>(req: THttpRequest): Promise<THttpResponse<T>> {
    if (refused) {
      // Nothing is sent: not to the address, not to anything its name resolves to.
      log.warn({ carrier, method: req.method, reason: refused }, `${carrier} base URL refused`);
      throw fail({
        code: 'network',
        carrier,
        message: `${carrier} is unreachable (OUTBOUND_REFUSED: ${refused})`,
        publicMessage: unreachable,
      });
    }
    const url = buildUrl(baseUrl, req.path, req.query);
    const safeUrl = redactUrl(url, secrets);
    const idempotent = req.idempotent ?? req.method === 'GET';
    for (let attempt = 0; ; attempt++) {
      await waitIfBlocked();
      await limiter();
      const started = now();
      let response: Response;
      try {
        response = await doFetch(url, {
          method: req.method,
          headers: {
            accept: req.responseType === 'bytes' ? 'application/pdf, */*' : 'application/json',
            ...(req.json === undefined ? {} : { 'content-type': 'application/json' }),
            ...options.headers,
          },
          body: req.json === undefined ? undefined : JSON.stringify(req.json),
          signal: AbortSignal.timeout(req.timeoutMs ?? timeoutMs),
        });
      } catch (error) {
        const failure = classifyFetchError(error);
        const retry =
          attempt < maxRetries &&
          !failure.refused &&
          (failure.code === 'network' && !failure.ambiguous ? true : idempotent);
        log.warn(
          { carrier, method: req.method, url: safeUrl, attempt, error: failure.code, ms: now() - started, retry },
          `${carrier} request failed`,
        );
        if (retry) {
          await sleep(backoff(attempt));
          continue;
        }
        throw fail({
          code: failure.code,
          ambiguous: failure.ambiguous,
          carrier,
          message: `${carrier} ${failure.message}`,
          publicMessage: unreachable,
        });
      }

      const pause = options.quotaPauseMs?.(response.headers, now());
      if (pause && pause > 0) blockedUntil = Math.max(blockedUntil, now() + pause);
      const ms = now() - started;

      if (response.status === 429) {
        // Not processed by definition: safe to repeat for any method once the carrier allows it.
        const wait = retryAfterMs(response.headers.get('retry-after'), now()) ?? backoff(attempt + 1);
        await response.arrayBuffer().catch(() => undefined);
        log.warn({ carrier, method: req.method, url: safeUrl, status: 429, attempt, waitMs: wait }, `${carrier} 429`);
        blockedUntil = Math.max(blockedUntil, now() + wait);
        if (attempt < maxRetries && wait <= maxWaitMs) continue;
        throw fail({ code: 'rate_limited', carrier, httpStatus: 429, message: `${carrier} rate limit reached` });
      }

      const accepted = response.ok || (req.acceptStatuses ?? []).includes(response.status);
      if (!accepted && response.status < 400) {
        // Redirects are never followed (the next hop could be anywhere); a carrier API does not redirect.
        await response.arrayBuffer().catch(() => undefined);
        log.warn({ carrier, method: req.method, url: safeUrl, status: response.status, ms }, `${carrier} redirected`);
        throw fail({
          code: 'bad_response',
          carrier,
          httpStatus: response.status,
          message: `${carrier} answered ${response.status} (redirects are not followed)`,
          publicMessage: unreachable,
        });
      }
      if (!accepted && response.status >= 500) {
        // Drained, never quoted: a 5xx page says nothing the seller can act on.
        await response.arrayBuffer().catch(() => undefined);
        const retry = attempt < maxRetries && idempotent;
        log.warn(
          { carrier, method: req.method, url: safeUrl, status: response.status, attempt, ms, retry },
          `${carrier} 5xx`,
        );
        if (retry) {
          await sleep(backoff(attempt));
          continue;
        }
        throw fail({
          code: 'unavailable',
          carrier,
          httpStatus: response.status,
          ambiguous: !idempotent,
          message: `${carrier} answered ${response.status}`,
          publicMessage: unreachable,
        });
      }
      if (!accepted) {
        const text = await response.text().catch(() => '');
        log.info({ carrier, method: req.method, url: safeUrl, status: response.status, ms }, `${carrier} refused`);
        const code =
          response.status === 401 || response.status === 403
            ? 'auth'
            : response.status === 404
              ? 'not_found'
              : 'rejected';
        // The carrier's own words (a JSON message) help the seller; any other body is not quoted.
        const said = jsonMessage(text);
        const fallback = code === 'auth' ? `${carrier}: credentials refused` : `${carrier}: HTTP ${response.status}`;
        throw fail({
          code,
          carrier,
          httpStatus: response.status,
          message: said || fallback,
          publicMessage: said || (code === 'auth' ? fallback : unreachable),
        });
      }

      log.debug({ carrier, method: req.method, url: safeUrl, status: response.status, ms, attempt }, `${carrier} ok`);
      const data = await readBody(response, req.responseType ?? 'json', carrier).catch((error: unknown) => {
        if (error instanceof CarrierError) {
          throw fail({
            code: error.code,
            carrier,
            httpStatus: error.httpStatus,
            message: error.message,
            publicMessage: unreachable,
          });
        }
        // The answer broke off (timeout, reset, too large) after its headers.
        const failure = classifyFetchError(error);
        throw fail({
          code: failure.code,
          carrier,
          ambiguous: !idempotent,
          message: `${carrier} ${failure.message}`,
          publicMessage: unreachable,
        });
      });
      return { status: response.status, headers: response.headers, data: data as T };
    }
  }

  const refusal = (body: unknown, fallback: string) => redact(messageFromJson(body) || fallback);
  return { request, redact, refusal };
}

function buildUrl(baseUrl: string, path: string, query: THttpRequest['query']): string {
  const url = new URL(baseUrl + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, v);
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readBody(response: Response, type: 'json' | 'bytes' | 'text', carrier: string): Promise<unknown> {
  if (type === 'bytes') return Buffer.from(await response.arrayBuffer());
  const text = await response.text();
  if (type === 'text') return text;
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // Never quoted: a non-carrier answer (an internal page) must not reach the screen.
    throw new CarrierError({
      code: 'bad_response',
      carrier,
      httpStatus: response.status,
      message: `${carrier} answered something that is not JSON`,
    });
  }
}

function classifyFetchError(error: unknown): {
  code: 'timeout' | 'network';
  ambiguous: boolean;
  /** The outbound guard refused the destination: never retried. */
  refused: boolean;
  message: string;
} {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { code: 'timeout', ambiguous: true, refused: false, message: 'did not answer in time' };
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  // Only a known low-level code is named (never a message: it can carry the URL).
  const raw = cause?.code ?? (error as { code?: string } | null)?.code ?? 'unknown';
  const code = /^[A-Z0-9_]{2,60}$/.test(raw) ? raw : 'unknown';
  const refused = code === 'OUTBOUND_REFUSED';
  if (NOT_SENT_CODES.has(code))
    return { code: 'network', ambiguous: false, refused, message: `is unreachable (${code})` };
  return { code: 'network', ambiguous: true, refused, message: `connection failed (${code})` };
}

/** Retry-After is seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** The human part of a JSON error body; '' for anything else (an HTML page, plain text). */
function jsonMessage(text: string): string {
  try {
    return messageFromJson(JSON.parse(text.trim())).slice(0, 500);
  } catch {
    return '';
  }
}

/** The human part of a carrier error body: Laravel `message` + bag, `error.message`, `detail`... */
export function carrierMessage(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  try {
    return messageFromJson(JSON.parse(trimmed)).slice(0, 500);
  } catch {
    return trimmed.startsWith('<') ? '' : trimmed.slice(0, 200);
  }
}

export function messageFromJson(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!body || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  const bag = b.errors && typeof b.errors === 'object' ? flattenErrors(b.errors) : '';
  const head =
    typeof b.message === 'string'
      ? b.message
      : typeof b.error === 'string'
        ? b.error
        : b.error && typeof b.error === 'object' && typeof (b.error as { message?: unknown }).message === 'string'
          ? String((b.error as { message: string }).message)
          : typeof b.detail === 'string'
            ? b.detail
            : '';
  if (head && bag && !head.includes(bag)) return `${head} ${bag}`.trim();
  return head || bag;
}

function flattenErrors(errors: object): string {
  if (Array.isArray(errors)) {
    return errors
      .map((e) =>
        typeof e === 'string' ? e : messageFromJson(e) || String((e as { description?: string }).description ?? ''),
      )
      .filter(Boolean)
      .join(' ');
  }
  return Object.values(errors)
    .flat()
    .filter((v): v is string => typeof v === 'string')
    .join(' ');
}

/** Sliding windows over request start times; one waiter at a time keeps the order fair. */
function createLimiter(
  limit: THttpClientOptions['rateLimit'],
  now: () => number,
  sleep: (ms: number) => Promise<void>,
): () => Promise<void> {
  if (!limit?.perSecond && !limit?.perMinute) return async () => {};
  const starts: number[] = [];
  let chain = Promise.resolve();
  const windows: Array<[number, number]> = [];
  if (limit.perSecond) windows.push([1_000, limit.perSecond]);
  if (limit.perMinute) windows.push([60_000, limit.perMinute]);
  const longest = Math.max(...windows.map(([w]) => w));
  return () => {
    const turn = chain.then(async () => {
      for (;;) {
        const t = now();
        while (starts.length && starts[0]! <= t - longest) starts.shift();
        let wait = 0;
        for (const [windowMs, max] of windows) {
          const inWindow = starts.filter((s) => s > t - windowMs);
          if (inWindow.length >= max) wait = Math.max(wait, inWindow[inWindow.length - max]! + windowMs - t);
        }
        if (wait <= 0) break;
        await sleep(wait);
      }
      starts.push(now());
    });
    chain = turn.catch(() => undefined);
    return turn;
  };
}
