/**
 * ARCHITECTURE 3.8: every carrier sits behind this one interface. The shipping flows (dispatch,
 * validate, refresh, cancel, tickets, driver notes, status sync) only ever see these types; the
 * carriers' dialects stay inside their adapter folders. Decision record: docs/decisions/0017.
 */
import { englishOf, m, type TCarrierKindName, type TMessageCode, type TMessageToken } from '@cod/shared';
import type { TShipmentStatus } from './shipment-status.js';
import type { TMappedStatus } from './status-mapping.js';

// SPEC 4's shipment statuses and each carrier's table onto them live beside this interface:
// shipment-status.ts (vocabulary, dispatch rule, timeline colours) and <carrier>/statuses.ts.
export { SHIPMENT_STATUSES, type TShipmentStatus } from './shipment-status.js';
export type { TMappedStatus } from './status-mapping.js';
// What each family can do lives with its other facts in catalogue.ts; imported from here as before.
export { PAYMENT_STATUS_SUPPORT } from './catalogue.js';

/**
 * The carrier families: one list, `CARRIER_KINDS` in packages/shared (the API schema's enum). The
 * SQL CHECK on shipping_companies.kind, the registry and the sandbox are held to it by
 * test/carriers/carrier-kinds.int.test.ts (docs/design/RECIPES.md, "Add a carrier").
 */
export type TCarrierKind = TCarrierKindName;

/** One parcel to hand to a carrier: our order, in carrier-neutral words. Money in dinars (DZD). */
export interface TParcelInput {
  /** Our order reference. Unique per shipping company: it is the idempotency key (never two parcels). */
  reference: string;
  customer: { fullName: string; phone: string; phone2?: string };
  address: string;
  /** Wilaya code 1-58 and its French name (carriers match French names). */
  wilaya: { code: number; name: string };
  /** Commune French name; `carrierId` when the caller already knows the carrier's own id. */
  commune: { name: string; carrierId?: string };
  delivery: { type: 'home' } | { type: 'stopdesk'; stopDeskId: string };
  /** Cash the driver collects (products + delivery unless free delivery). */
  codAmount: number;
  declaredValue?: number;
  /** What is in the parcel, as the driver reads it ("2x Robe rouge, 1x Sac"). */
  productSummary: string;
  products?: Array<{ name: string; quantity: number }>;
  /** Note for the carrier/driver printed on the parcel. */
  note?: string;
  freeShipping: boolean;
  weightKg?: number;
  /** Exchange: the driver brings back this product. */
  exchange?: { productToCollect: string };
}

/** Per-parcel result of a batch creation: exactly one per input, in input order. */
export type TCreateOutcome =
  | {
      reference: string;
      ok: true;
      trackingNumber: string;
      /** The carrier's own id when it differs from the tracking number (Maystro, ZR). */
      carrierParcelId?: string;
      labelUrl?: string;
      status: TMappedStatus;
      /** True when the parcel already existed at the carrier (found by reference, not created again). */
      recovered: boolean;
    }
  | {
      reference: string;
      ok: false;
      /** The carrier's own message, redacted of credentials; shown to the user per order (SPEC 8). */
      message: string;
      fieldErrors?: Record<string, string[]>;
      /**
       * True when the carrier did not answer and the parcel could not be looked up: it may exist.
       * The caller must not create it again without a lookup (the dispatch retry passes lookupExisting).
       */
      ambiguous: boolean;
    };

export type TSimpleOutcome = { tracking: string; ok: true } | { tracking: string; ok: false; message: string };

export type TCancelOutcome =
  | { ok: true }
  | {
      ok: false;
      /** false when the carrier's rules forbid it now (already picked up, validated...). */
      allowed: boolean;
      message: string;
    };

export type TLabel =
  | { kind: 'pdf'; bytes: Buffer }
  | { kind: 'url'; url: string }
  /** The carrier has no label (manual, or not ready yet): the flows print our own A6 label. */
  | { kind: 'none'; reason: string };

export interface TTrackingEvent {
  /** ISO 8601 instant. */
  at: string;
  status: TMappedStatus;
  /** Failure or hold reason ('Client ne répond pas'), when the carrier gives one. */
  reason?: string;
  location?: string;
}

export interface TTracking {
  trackingNumber: string;
  /** The carrier's current status; `null` when the carrier does not know the parcel. */
  current: TMappedStatus | null;
  /** Oldest first. */
  events: TTrackingEvent[];
  driverPhone?: string;
}

export interface TFeeRow {
  wilayaCode: number;
  /** Home delivery fee in DZD, null when the carrier does not deliver there. */
  home: number | null;
  /** Stop-desk fee in DZD, null when there is no stop desk. */
  stopDesk: number | null;
  /** Per-commune detail when the carrier prices by commune (Yalidine). */
  communes?: Array<{ name: string; home: number | null; stopDesk: number | null }>;
}

export interface TCentre {
  /** The id to send back when creating a stop-desk parcel (Yalidine center_id, EcoTrack station code...). */
  id: string;
  name: string;
  wilayaCode: number | null;
  wilayaName?: string;
  communeName?: string;
  address?: string;
}

export interface TDriverUpdate {
  at: string;
  text: string;
  station?: string;
  driver?: string;
}

/**
 * A failed test is one of two messages (docs/decisions/0037): the carrier refused the credentials,
 * or unreachableMessage; never what the remote end said, never which way the connection failed.
 */
export type TConnectionResult = { ok: true } | { ok: false; message: string };

/** One status change pushed by a carrier webhook, verified and mapped (Yalidine, ZR Express). */
export interface TWebhookEvent {
  /** The carrier's event id: the dedupe key (webhooks are retried and may repeat). */
  eventId: string;
  /** ISO instant the change happened at the carrier: the ordering key (delivery order is not). */
  occurredAt: string;
  trackingNumber: string;
  status: TMappedStatus;
  reason?: string;
}

export interface TCarrierCapabilities {
  /** Parcels per creation request (1 = no batch endpoint; the adapter then loops). */
  batchSize: number;
  /** Parcels must be validated (shipped) after creation before the carrier moves them. */
  requiresValidation: boolean;
  label: 'pdf' | 'url' | 'none';
  webhooks: boolean;
  driverNotes: boolean;
  centres: boolean;
  fees: boolean;
  /** A lost answer during creation can be resolved by looking the parcel up by our reference. */
  lookupByReference: boolean;
  /** Statuses in which the carrier accepts a cancellation (SPEC 4 "when a rule allows"). */
  cancellableStatuses: readonly TShipmentStatus[];
}

/** The flags a carrier has not got are off: an adapter names its batch, its label, its cancellable statuses and what it can do. */
type TOwnCapabilities = Pick<TCarrierCapabilities, 'batchSize' | 'label' | 'cancellableStatuses'> &
  Partial<TCarrierCapabilities>;

export function carrierCapabilities(own: TOwnCapabilities): TCarrierCapabilities {
  return {
    requiresValidation: false,
    webhooks: false,
    driverNotes: false,
    centres: false,
    fees: false,
    lookupByReference: false,
    ...own,
  };
}

export interface TCreateOptions {
  /**
   * Look every reference up before creating (a retried dispatch after a crash or an ambiguous
   * outcome). Parcels found are returned as `recovered` and not created again.
   */
  lookupExisting?: boolean;
}

/**
 * A parcel the carrier says it has paid the shop for (issue 13.4, decision 0113): its payment status
 * is "paid". `amount` is what the carrier paid for it in DZD by its own figures, or null when its API
 * gives only the status (the remittance then takes what the shop expected).
 */
export interface TCarrierPayment {
  trackingNumber: string;
  amount: number | null;
  /** The carrier's payment (statement) id, when it gives one. */
  paymentId?: string;
}

export interface TCarrierAdapter {
  readonly kind: TCarrierKind;
  readonly capabilities: TCarrierCapabilities;
  createParcels(parcels: TParcelInput[], options?: TCreateOptions): Promise<TCreateOutcome[]>;
  /** Ship / validate created parcels (EcoTrack valid/order, NOEST valid/order). No-op success where not needed. */
  validateParcels(trackings: string[], options?: { askCollection?: boolean }): Promise<TSimpleOutcome[]>;
  cancelParcel(tracking: string): Promise<TCancelOutcome>;
  getLabel(tracking: string): Promise<TLabel>;
  getTracking(trackings: string[]): Promise<TTracking[]>;
  getFees(options: { fromWilayaCode: number; toWilayaCodes?: number[] }): Promise<TFeeRow[]>;
  getCentres(options?: { wilayaCode?: number }): Promise<TCentre[]>;
  notifyDriver(tracking: string, message: string): Promise<void>;
  getDriverUpdates(tracking: string): Promise<TDriverUpdate[]>;
  testConnection(): Promise<TConnectionResult>;
  /**
   * Optional (PAYMENT_STATUS_SUPPORT): of these parcels, the ones the carrier has paid for. Parcels
   * not paid yet, or unknown to the carrier, are left out.
   */
  getPayments?(trackings: string[]): Promise<TCarrierPayment[]>;
}

export type TCarrierErrorCode =
  | 'auth'
  | 'rate_limited'
  | 'timeout'
  | 'network'
  | 'unavailable'
  | 'rejected'
  | 'not_found'
  | 'unsupported'
  | 'bad_response';

/** The catalogue code of every transport failure (decision 0041). */
export const UNREACHABLE_CODE = 'carrier.unreachable' satisfies TMessageCode;

/**
 * One text for a refused connection, a timeout, a refused destination, a redirect, a 5xx or an
 * answer that is not the carrier's: the answer never tells a port scanner anything (decision 0037).
 * The catalogue's English: the carrier layer's public messages are still plain text, so it reaches
 * the web framed as `carrier.message`; `unreachableToken` is the coded form.
 */
export function unreachableMessage(carrier: string): string {
  return englishOf(unreachableToken(carrier));
}

export const unreachableToken = (carrier: string): TMessageToken => m(UNREACHABLE_CODE, { carrier });

/**
 * A carrier call that failed. The message never contains credentials (http-client redacts them);
 * no raw `cause` is kept because low-level errors can carry the request URL and its query token.
 * `message` may name the low-level cause (ECONNREFUSED, a status) for logs; `publicMessage` is what
 * people see, and what every adapter built by registry.ts throws above the carrier layer.
 */
export class CarrierError extends Error {
  readonly code: TCarrierErrorCode;
  readonly carrier: string;
  readonly httpStatus: number | undefined;
  /** The request may have been processed although no answer arrived (timeout, reset, 5xx on POST). */
  readonly ambiguous: boolean;
  readonly publicMessage: string;

  constructor(options: {
    code: TCarrierErrorCode;
    carrier: string;
    message: string;
    httpStatus?: number;
    ambiguous?: boolean;
    publicMessage?: string;
  }) {
    super(options.message);
    this.name = 'CarrierError';
    this.code = options.code;
    this.carrier = options.carrier;
    this.httpStatus = options.httpStatus;
    this.ambiguous = options.ambiguous ?? false;
    this.publicMessage = options.publicMessage ?? options.message;
  }

  /** The same failure with only what may be shown. */
  toPublic(): CarrierError {
    if (this.publicMessage === this.message) return this;
    return new CarrierError({
      code: this.code,
      carrier: this.carrier,
      message: this.publicMessage,
      ambiguous: this.ambiguous,
      ...(this.httpStatus === undefined ? {} : { httpStatus: this.httpStatus }),
    });
  }

  static unsupported(carrier: string, what: string): CarrierError {
    return new CarrierError({ code: 'unsupported', carrier, message: `${carrier} does not support ${what}` });
  }
}

/** Minimal pino-compatible logger: the flows pass `app.log.child({ carrier })`. */
export interface TCarrierLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: TCarrierLogger = { debug() {}, info() {}, warn() {}, error() {} };
