import crypto from 'node:crypto';
import type { TAdapterConfig } from '../../carriers/adapter-config.js';
import { CarrierError, type TCarrierAdapter, type TCarrierKind, type TCarrierLogger } from '../../carriers/carrier.js';
import { loadCarrierKeyring, type TCarrierKeyring } from '../../carriers/credentials.js';
import { createCarrierAdapter } from '../../carriers/registry.js';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import type { TOutboundPolicy } from '../../lib/outbound-guard.js';
import { findDemoShop } from './demo-shop.repository.js';

/**
 * What the shipping modules need from the process: the credentials keyring, the running carrier
 * sandbox (demo mode), and adapter settings. main.ts loads the keyring at start-up so a bad key
 * stops the server with one clear message; requests load it lazily (tests never write a key file
 * unless they use carriers).
 */
let keyring: { source: string; promise: Promise<TCarrierKeyring> } | undefined;

export function carrierKeyring(config: TConfig): Promise<TCarrierKeyring> {
  const source = `${config.CARRIER_SECRET_KEY ?? ''}|${config.CARRIER_SECRET_KEY_PREVIOUS ?? ''}|${config.dataDir}`;
  if (keyring?.source !== source) {
    // Tests without a key get one per process, never a key file in the source tree.
    const testKey =
      config.NODE_ENV === 'test' && !config.CARRIER_SECRET_KEY ? crypto.randomBytes(32).toString('base64') : undefined;
    const promise = loadCarrierKeyring({
      configuredKey: config.CARRIER_SECRET_KEY ?? testKey,
      previousKeys: config.CARRIER_SECRET_KEY_PREVIOUS,
      dataDir: config.dataDir,
      // Decision 0019: only a production server on a shared PostgreSQL must be given the key.
      allowGenerated: !(config.DATABASE_URL && config.NODE_ENV === 'production'),
    });
    keyring = { source, promise };
    promise.catch(() => {
      if (keyring?.promise === promise) keyring = undefined;
    });
  }
  return keyring.promise;
}

/**
 * Base URLs stored as `sandbox://<path>` point at the local sandbox wherever it listens today
 * (decision 0031). They are the demo shop's only (decision 0037): refused on save and on use for
 * any other tenant, so no shop reaches the sandbox, nor a loopback port through it.
 */
export const SANDBOX_SCHEME = 'sandbox://';
let sandbox: { url: string; tenantId: number | null } | null = null;

/** The running sandbox and the one tenant (the demo shop) whose `sandbox://` companies use it. */
export function setCarrierSandboxUrl(url: string | null, tenantId: number | null = null): void {
  sandbox = url ? { url, tenantId } : null;
}

/** Demo mode start-up (modules/shipping/background.ts): the sandbox serves the demo shop. */
export async function attachCarrierSandbox(db: Db, url: string): Promise<void> {
  const demo = await withSystem(db, (tx) => findDemoShop(tx));
  setCarrierSandboxUrl(url, demo?.id ?? null);
}

export const isSandboxUrl = (baseUrl: string | null): baseUrl is string =>
  baseUrl?.toLowerCase().startsWith(SANDBOX_SCHEME) ?? false;

/** Whether this tenant may save a `sandbox://` base URL now. */
export function sandboxAllowed(tenantId: number): boolean {
  return sandbox !== null && sandbox.tenantId === tenantId;
}

export function resolveBaseUrl(baseUrl: string | null, code: string, tenantId: number): string | null {
  if (!isSandboxUrl(baseUrl)) return baseUrl;
  if (!sandbox) {
    throw new CarrierError({
      code: 'unavailable',
      carrier: code,
      message: `${code}: the carrier sandbox is not running (set CARRIER_SANDBOX=on)`,
    });
  }
  if (sandbox.tenantId !== tenantId) {
    throw new CarrierError({ code: 'rejected', carrier: code, message: `${code}: ${SANDBOX_FOR_DEMO_ONLY}` });
  }
  return `${sandbox.url}/${baseUrl.slice(SANDBOX_SCHEME.length)}`;
}

export const SANDBOX_FOR_DEMO_ONLY = 'sandbox:// addresses are for the demo shop only.';

/** The sandbox listens on loopback and is our own process: its calls skip the public-address rule. */
const SANDBOX_POLICY: TOutboundPolicy = { allowPrivate: true };

/** Test hook: shorter timeouts and settle delays (never used by the server itself). */
let adapterOverrides: Pick<TAdapterConfig, 'http' | 'settleMs'> = {};
export function setCarrierAdapterOverrides(overrides: Pick<TAdapterConfig, 'http' | 'settleMs'>): void {
  adapterOverrides = overrides;
}

export function buildAdapter(
  company: { tenantId: number; kind: TCarrierKind; code: string; baseUrl: string | null },
  credentials: Readonly<Record<string, string>>,
  options: { logger?: TCarrierLogger; senderWilayaName?: string } = {},
): TCarrierAdapter {
  const baseUrl = resolveBaseUrl(company.baseUrl, company.code, company.tenantId);
  // The sandbox is our own process: no carrier's published rate limit applies to it (decision 0051).
  const http = isSandboxUrl(company.baseUrl)
    ? { rateLimit: {}, ...adapterOverrides.http, outbound: SANDBOX_POLICY }
    : adapterOverrides.http;
  return createCarrierAdapter(
    { kind: company.kind, code: company.code, baseUrl, credentials },
    { ...adapterOverrides, ...(http ? { http } : {}), ...options },
  );
}
