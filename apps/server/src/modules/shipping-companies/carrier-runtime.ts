import crypto from 'node:crypto';
import type { TAdapterConfig } from '../../carriers/adapter-config.js';
import { CarrierError, type TCarrierAdapter, type TCarrierKind, type TCarrierLogger } from '../../carriers/carrier.js';
import { loadCarrierKeyring, type TCarrierKeyring } from '../../carriers/credentials.js';
import { createCarrierAdapter } from '../../carriers/registry.js';
import type { TConfig } from '../../config.js';

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

/** Base URLs stored as `sandbox://<path>` point at the local sandbox wherever it listens today. */
export const SANDBOX_SCHEME = 'sandbox://';
let sandboxUrl: string | null = null;

export function setCarrierSandboxUrl(url: string | null): void {
  sandboxUrl = url;
}

export function resolveBaseUrl(baseUrl: string | null, code: string): string | null {
  if (!baseUrl?.startsWith(SANDBOX_SCHEME)) return baseUrl;
  if (!sandboxUrl) {
    throw new CarrierError({
      code: 'unavailable',
      carrier: code,
      message: `${code}: the carrier sandbox is not running (set CARRIER_SANDBOX=on)`,
    });
  }
  return `${sandboxUrl}/${baseUrl.slice(SANDBOX_SCHEME.length)}`;
}

/** Test hook: shorter timeouts and settle delays (never used by the server itself). */
let adapterOverrides: Pick<TAdapterConfig, 'http' | 'settleMs'> = {};
export function setCarrierAdapterOverrides(overrides: Pick<TAdapterConfig, 'http' | 'settleMs'>): void {
  adapterOverrides = overrides;
}

export function buildAdapter(
  company: { kind: TCarrierKind; code: string; baseUrl: string | null },
  credentials: Readonly<Record<string, string>>,
  options: { logger?: TCarrierLogger; senderWilayaName?: string } = {},
): TCarrierAdapter {
  return createCarrierAdapter(
    { kind: company.kind, code: company.code, baseUrl: resolveBaseUrl(company.baseUrl, company.code), credentials },
    { ...adapterOverrides, ...options },
  );
}
