import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CarrierError } from '../../src/carriers/carrier.js';
import { carrierMessage, createHttpClient, retryAfterMs } from '../../src/carriers/http-client.js';
import { redactUrl } from '../../src/carriers/redact.js';
import { yalidineQuotaPause } from '../../src/carriers/yalidine/adapter.js';
import { allowLocalFakes, closedPort } from './support.js';

allowLocalFakes();

/** The shared HTTP layer against a scripted local server: what is retried, what is not, and when. */
type TScript = (req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void;
let server: http.Server;
let baseUrl = '';
let script: TScript = (_req, res) => res.end('{}');
let hits: Array<{ method: string; url: string; at: number }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', at: performance.now() });
    req.resume();
    req.on('end', () => script(req, res, hits.length));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  hits = [];
});

const client = (extra: Partial<Parameters<typeof createHttpClient>[0]> = {}) =>
  createHttpClient({
    carrier: 'test',
    baseUrl,
    secrets: ['s3cr3t-value'],
    timeoutMs: 200,
    baseDelayMs: 5,
    maxDelayMs: 20,
    ...extra,
  });

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as CarrierError;
  }
  throw new Error('expected failure');
};

describe('retries', () => {
  it('retries a GET on 5xx with back-off, then succeeds', async () => {
    script = (_req, res, hit) => {
      res.statusCode = hit < 3 ? 503 : 200;
      res.end(JSON.stringify({ ok: hit }));
    };
    const { data } = await client().request<{ ok: number }>({ method: 'GET', path: '/x' });
    expect(data).toEqual({ ok: 3 });
    expect(hits).toHaveLength(3);
  });

  it('never repeats a POST the carrier may have processed (5xx, timeout): the error is ambiguous', async () => {
    script = (_req, res) => {
      res.statusCode = 500;
      res.end('{"message":"oops"}');
    };
    const error = await failure(client().request({ method: 'POST', path: '/create', json: [1] }));
    expect(error).toMatchObject({ code: 'unavailable', ambiguous: true, httpStatus: 500 });
    expect(hits).toHaveLength(1);

    hits = [];
    script = () => undefined; // never answers
    const timeout = await failure(client().request({ method: 'POST', path: '/create', json: [1] }));
    expect(timeout).toMatchObject({ code: 'timeout', ambiguous: true });
    expect(hits).toHaveLength(1);
  });

  it('retries a timed-out GET, and a POST that never reached the carrier', async () => {
    script = (_req, res, hit) => {
      if (hit === 1) return; // first attempt hangs
      res.end('{"fine":true}');
    };
    expect((await client().request({ method: 'GET', path: '/slow' })).data).toEqual({ fine: true });
    expect(hits).toHaveLength(2);

    const refused = createHttpClient({
      carrier: 'test',
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      secrets: [],
      baseDelayMs: 1,
      maxRetries: 2,
    });
    const error = await failure(refused.request({ method: 'POST', path: '/create', json: {} }));
    expect(error).toMatchObject({ code: 'network', ambiguous: false });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('honours Retry-After (seconds and HTTP date) on 429 for any method, since nothing was processed', async () => {
    script = (_req, res, hit) => {
      if (hit === 1) {
        res.statusCode = 429;
        res.setHeader('retry-after', '1');
        res.end('{"message":"Too Many Attempts."}');
        return;
      }
      res.end('{"created":true}');
    };
    const { data } = await client().request({ method: 'POST', path: '/create', json: {} });
    expect(data).toEqual({ created: true });
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950);
    expect(retryAfterMs('2', 0)).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
  });

  it('pauses every later request while a quota window is exhausted (Yalidine headers)', async () => {
    script = (_req, res, hit) => {
      if (hit === 1) res.setHeader('x-second-quota-left', '0');
      res.end('{}');
    };
    const c = client({ quotaPauseMs: yalidineQuotaPause });
    await c.request({ method: 'GET', path: '/a' });
    await c.request({ method: 'GET', path: '/b' });
    const waited = hits[1]!.at - hits[0]!.at;
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(1_100);
    // Next window boundaries, in Algiers time (UTC+1).
    const h = (name: string) => new Headers({ [`x-${name}-quota-left`]: '0' });
    expect(yalidineQuotaPause(h('second'), 1_000_250)).toBe(750);
    expect(yalidineQuotaPause(h('minute'), Date.UTC(2026, 0, 1, 10, 0, 45))).toBe(15_000);
    expect(yalidineQuotaPause(h('day'), Date.UTC(2026, 0, 1, 22, 0, 0))).toBe(3_600_000);
    expect(yalidineQuotaPause(new Headers({ 'x-minute-quota-left': '3' }), 0)).toBeUndefined();
  });
});

describe('errors and messages', () => {
  it('turns 4xx into typed errors with the carrier message, secrets redacted', async () => {
    script = (req, res) => {
      res.statusCode = req.url?.includes('auth') ? 401 : 422;
      res.end(
        JSON.stringify({
          message: 'The given data was invalid.',
          errors: { telephone: ['Numéro s3cr3t-value invalide'] },
        }),
      );
    };
    const rejected = await failure(client().request({ method: 'POST', path: '/create' }));
    expect(rejected).toMatchObject({ code: 'rejected', httpStatus: 422 });
    expect(rejected.message).toBe('The given data was invalid. Numéro [REDACTED] invalide');
    const auth = await failure(client().request({ method: 'GET', path: '/auth' }));
    expect(auth.code).toBe('auth');
  });

  it('returns accepted statuses to the adapter instead of throwing', async () => {
    script = (_req, res) => {
      res.statusCode = 422;
      res.end('{"errors":{"tracking":["invalide"]}}');
    };
    const response = await client().request({ method: 'GET', path: '/x', acceptStatuses: [422] });
    expect(response.status).toBe(422);
  });

  it('extracts messages from the shapes carriers use', () => {
    expect(carrierMessage('{"error":{"code":429,"message":"Too Many Requests"}}')).toBe('Too Many Requests');
    expect(carrierMessage('{"detail":"Pas trouvé."}')).toBe('Pas trouvé.');
    expect(carrierMessage('{"errors":[{"code":"X","description":"Unknown district"}]}')).toBe('Unknown district');
    expect(carrierMessage('<html>502 Bad Gateway</html>')).toBe('');
    expect(carrierMessage('plain text')).toBe('plain text');
  });

  it('redacts credentials from URLs: known query keys and any secret value', () => {
    expect(redactUrl('https://x.dz/api/v1/get/orders/status?api_token=abcd1234&trackings=A', [])).toBe(
      'https://x.dz/api/v1/get/orders/status?api_token=[REDACTED]&trackings=A',
    );
    expect(redactUrl('https://x.dz/p/tok-en-123?x=1', ['tok-en-123'])).toBe('https://x.dz/p/[REDACTED]?x=1');
  });
});

describe('client-side pacing', () => {
  it('spaces requests to stay under the per-second limit', async () => {
    script = (_req, res) => res.end('{}');
    const c = client({ rateLimit: { perSecond: 3 } });
    await Promise.all(Array.from({ length: 6 }, (_, i) => c.request({ method: 'GET', path: `/p${i}` })));
    expect(hits).toHaveLength(6);
    expect(hits[3]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950);
    expect(hits[2]!.at - hits[0]!.at).toBeLessThan(500);
  });
});
