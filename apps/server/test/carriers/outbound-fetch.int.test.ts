import { englishOf, m } from '@cod/shared';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, UNREACHABLE_CODE, unreachableMessage } from '../../src/carriers/carrier.js';
import { createHttpClient } from '../../src/carriers/http-client.js';
import { createCarrierAdapter } from '../../src/carriers/registry.js';
import { outboundFetch, type TResolve } from '../../src/lib/outbound-fetch.js';
import { STRICT_POLICY } from '../../src/lib/outbound-guard.js';
import { closedPort, FAST_HTTP } from './support.js';

/**
 * Decision 0037 against real sockets: the one outbound module refuses what it must before any
 * connection, never follows a redirect, caps answers, and the carriers' HTTP layer built on it
 * never repeats a remote answer nor tells a refused port from an open one.
 */
const LOCAL = { allowPrivate: true } as const;
const SECRET = 'INTERNAL-SECRET-7f3a';

type TScript = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let internal: http.Server; // stands for a service on the server's own network
let internalUrl = '';
let internalHits = 0;
let script: TScript = (_req, res) => res.end('{}');

beforeAll(async () => {
  internal = http.createServer((req, res) => {
    internalHits += 1;
    req.resume();
    req.on('end', () => script(req, res));
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  internal.closeAllConnections();
  await new Promise<void>((r) => internal.close(() => r()));
});
beforeEach(() => {
  internalHits = 0;
  script = (_req, res) => res.end('{}');
});

async function failure(promise: Promise<unknown>): Promise<Error & { cause?: { code?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { cause?: { code?: string } };
  }
  throw new Error('expected a failure');
}

describe('outboundFetch', () => {
  it('refuses loopback and private destinations without connecting (strict)', async () => {
    for (const url of [
      internalUrl,
      internalUrl.replace('http:', 'https:'),
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f000001/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/',
    ]) {
      const error = await failure(outboundFetch(url, {}, { policy: STRICT_POLICY }));
      expect(error.cause?.code, url).toBe('OUTBOUND_REFUSED');
    }
    expect(internalHits).toBe(0);
  });

  it('checks the address a name resolves to when it connects (a name pointing at loopback)', async () => {
    const resolved: string[] = [];
    const toLoopback: TResolve = (host, callback) => {
      resolved.push(host);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    };
    const error = await failure(
      outboundFetch('https://carrier.example/api', {}, { policy: STRICT_POLICY, resolve: toLoopback }),
    );
    expect(error.cause?.code).toBe('OUTBOUND_REFUSED');
    expect(resolved).toEqual(['carrier.example']); // refused at resolution, not by its name
  });

  it('never follows a redirect: a 302 to an internal address is answered as it is', async () => {
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: `${internalUrl}/latest/meta-data/` });
      res.end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      const port = (redirector.address() as AddressInfo).port;
      const response = await outboundFetch(`http://127.0.0.1:${port}/`, {}, { policy: LOCAL });
      expect(response.status).toBe(302);
      expect(internalHits).toBe(0);
    } finally {
      redirector.closeAllConnections();
      await new Promise<void>((r) => redirector.close(() => r()));
    }
  });

  it('sends the body, decompresses the answer and caps its size', async () => {
    script = (req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end(zlib.gzipSync(JSON.stringify({ method: req.method, length: req.headers['content-length'] })));
    };
    const response = await outboundFetch(`${internalUrl}/x`, { method: 'POST', body: '{"a":1}' }, { policy: LOCAL });
    expect(await response.json()).toEqual({ method: 'POST', length: '7' });

    script = (_req, res) => res.end(Buffer.alloc(4096, 'a'));
    const big = await outboundFetch(`${internalUrl}/big`, {}, { policy: LOCAL, maxBytes: 1024 });
    await expect(big.arrayBuffer()).rejects.toThrow();
  });

  it('answers a timeout as the abort reason, like fetch', async () => {
    script = () => undefined; // never answers
    const error = await failure(outboundFetch(internalUrl, { signal: AbortSignal.timeout(100) }, { policy: LOCAL }));
    expect(error.name).toBe('TimeoutError');
  });
});

describe('carrier HTTP layer on top of it', () => {
  const client = (baseUrl: string, policy = LOCAL) =>
    createHttpClient({ carrier: 'dhd', baseUrl, secrets: [], outbound: policy, ...FAST_HTTP, maxRetries: 0 });

  it('refuses a base URL with a "#" or "?" for every request, without connecting', async () => {
    for (const baseUrl of [`${internalUrl}/api#`, `${internalUrl}/api?x=1`, `${internalUrl.replace('//', '//u:p@')}`]) {
      const error = (await failure(
        client(baseUrl).request({ method: 'GET', path: '/api/v1/validate/token' }),
      )) as CarrierError;
      expect(error).toBeInstanceOf(CarrierError);
      expect(error.publicMessage).toBe(unreachableMessage('dhd'));
    }
    expect(internalHits).toBe(0);
  });

  it('never quotes an answer that is not the carrier JSON, in any of its messages', async () => {
    const bodies: Array<[number, string]> = [
      [200, `<html>${SECRET}</html>`],
      [200, `root:x:0:0 ${SECRET}`],
      [404, `${SECRET} not here`],
      [400, `plain ${SECRET}`],
      [502, `{"message":"${SECRET}"}`],
    ];
    for (const [status, body] of bodies) {
      script = (_req, res) => {
        res.statusCode = status;
        res.end(body);
      };
      const error = (await failure(client(internalUrl).request({ method: 'GET', path: '/x' }))) as CarrierError;
      expect(`${error.message} ${error.publicMessage}`, body).not.toContain(SECRET);
      expect(error.publicMessage).toBe(unreachableMessage('dhd'));
    }
  });

  it('answers a refused port, a timeout, a redirect, a 5xx and a non-carrier page with one public message', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const publicMessages: string[] = [];
    const cases: Array<[string, TScript]> = [
      [closed, (_req, res) => res.end()],
      [internalUrl, () => undefined],
      [internalUrl, (_req, res) => res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end()],
      [internalUrl, (_req, res) => res.writeHead(503).end('down')],
      [internalUrl, (_req, res) => res.end('<html>hello</html>')],
    ];
    for (const [baseUrl, answer] of cases) {
      script = answer;
      const error = (await failure(client(baseUrl).request({ method: 'GET', path: '/x' }))) as CarrierError;
      publicMessages.push(error.toPublic().message);
    }
    expect(new Set(publicMessages)).toEqual(new Set([unreachableMessage('dhd')]));
    // The catalogue's sentence (decision 0041): no longer suffixed with "(carrier_unreachable)".
    expect(publicMessages[0]).toBe(englishOf(m(UNREACHABLE_CODE, { carrier: 'dhd' })));
  });

  it('adapters throw only public messages, and the test connection says the same for every failure', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const adapter = (baseUrl: string) =>
      createCarrierAdapter(
        { kind: 'ecotrack', code: 'dhd', baseUrl, credentials: { api_token: 'tok-12345' } },
        { http: { ...FAST_HTTP, maxRetries: 0, outbound: LOCAL } },
      );
    const thrown = await failure(adapter(closed).getTracking(['X']));
    expect(thrown.message).toBe(unreachableMessage('dhd'));
    expect(thrown.message).not.toContain('ECONNREFUSED');

    const answers: unknown[] = [await adapter(closed).testConnection()];
    for (const answer of [
      (_req: http.IncomingMessage, res: http.ServerResponse) => res.end(`<html>${SECRET}</html>`),
      (_req: http.IncomingMessage, res: http.ServerResponse) => res.end(`{"secret":"${SECRET}"}`),
      (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(404).end(`{"message":"${SECRET}"}`),
      () => undefined,
    ]) {
      script = answer;
      answers.push(await adapter(internalUrl).testConnection());
    }
    for (const answer of answers) expect(answer).toEqual({ ok: false, message: unreachableMessage('dhd') });
  });

  it('keeps fixed carrier hosts fixed: a Yalidine company pointing elsewhere never connects', async () => {
    const yalidine = createCarrierAdapter(
      {
        kind: 'yalidine',
        code: 'yalidine',
        baseUrl: 'https://evil.invalid/v1',
        credentials: { api_id: 'a', api_token: 'b' },
      },
      { http: { ...FAST_HTTP, outbound: STRICT_POLICY } },
    );
    expect(await yalidine.testConnection()).toEqual({ ok: false, message: unreachableMessage('yalidine') });
  });
});
