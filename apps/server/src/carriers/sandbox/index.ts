import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { addressRefusal } from '../../lib/outbound-guard.js';
import type { TCarrierKind } from '../carrier.js';
import { answerCarrierRequest } from './carrier-request.js';
import { carrierBaseUrl, carrierRoute } from './carrier-routes.js';
import { control } from './control.js';
import type { SandboxFaults } from './faults.js';
import { parseJson, readBody, send } from './http-io.js';
import { labelRequest, publicLabel } from './labels.js';
import type { TScenario } from './scenarios.js';
import { createSandboxState, type TSandboxClock, type TSandboxRequestLog, type TSandboxState } from './state.js';
import type { SandboxStore, TSandboxStoreSnapshot } from './store.js';
import type { SandboxWebhooks } from './webhooks.js';

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
  /** Start from a saved state (its clock and parcels): the demo's parcels survive a restart (persist.ts). */
  restore?: TSandboxSnapshot;
}

/** What a sandbox remembers, as JSON: its clock and its store (webhook targets and faults are not kept). */
export interface TSandboxSnapshot {
  version: 1;
  now: number;
  store: TSandboxStoreSnapshot;
}

export interface TCarrierSandbox {
  url: string;
  close(): Promise<void>;
  clock: TSandboxClock;
  faults: SandboxFaults;
  store: SandboxStore;
  webhooks: SandboxWebhooks;
  requests: TSandboxRequestLog[];
  setScenario(referenceOrTracking: string, scenario: TScenario): void;
  /** Base URL to give an adapter for a company code (yalidine, guepex, an EcoTrack tenant, ...). */
  baseUrlFor(code: string, kind?: TCarrierKind): string;
  snapshot(): TSandboxSnapshot;
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

/** One HTTP request: a control path, a label link, or a call to one of the fake carriers. */
async function handle(
  state: TSandboxState,
  publicUrl: string,
  { req, res }: { req: IncomingMessage; res: ServerResponse },
): Promise<void> {
  const at = performance.now();
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const raw = await readBody(req);
  if (url.pathname.startsWith('/__sandbox/')) {
    const body = (parseJson(raw) ?? {}) as Record<string, unknown>;
    return send(res, await control(state, { pathname: url.pathname, method: req.method ?? 'GET', body }));
  }
  const label = labelRequest(req.method ?? 'GET', url.pathname);
  if (label) return send(res, publicLabel(state.store, label));
  const target = carrierRoute(url.pathname);
  if (!target) return send(res, { status: 404, json: { message: 'Unknown sandbox path' } });
  return answerCarrierRequest(state, { req, res, url, raw, at, target, publicUrl });
}

/** Listens on a loopback address; answers the address it got. */
async function listen(server: http.Server, options: { port?: number; host: string }): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

export async function startCarrierSandbox(options: TSandboxOptions = {}): Promise<TCarrierSandbox> {
  const host = options.host ?? '127.0.0.1';
  // Its labels and control paths answer without credentials: never reachable from another machine.
  if (host !== 'localhost' && addressRefusal(host) !== 'loopback') {
    throw new Error(`The carrier sandbox listens on loopback only, not on ${host}`);
  }
  const state = createSandboxState(options.restore ? { ...options, startAt: options.restore.now } : options);
  if (options.restore) state.store.restore(options.restore.store);
  let publicUrl = '';
  const server = http.createServer((req, res) => {
    handle(state, publicUrl, { req, res }).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, json: { message: `Sandbox error: ${String(error)}` } });
    });
  });
  publicUrl = await listen(server, { ...(options.port === undefined ? {} : { port: options.port }), host });
  const { clock, faults, store, webhooks, requests } = state;
  return {
    url: publicUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    clock,
    faults,
    store,
    webhooks,
    requests,
    setScenario: (key, scenario) => store.setScenario(key, scenario),
    baseUrlFor: (code, kind) => carrierBaseUrl(publicUrl, code, kind),
    snapshot: () => ({ version: 1, now: clock.now(), store: store.snapshot() }),
  };
}
