import type { TCarrierKind } from './carrier.js';

/**
 * What the app knows about each carrier family, in one file: which credential fields to ask for
 * (and which are secret), the presets the shipping-companies screen offers, the API hosts, whether
 * the carrier reports payments, and the published rate limits.
 * Sources for every value: /work/shared/design/CARRIERS.md (3.0-3.5) and docs/decisions/0017.
 */
export interface TCredentialField {
  name: string;
  /** Secret fields are encrypted at rest and masked before anything reaches the browser. */
  secret: boolean;
  required: boolean;
}

export const CREDENTIAL_FIELDS: Record<TCarrierKind, readonly TCredentialField[]> = {
  // Both halves are "sensitive credentials" in Yalidine's own words; the webhook secret signs pushes.
  yalidine: [
    { name: 'api_id', secret: true, required: true },
    { name: 'api_token', secret: true, required: true },
    { name: 'webhook_secret', secret: true, required: false },
  ],
  ecotrack: [{ name: 'api_token', secret: true, required: true }],
  zr_express: [
    { name: 'api_key', secret: true, required: true },
    // The tenant id names the account; showing it lets the seller recognise which account is set.
    { name: 'tenant_id', secret: false, required: true },
    { name: 'webhook_secret', secret: true, required: false },
  ],
  maystro: [{ name: 'api_token', secret: true, required: true }],
  noest: [
    { name: 'api_token', secret: true, required: true },
    { name: 'user_guid', secret: true, required: true },
  ],
  manual: [],
};

export interface TCarrierPreset {
  /** The shipping company code (SPEC 3 "Shipping company: code, name"). */
  code: string;
  name: string;
  kind: TCarrierKind;
  /** Production base URL; null when the seller must give it (an EcoTrack tenant not listed). */
  baseUrl: string | null;
}

/**
 * Known companies. Guepex is Yalidine's API on another host; EcoTrack is one platform with a host
 * per carrier (CARRIERS.md 3.2 lists the tenants; a few are preset, any other is "ecotrack" + URL).
 */
export const CARRIER_PRESETS: readonly TCarrierPreset[] = [
  { code: 'yalidine', name: 'Yalidine', kind: 'yalidine', baseUrl: 'https://api.yalidine.app/v1' },
  { code: 'guepex', name: 'Guepex', kind: 'yalidine', baseUrl: 'https://api.guepex.app/v1' },
  { code: 'ecotrack', name: 'EcoTrack', kind: 'ecotrack', baseUrl: null },
  { code: 'dhd', name: 'DHD Express', kind: 'ecotrack', baseUrl: 'https://platform.dhd-dz.com' },
  { code: 'conexlog', name: 'Conexlog', kind: 'ecotrack', baseUrl: 'https://app.conexlog-dz.com' },
  { code: 'anderson', name: 'Anderson Delivery', kind: 'ecotrack', baseUrl: 'https://anderson.ecotrack.dz' },
  { code: 'zr_express', name: 'ZR Express', kind: 'zr_express', baseUrl: 'https://api.zrexpress.app/api/v1' },
  { code: 'maystro', name: 'Maystro Delivery', kind: 'maystro', baseUrl: 'https://backend.maystro-delivery.com/api' },
  { code: 'noest', name: 'NOEST Express', kind: 'noest', baseUrl: 'https://app.noest-dz.com' },
  { code: 'manual', name: 'Own drivers', kind: 'manual', baseUrl: null },
];

/**
 * The API hosts of carriers that have fixed ones (CARRIERS.md 3.0-3.5): a base URL of these kinds
 * must be on one of them (decision 0037). EcoTrack runs one host per carrier, so its companies may
 * name any public https host.
 */
export const CARRIER_API_HOSTS: Partial<Record<TCarrierKind, readonly string[]>> = {
  // Yalidine's API family: Yalidine, Guepex, Yalitec.
  yalidine: ['api.yalidine.app', 'api.guepex.app', 'api.yalitec.me'],
  zr_express: ['api.zrexpress.app'],
  maystro: ['backend.maystro-delivery.com', 'b.maystro-delivery.com'],
  noest: ['app.noest-dz.com'],
};

/**
 * Which carriers expose a parcel's payment status (CARRIERS.md): Yalidine/Guepex's `payment_status`
 * (`payed`) on the parcel object, served by the sandbox too. EcoTrack, ZR Express, Maystro and NOEST
 * document no per-parcel payment field the adapters could read: unsupported. An adapter offers
 * `getPayments` exactly when its kind is true here (test/money/remittance-fetch.int.test.ts checks
 * it); the screens read
 * this to show "fetch from carrier" without building an adapter.
 */
export const PAYMENT_STATUS_SUPPORT: Readonly<Record<TCarrierKind, boolean>> = {
  yalidine: true,
  ecotrack: false,
  zr_express: false,
  maystro: false,
  noest: false,
  manual: false,
};

export function findPreset(code: string): TCarrierPreset | undefined {
  return CARRIER_PRESETS.find((p) => p.code === code);
}

/** Published limits (CARRIERS.md 3.0). Unpublished ones get a conservative pace of our own. */
export const DEFAULT_RATE_LIMITS: Record<TCarrierKind, { perSecond?: number; perMinute?: number }> = {
  yalidine: { perSecond: 5, perMinute: 50 },
  ecotrack: { perMinute: 50 },
  zr_express: { perSecond: 10 },
  // A public Maystro client spaced its calls 50 ms apart and retried 429s (CARRIERS.md 3.0).
  maystro: { perSecond: 20 },
  noest: { perSecond: 10 },
  manual: {},
};
