import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { addressRefusal } from '../../lib/outbound-guard.js';
import type { TCarrierKind } from '../carrier.js';
import { findPreset } from '../catalogue.js';
import type { TDialectContext, TDialectHandler, TSandboxReply, TSandboxRequest } from './dialect.js';
import { ecotrackDialect } from './dialects/ecotrack.js';
import { maystroDialect } from './dialects/maystro.js';
import { noestDialect } from './dialects/noest.js';
import { yalidineDialect } from './dialects/yalidine.js';
import { zrDialect } from './dialects/zr.js';
import { SandboxFaults, type TOperation } from './faults.js';
import { minimalPdf } from './pdf.js';
import { SCENARIOS, type TSandboxDialect, type TScenario } from './scenarios.js';
import { SandboxStore } from './store.js';
import { SandboxWebhooks } from './webhooks.js';

/**
 * A local carrier sandbox speaking the Yalidine/Guepex, EcoTrack, ZR Express, Maystro and NOEST
 * dialects (decision 0018), so the real HTTP adapters run end to end without the internet, in tests
 * and in the demo. In-memory state, a clock the caller drives, switchable faults, signed webhooks.
 */
export interface TSandboxOptions {
  port?: number;
  /** A loopback address (decision 0037); 127.0.0.1 by default. */
  host?: string;
  /** Sandbox clock start (ms since epoch); defaults to now. */
  startAt?: number;
  /** Yalidine's documented all-or-nothing batch validation, or per-parcel results (observed live). */
  yalidineBatchMode?: 'per_parcel' | 'all_or_nothing';
  /** Every new parcel follows this scenario instead of the default mix. */
  defaultScenario?: TScenario;
}

export interface TSandboxRequestLog {
  dialect: TSandboxDialect;
  operation: TOperation;
  method: string;
  path: string;
  status: number | 'dropped';
  /** performance.now() when the request arrived. */
  at: number;
}

export interface TCarrierSandbox {
  url: string;
  close(): Promise<void>;
  clock: {
    now(): number;
    /** Moves time on, applies every due status change, delivers webhooks, then resolves. */
    advance(ms: number): Promise<{ changes: number; webhookEvents: number }>;
  };
  faults: SandboxFaults;
  store: SandboxStore;
  webhooks: SandboxWebhooks;
  requests: TSandboxRequestLog[];
  setScenario(referenceOrTracking: string, scenario: TScenario): void;
  /** Base URL to give an adapter for a company code (yalidine, guepex, an EcoTrack tenant, ...). */
  baseUrlFor(code: string, kind?: TCarrierKind): string;
}

/** Credentials the demo tenant's shipping companies use (any value works except ones containing "invalid"). */
export const SANDBOX_CREDENTIALS: Record<Exclude<TCarrierKind, 'manual'>, Record<string, string>> = {
  yalidine: {
    api_id: 'sandbox-yalidine-id',
    api_token: 'sandbox-yalidine-token',
    webhook_secret: 'sandbox-webhook-secret',
  },
  ecotrack: { api_token: 'sandbox-ecotrack-token' },
  zr_express: {
    api_key: 'sandbox-zr-key',
    tenant_id: 'sandbox-zr-tenant',
    webhook_secret: 'whsec_c2FuZGJveC16ci13ZWJob29rLXNlY3JldA==',
  },
  maystro: { api_token: 'sandbox-maystro-token' },
  noest: { api_token: 'sandbox-noest-token', user_guid: 'SANDBOX1' },
};

interface TRoute {
  handler: TDialectHandler;
  network: string;
  rest: string;
}

function route(pathname: string): TRoute | undefined {
  let m = /^\/(yalidine|guepex)\/v1(\/.*)?$/.exec(pathname);
  if (m) return { handler: yalidineDialect, network: m[1]!, rest: m[2] ?? '/' };
  m = /^\/ecotrack\/([a-z0-9_-]+)(\/.*)?$/i.exec(pathname);
  if (m) return { handler: ecotrackDialect, network: m[1]!.toLowerCase(), rest: m[2] ?? '/' };
  m = /^\/zr\/api\/v1(\/.*)?$/.exec(pathname);
  if (m) return { handler: zrDialect, network: 'zr', rest: m[1] ?? '/' };
  m = /^\/maystro\/api(\/.*)?$/.exec(pathname);
  if (m) return { handler: maystroDialect, network: 'maystro', rest: m[1] ?? '/' };
  m = /^\/noest(\/.*)?$/.exec(pathname);
  if (m) return { handler: noestDialect, network: 'noest', rest: m[1] ?? '/' };
  return undefined;
}

export async function startCarrierSandbox(options: TSandboxOptions = {}): Promise<TCarrierSandbox> {
  const host = options.host ?? '127.0.0.1';
  // Its labels and control paths answer without credentials: never reachable from another machine.
  if (host !== 'localhost' && addressRefusal(host) !== 'loopback') {
    throw new Error(`The carrier sandbox listens on loopback only, not on ${host}`);
  }
  let now = options.startAt ?? Date.now();
  const clockNow = () => now;
  const store = new SandboxStore(clockNow);
  if (options.defaultScenario) store.defaultScenario = options.defaultScenario;
  const faults = new SandboxFaults();
  const webhooks = new SandboxWebhooks(clockNow, faults);
  const requests: TSandboxRequestLog[] = [];
  const settings = { yalidineBatchMode: options.yalidineBatchMode ?? 'per_parcel' } as const;
  let publicUrl = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now();
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const raw = await readBody(req);
    if (url.pathname.startsWith('/__sandbox/')) return send(res, await control(url.pathname, req.method ?? 'GET', raw));
    const label = /^\/l\/([A-Za-z0-9_-]{24})\/labels\/([a-z0-9_-]+)\/([^/]+)\.pdf$/.exec(url.pathname);
    if (label && req.method === 'GET') return send(res, publicLabel(label[1]!, label[2]!, label[3]!));
    const target = route(url.pathname);
    if (!target) return send(res, { status: 404, json: { message: 'Unknown sandbox path' } });

    const request: TSandboxRequest = {
      method: req.method ?? 'GET',
      path: target.rest,
      query: url.searchParams,
      headers: req.headers,
      body: parseJson(raw),
    };
    const { handler } = target;
    const operation = handler.operation(request);
    const log = (status: number | 'dropped') => {
      requests.push({ dialect: handler.dialect, operation, method: request.method, path: url.pathname, status, at });
      // A demo runs for days: keep the recent log only.
      if (requests.length > 10_000) requests.splice(0, requests.length - 5_000);
    };
    const account = handler.authenticate(request);
    if (account === null) {
      log(401);
      return send(res, handler.unauthorized());
    }
    const ctx: TDialectContext = {
      store,
      faults,
      now: clockNow,
      account,
      network: target.network,
      publicUrl,
      emit: (changes) => webhooks.enqueue(changes),
      options: settings,
    };
    const fault = faults.take(handler.dialect, operation);
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
      // Processed, but the answer is lost: hold the socket until the client gives up, then drop it.
      log('dropped');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, fault.holdMs ?? 30_000);
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      res.destroy();
      return;
    }
    if (fault?.kind === 'error') {
      log(fault.status ?? 503);
      return send(res, handler.serverError(fault.status ?? 503));
    }
    log(reply.status);
    send(res, reply);
  }

  /** Public like Yalidine's label links, but only by the random token each link carries. */
  function publicLabel(token: string, network: string, name: string): TSandboxReply {
    const label = store.labels.get(token);
    if (!label || label.network !== network || label.name !== name) {
      return { status: 404, json: { message: 'Unknown label' } };
    }
    const lines = label.trackings.flatMap((tracking) => {
      const parcel = store.parcels.find((p) => p.network === network && p.tracking === tracking);
      return parcel
        ? [
            parcel.tracking,
            parcel.fields.name,
            `${parcel.fields.commune} - ${parcel.fields.wilayaName}`,
            `COD ${parcel.fields.cod} DA`,
          ]
        : [tracking];
    });
    return { status: 200, bytes: minimalPdf(lines), contentType: 'application/pdf' };
  }

  async function control(pathname: string, method: string, raw: string): Promise<TSandboxReply> {
    const body = (parseJson(raw) ?? {}) as Record<string, unknown>;
    if (pathname === '/__sandbox/clock' && method === 'GET') return { status: 200, json: { now } };
    if (pathname === '/__sandbox/clock/advance' && method === 'POST') {
      const ms = Number(body.ms ?? 0) + Number(body.hours ?? 0) * 3_600_000 + Number(body.days ?? 0) * 86_400_000;
      if (!Number.isFinite(ms) || ms < 0) return { status: 422, json: { message: 'ms, hours or days must be >= 0' } };
      return { status: 200, json: { ...(await sandbox.clock.advance(ms)), now } };
    }
    if (pathname === '/__sandbox/scenario' && method === 'POST') {
      const scenario = String(body.scenario) as TScenario;
      if (!SCENARIOS.includes(scenario) || typeof body.reference !== 'string') {
        return { status: 422, json: { message: `reference and scenario (${SCENARIOS.join(', ')}) are required` } };
      }
      store.setScenario(body.reference, scenario);
      return { status: 200, json: { ok: true } };
    }
    if (pathname === '/__sandbox/faults' && method === 'POST') return applyFault(body);
    if (pathname === '/__sandbox/webhooks' && method === 'POST') {
      const result = await webhooks.configure(body.dialect as TSandboxDialect, {
        url: String(body.url),
        secret: String(body.secret),
      });
      return { status: 200, json: result };
    }
    if (pathname === '/__sandbox/parcels' && method === 'GET') {
      return {
        status: 200,
        json: store.parcels.map((p) => ({
          dialect: p.dialect,
          network: p.network,
          tracking: p.tracking,
          reference: p.reference,
          scenario: p.scenario,
          status: store.current(p).status,
          deleted: p.deleted,
        })),
      };
    }
    return { status: 404, json: { message: 'Unknown sandbox control path' } };
  }

  function applyFault(body: Record<string, unknown>): TSandboxReply {
    const match = {
      ...(body.dialect ? { dialect: body.dialect as TSandboxDialect } : {}),
      ...(body.operation ? { operation: body.operation as TOperation } : {}),
    };
    const times = body.times === undefined ? undefined : Number(body.times);
    switch (body.type) {
      case 'refuse':
        faults.refuse({
          ...match,
          references: Array.isArray(body.references) ? body.references.map(String) : [],
          ...(body.message ? { message: String(body.message) } : {}),
        });
        break;
      case 'rate_limit':
        faults.rateLimit({
          ...match,
          ...(times ? { times } : {}),
          retryAfterSeconds: Number(body.retryAfterSeconds ?? 1),
        });
        break;
      case 'fail':
        faults.fail({
          ...match,
          ...(times ? { times } : {}),
          status: Number(body.status ?? 503),
          afterProcessing: body.afterProcessing === true,
        });
        break;
      case 'timeout':
        faults.timeout({
          ...match,
          ...(times ? { times } : {}),
          ...(body.holdMs ? { holdMs: Number(body.holdMs) } : {}),
        });
        break;
      case 'webhooks':
        faults.webhooks({ duplicate: body.duplicate === true, reverse: body.reverse === true });
        break;
      case 'clear':
        faults.clear();
        break;
      default:
        return { status: 422, json: { message: 'type must be refuse, rate_limit, fail, timeout, webhooks or clear' } };
    }
    return { status: 200, json: { ok: true } };
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, json: { message: `Sandbox error: ${String(error)}` } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  publicUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  const sandbox: TCarrierSandbox = {
    url: publicUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    clock: {
      now: clockNow,
      async advance(ms) {
        now += Math.max(0, ms);
        const changes = store.advance(now);
        webhooks.enqueue(changes);
        const webhookEvents = await webhooks.flush();
        return { changes: changes.length, webhookEvents };
      },
    },
    faults,
    store,
    webhooks,
    requests,
    setScenario: (key, scenario) => store.setScenario(key, scenario),
    baseUrlFor(code, kind) {
      const resolved = kind ?? findPreset(code)?.kind ?? 'ecotrack';
      switch (resolved) {
        case 'yalidine':
          return `${publicUrl}/${code === 'guepex' ? 'guepex' : 'yalidine'}/v1`;
        case 'ecotrack':
          return `${publicUrl}/ecotrack/${code}`;
        case 'zr_express':
          return `${publicUrl}/zr/api/v1`;
        case 'maystro':
          return `${publicUrl}/maystro/api`;
        case 'noest':
          return `${publicUrl}/noest`;
        default:
          return publicUrl;
      }
    },
  };
  return sandbox;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 5 * 1024 * 1024) {
        reject(new Error('Body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (!raw.trim()) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: TSandboxReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body: Buffer;
  if (reply.bytes) {
    body = reply.bytes;
    headers['content-type'] = reply.contentType ?? 'application/octet-stream';
  } else {
    body = Buffer.from(JSON.stringify(reply.json ?? null));
    headers['content-type'] = 'application/json; charset=utf-8';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(reply.status, headers);
  res.end(body);
}
