import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { pipeline, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import {
  assertOutboundUrl,
  bareHost,
  isPublicAddress,
  OutboundRefusedError,
  outboundPolicy,
  type TOutboundPolicy,
} from './outbound-guard.js';

/**
 * The one way the server makes an HTTP request to another machine (docs/decisions/0037). Carrier
 * calls go through it (carriers/http-client.ts), and so must anything new (webhooks of the
 * call-centre...): a test fails when a module calls fetch or node:http(s) itself.
 *
 * Built on node:http(s) rather than the global fetch because the check must hold for the address
 * actually connected to: the URL is checked first (outbound-guard.ts), the name is resolved by our
 * own `lookup` which refuses any answer outside the public internet (so a DNS answer that changes
 * between a check and the connection cannot slip through), and the socket's remote address is
 * checked once connected. Redirects are never followed (a 3xx is answered as it is). Answers are
 * capped in size. Errors look like fetch's (`TypeError('fetch failed', {cause})`, the abort
 * reason on timeout), so callers classify them the same way.
 */
export interface TOutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

/** Name resolution: every address of a name (tests simulate DNS answers here). */
export type TResolve = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

export interface TOutboundOptions {
  /** Defaults to the process policy (configureOutbound, from OUTBOUND_ALLOW_PRIVATE). */
  policy?: TOutboundPolicy;
  /** The only public hosts this request may go to (a carrier's fixed API hosts). */
  hosts?: readonly string[];
  resolve?: TResolve;
  /** Larger answers fail (decompressed size). */
  maxBytes?: number;
}

export type TOutboundFetch = (url: string, init?: TOutboundInit) => Promise<Response>;

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

const systemResolve: TResolve = (hostname, callback) =>
  dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => callback(error, addresses ?? []));

/** A `lookup` for net.connect that refuses names resolving outside the public internet. */
export function guardedLookup(policy: TOutboundPolicy, resolve: TResolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
      // One refused address refuses the name: a name mixing public and private answers is a trick.
      const refused = !policy.allowPrivate && addresses.some((a) => !isPublicAddress(a.address));
      if (refused || usable.length === 0) return callback(new OutboundRefusedError('not_public'), '', 0);
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** Keep-alive agents per policy: a socket opened under one policy is never lent to the other. */
const agents = new Map<string, http.Agent>();
function agentFor(policy: TOutboundPolicy, secure: boolean): http.Agent {
  const key = `${policy.allowPrivate}:${secure}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    agents.set(key, agent);
  }
  return agent;
}

const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function byteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(Object.assign(new Error('answer too large'), { code: 'RESPONSE_TOO_LARGE' }));
      else done(null, chunk);
    },
  });
}

export function outboundFetch(
  input: string | URL,
  init: TOutboundInit = {},
  options: TOutboundOptions = {},
): Promise<Response> {
  const policy = options.policy ?? outboundPolicy();
  const { signal } = init;
  return new Promise<Response>((resolve, reject) => {
    let url: URL;
    try {
      url = assertOutboundUrl(input, { policy, ...(options.hosts ? { hosts: options.hosts } : {}) });
    } catch (error) {
      return reject(fetchFailed(error));
    }
    if (signal?.aborted) return reject(signal.reason);
    const secure = url.protocol === 'https:';
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    let body: Readable | null = null;

    const request = (secure ? https : http).request({
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers,
      agent: agentFor(policy, secure),
      lookup: guardedLookup(policy, options.resolve),
    });

    const onAbort = () => {
      request.destroy(signal!.reason as Error);
      body?.destroy(signal!.reason as Error);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    request.once('socket', (socket: Socket) => {
      // The address actually connected to, whatever resolved it (a literal, a reused socket).
      const verify = () => {
        const remote = socket.remoteAddress;
        if (policy.allowPrivate || (remote && isPublicAddress(remote))) return;
        request.destroy(new OutboundRefusedError('not_public'));
      };
      if (socket.connecting) socket.once('connect', verify);
      else verify();
    });
    request.on('error', (error) => {
      settle();
      reject(fetchFailed(error));
    });
    request.once('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 599) {
        res.destroy();
        settle();
        return reject(fetchFailed(Object.assign(new Error('bad status'), { code: 'BAD_STATUS' })));
      }
      const answerHeaders = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        try {
          answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        } catch {
          // A header fetch would refuse is dropped, as fetch does.
        }
      }
      if (NULL_BODY_STATUSES.has(status) || method === 'HEAD') {
        res.resume();
        settle();
        return resolve(new Response(null, { status, headers: answerHeaders }));
      }
      const decoder = decoderFor(res.headers['content-encoding']);
      if (decoder) {
        answerHeaders.delete('content-encoding');
        answerHeaders.delete('content-length');
      }
      const cap = byteCap(options.maxBytes ?? DEFAULT_MAX_BYTES);
      body = cap;
      const streams: Array<NodeJS.ReadableStream | NodeJS.WritableStream> = decoder ? [res, decoder, cap] : [res, cap];
      pipeline(streams, () => settle());
      resolve(new Response(Readable.toWeb(cap) as unknown as ReadableStream, { status, headers: answerHeaders }));
    });
    request.end(init.body);
  });
}
