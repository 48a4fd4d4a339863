import {
  CarrierError,
  silentLogger,
  type TCarrierAdapter,
  type TCarrierKind,
  type TCarrierLogger,
  type TConnectionResult,
  type TSimpleOutcome,
  unreachableMessage,
} from './carrier.js';
import { CARRIER_API_HOSTS, DEFAULT_RATE_LIMITS } from './catalogue.js';
import { createHttpClient, type THttpClient, type THttpClientOptions } from './http-client.js';

/** What every adapter factory receives (built by registry.ts from a shipping company row). */
export interface TAdapterConfig {
  baseUrl: string;
  /** Decrypted credentials (credentials.ts); kept in the adapter's closure only. */
  credentials: Readonly<Record<string, string>>;
  /** Shown in messages and logs ('guepex', 'dhd'); defaults to the kind. */
  label?: string;
  logger?: TCarrierLogger;
  /** Overrides for the HTTP layer (tests and the sandbox shorten timeouts and delays). */
  http?: Partial<Omit<THttpClientOptions, 'carrier' | 'baseUrl' | 'secrets' | 'headers'>>;
  /** Yalidine's from_wilaya_name: the seller's wilaya. */
  senderWilayaName?: string;
  /** Pause before looking parcels up after an ambiguous creation (default 1500 ms). */
  settleMs?: number;
}

export function requireCredential(
  kind: TCarrierKind,
  credentials: TAdapterConfig['credentials'],
  name: string,
): string {
  const value = credentials[name];
  if (!value) {
    throw new CarrierError({ code: 'auth', carrier: kind, message: `${kind}: the ${name} credential is missing` });
  }
  return value;
}

/** What every HTTP adapter starts from: its name in messages, its logger, its credentials by name. */
export function adapterSetup(kind: TCarrierKind, config: TAdapterConfig) {
  return {
    name: config.label ?? kind,
    log: config.logger ?? silentLogger,
    /** Throws `auth` when the shop has not given it. */
    credential: (name: string) => requireCredential(kind, config.credentials, name),
    /** The pause before looking parcels up after an ambiguous creation (createParcelsSafely). */
    settleMs: config.settleMs ?? 1500,
  };
}

export function makeHttpClient(
  kind: TCarrierKind,
  config: TAdapterConfig,
  extra: { headers?: Record<string, string>; quotaPauseMs?: THttpClientOptions['quotaPauseMs'] } = {},
): THttpClient {
  return createHttpClient({
    carrier: config.label ?? kind,
    baseUrl: config.baseUrl,
    secrets: Object.values(config.credentials).filter(Boolean),
    rateLimit: DEFAULT_RATE_LIMITS[kind],
    ...(CARRIER_API_HOSTS[kind] ? { hosts: CARRIER_API_HOSTS[kind] } : {}),
    logger: config.logger ?? silentLogger,
    ...extra,
    ...config.http,
  });
}

/**
 * Test-connection answers are messages for the screen, never thrown errors, and only two of them
 * (decision 0037): the credentials were refused, or the carrier could not be reached. A refused
 * port, a timeout, a refused address, a redirect and an answer that is not the carrier's
 * (`looksLikeCarrier` says no) all read the same, and nothing the remote end said is repeated.
 */
export async function connectionResult(
  name: string,
  probe: () => Promise<unknown>,
  looksLikeCarrier: (answer: unknown) => boolean = () => true,
): Promise<TConnectionResult> {
  try {
    if (looksLikeCarrier(await probe())) return { ok: true };
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    if (error.code === 'auth') return { ok: false, message: `${name} refused these credentials` };
  }
  return { ok: false, message: unreachableMessage(name) };
}

/** validateParcels of a carrier with no validation step: a created parcel is picked up as it is. */
export async function nothingToValidate(trackings: string[]): Promise<TSimpleOutcome[]> {
  return trackings.map((tracking) => ({ tracking, ok: true as const }));
}

/** The driver-notes half of an adapter whose carrier takes no notes (`what`: how its message names them). */
export function withoutDriverNotes(
  name: string,
  what = 'notes to the driver',
): Pick<TCarrierAdapter, 'notifyDriver' | 'getDriverUpdates'> {
  return {
    async notifyDriver() {
      throw CarrierError.unsupported(name, what);
    },
    async getDriverUpdates() {
      throw CarrierError.unsupported(name, 'driver updates');
    },
  };
}
