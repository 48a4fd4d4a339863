import type { TValidationErrorBody } from '@cod/shared';
import { clearSession, getAccessToken } from './storage';

/** A non-2xx answer. 422 carries per-field errors; 429 carries Retry-After (seconds). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<TValidationErrorBody> | null;
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: Partial<TValidationErrorBody> | null, retryAfterSeconds: number | null) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

type TUnauthorizedHandler = () => void;

// The router registers itself here (main.tsx); until then a full page load does the same job.
let onUnauthorized: TUnauthorizedHandler = () => {
  window.location.assign(`${import.meta.env.BASE_URL}login`);
};

export function setUnauthorizedHandler(handler: TUnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

/**
 * Sends a same-origin request with `token` as its bearer (when there is one): a FormData body (an
 * upload) sets its own multipart boundary, anything else goes as JSON. Answers the response and
 * its parsed body.
 */
export async function sendRequest(
  path: string,
  options: TRequestOptions,
  token: string | null,
): Promise<{ response: Response; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  return { response, body: await readBody(response) };
}

const BUSY_RETRIES = 2;
const BUSY_CODES: Record<number, string> = { 429: 'edge.shop_busy', 503: 'unavailable' };

function busyRefusal(response: Response, body: unknown): boolean {
  const code = BUSY_CODES[response.status];
  return code !== undefined && (body as { code?: unknown } | undefined)?.code === code;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/**
 * Same-origin JSON call. SPEC 7: every request carries `Authorization: Bearer <token>` when one is
 * stored. SPEC 8: a 401 clears userData, accessToken and userAbilities and goes to /login; every
 * other error is thrown to the caller as an ApiError.
 */
export async function apiRequest<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  let { response, body } = await sendRequest(path, options, getAccessToken());
  // A busy shop's line (429 edge.shop_busy) or a busy server (503 unavailable) refused the request
  // before it did anything (decisions 0136, 0144): it is sent again after Retry-After, twice at most.
  for (let tries = 0; tries < BUSY_RETRIES && busyRefusal(response, body); tries++) {
    await pause(Math.min(Number(response.headers.get('Retry-After')) || 1, 5) * 1000, options.signal);
    ({ response, body } = await sendRequest(path, options, getAccessToken()));
  }
  if (response.ok) return body as T;

  if (response.status === 401) {
    clearSession();
    onUnauthorized();
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  throw new ApiError(
    response.status,
    (body ?? null) as Partial<TValidationErrorBody> | null,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** `?a=1&b=x` from the defined, non-empty values (list filters: an absent key means "any"). */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
