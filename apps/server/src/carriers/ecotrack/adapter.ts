import { adapterSetup, connectionResult, makeHttpClient, type TAdapterConfig } from '../adapter-config.js';
import { CarrierError, carrierCapabilities, type TCancelOutcome } from '../carrier.js';
import { type TCarrierAdapter, type TCreateOutcome } from '../carrier.js';
import type { TDriverUpdate, TParcelInput, TSimpleOutcome, TTracking, TTrackingEvent } from '../carrier.js';
import { createdOutcome, createParcelsSafely, type TFound } from '../create-flow.js';
import { algiersToIso, asNumber, asRecord, asRecords, asString, chunk, isoToAlgiers } from '../parcel-format.js';
import { localPhone, oldestFirst, trackingEvent } from '../parcel-format.js';
import { ecotrackStatuses } from './statuses.js';

/**
 * EcoTrack: one white-label platform, a host per carrier (CARRIERS.md 3.2, API reference distilled
 * from the official Postman collection). Bearer token; create (bulk <= 100) then validate
 * (valid/order); labels are PDF bytes behind the token; pull-only tracking; remarks to the
 * carrier/driver through add/maj and get/maj. 50 requests/minute.
 */
const BATCH_SIZE = 100;
/** get/orders pages scanned when looking parcels up by reference (40 per page). */
const LOOKUP_PAGES = 10;

export function createEcotrackAdapter(config: TAdapterConfig): TCarrierAdapter {
  const { name, log, credential, settleMs } = adapterSetup('ecotrack', config);
  const token = credential('api_token');
  const http = makeHttpClient('ecotrack', config, { headers: { Authorization: `Bearer ${token}` } });

  function toPayload(p: TParcelInput): Record<string, unknown> {
    const stopdesk = p.delivery.type === 'stopdesk';
    return {
      reference: p.reference,
      nom_client: p.customer.fullName,
      telephone: localPhone(p.customer.phone),
      ...(p.customer.phone2 ? { telephone_2: localPhone(p.customer.phone2) } : {}),
      adresse: p.address,
      // For a stop desk, code_postal is the desk's station code (get/communes).
      ...(p.delivery.type === 'stopdesk' ? { code_postal: p.delivery.stopDeskId } : {}),
      commune: p.commune.name,
      code_wilaya: p.wilaya.code,
      montant: Math.round(p.codAmount),
      ...(p.note ? { remarque: p.note.slice(0, 255) } : {}),
      produit: p.productSummary.slice(0, 255),
      type: p.exchange ? 2 : 1,
      ...(p.exchange ? { produit_a_recuperer: p.exchange.productToCollect } : {}),
      stop_desk: stopdesk ? 1 : 0,
      ...(p.weightKg ? { weight: p.weightKg } : {}),
    };
  }

  async function send(batch: TParcelInput[]): Promise<TCreateOutcome[]> {
    const orders = Object.fromEntries(batch.map((p, i) => [String(i), toPayload(p)]));
    const { data } = await http.request<Record<string, unknown>>({
      method: 'POST',
      path: '/api/v1/create/orders',
      json: { orders },
    });
    const results = asRecord(asRecord(data).results);
    return batch.map((p, i): TCreateOutcome => {
      // Results are keyed by reference when one is sent, else by index (Postman docs).
      const entry = asRecord(results[p.reference] ?? results[String(i)]);
      if (entry.success === true && asString(entry.tracking)) {
        const status = ecotrackStatuses.map('prete_a_expedier');
        return createdOutcome(p.reference, { trackingNumber: asString(entry.tracking), status }, false);
      }
      if (Object.keys(entry).length === 0) {
        return {
          reference: p.reference,
          ok: false,
          ambiguous: true,
          message: `${name} gave no answer for this parcel`,
        };
      }
      const fieldErrors = Object.fromEntries(
        Object.entries(entry).filter(([, v]) => Array.isArray(v)) as Array<[string, string[]]>,
      );
      const message = http.refusal(entry, Object.values(fieldErrors).flat().join(' ') || 'Refused');
      return {
        reference: p.reference,
        ok: false,
        ambiguous: false,
        message,
        ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
      };
    });
  }

  /** No reference filter exists: scan the last two days of get/orders (where a lost create lands). */
  async function lookup(references: string[]): Promise<Map<string, TFound>> {
    const wanted = new Set(references);
    const found = new Map<string, TFound>();
    const today = isoToAlgiers(Date.now()).date;
    const yesterday = isoToAlgiers(Date.now() - 86_400_000).date;
    for (let page = 1; page <= LOOKUP_PAGES && found.size < wanted.size; page++) {
      const { data } = await http.request<Record<string, unknown>>({
        method: 'GET',
        path: '/api/v1/get/orders',
        query: { page, start_date: yesterday, end_date: today },
      });
      const body = asRecord(data);
      for (const row of asRecords(body.data)) {
        const reference = asString(row.reference);
        if (!wanted.has(reference) || found.has(reference)) continue;
        const status = ecotrackStatuses.map(asString(row.status) || 'prete_a_expedier');
        found.set(reference, createdOutcome(reference, { trackingNumber: asString(row.tracking), status }, true));
      }
      if (!body.next_page_url && (asNumber(body.last_page) ?? page) <= page) break;
    }
    return found;
  }

  async function businessCall(
    path: string,
    query: Record<string, string | number>,
    method: 'POST' | 'DELETE' = 'POST',
  ) {
    const { data } = await http.request<unknown>({ method, path, query, idempotent: true, acceptStatuses: [422] });
    return asRecord(data);
  }

  return {
    kind: 'ecotrack',
    capabilities: carrierCapabilities({
      batchSize: BATCH_SIZE,
      requiresValidation: true,
      label: 'pdf',
      driverNotes: true,
      centres: true,
      fees: true,
      lookupByReference: true,
      // update/delete "only before validation": the parcel is still ready_to_ship at the seller.
      cancellableStatuses: ['created', 'ready_to_ship'],
    }),

    createParcels(parcels, options) {
      return createParcelsSafely(
        { carrier: name, batchSize: BATCH_SIZE, send, lookup, log, settleMs },
        parcels,
        options,
      );
    },

    async validateParcels(trackings, options) {
      const out: TSimpleOutcome[] = [];
      for (const tracking of trackings) {
        try {
          const body = await businessCall('/api/v1/valid/order', {
            tracking,
            ask_collection: options?.askCollection ? 1 : 0,
          });
          if (body.success === false || body.errors) {
            out.push({ tracking, ok: false, message: http.refusal(body, 'Validation refused') });
          } else {
            out.push({ tracking, ok: true });
          }
        } catch (error) {
          if (!(error instanceof CarrierError)) throw error;
          out.push({ tracking, ok: false, message: error.message });
        }
      }
      return out;
    },

    async cancelParcel(tracking): Promise<TCancelOutcome> {
      const body = await businessCall('/api/v1/delete/order', { tracking }, 'DELETE');
      // Current shape {success}, legacy {delete: "success"|"fail"} (both observed).
      if (body.success === true || body.delete === 'success') return { ok: true };
      return {
        ok: false,
        allowed: false,
        message: http.redact(asString(body.message) || `${name} only deletes orders that are not validated yet`),
      };
    },

    async getLabel(tracking) {
      const { status, data } = await http.request<Buffer>({
        method: 'GET',
        path: '/api/v1/get/order/label',
        query: { tracking },
        responseType: 'bytes',
        acceptStatuses: [422],
      });
      if (status === 422 || data.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new CarrierError({ code: 'not_found', carrier: name, message: `${name} has no label for ${tracking}` });
      }
      return { kind: 'pdf', bytes: data };
    },

    async getTracking(trackings) {
      const out: TTracking[] = [];
      for (const group of chunk([...new Set(trackings)], 100)) {
        const { data } = await http.request<unknown>({
          method: 'GET',
          path: '/api/v1/get/trackings/info',
          query: { 'trackings[]': group },
        });
        const infos = keyedByTracking(data);
        // get/orders/status takes the token as a query parameter (documented exception); it gives
        // the exact status key and the driver's phone.
        const statusRes = await http.request<unknown>({
          method: 'GET',
          path: '/api/v1/get/orders/status',
          query: { api_token: token, trackings: group.join(','), status: 'all' },
        });
        const statuses = keyedByTracking(asRecord(statusRes.data).data ?? statusRes.data);
        for (const trackingNumber of group) {
          const info = infos.get(trackingNumber);
          const state = statuses.get(trackingNumber);
          const events = oldestFirst(asRecords(info?.activity).map(toEvent));
          const rawCurrent = asString(state?.status) || asString(info?.status);
          const lastMoving = [...events].reverse().find((e) => e.status.status !== null);
          const driverPhone = asString(state?.driver_phone);
          out.push({
            trackingNumber,
            current: rawCurrent ? ecotrackStatuses.map(rawCurrent) : (lastMoving?.status ?? null),
            events,
            ...(driverPhone ? { driverPhone } : {}),
          });
        }
      }
      return out;
    },

    async getFees({ toWilayaCodes }) {
      const { data } = await http.request<unknown>({ method: 'GET', path: '/api/v1/get/fees' });
      const rows = asRecord(data).livraison;
      const fees = (Array.isArray(rows) ? rows : Object.values(asRecord(rows))).map(asRecord).map((r) => ({
        wilayaCode: asNumber(r.wilaya_id) ?? 0,
        home: asNumber(r.tarif),
        stopDesk: asNumber(r.tarif_stopdesk),
      }));
      return fees.filter((f) => f.wilayaCode > 0 && (!toWilayaCodes || toWilayaCodes.includes(f.wilayaCode)));
    },

    async getCentres(options) {
      const { data } = await http.request<unknown>({
        method: 'GET',
        path: '/api/v1/get/communes',
        query: options?.wilayaCode ? { wilaya_id: options.wilayaCode } : {},
      });
      // An index-keyed object, not an array; code_postal is the stop desk's station code.
      const rows = (Array.isArray(data) ? data : Object.values(asRecord(data))).map(asRecord);
      return rows
        .filter((r) => asNumber(r.has_stop_desk) === 1)
        .map((r) => ({
          id: asString(r.code_postal),
          name: asString(r.nom),
          wilayaCode: asNumber(r.wilaya_id),
          communeName: asString(r.nom),
        }));
    },

    async notifyDriver(tracking, message) {
      const content = message.trim();
      if (!content) return; // SPEC 5: an empty driver message sends nothing.
      const body = await businessCall('/api/v1/add/maj', { tracking, content: content.slice(0, 255) });
      if (body.success !== true) {
        throw new CarrierError({
          code: 'rejected',
          carrier: name,
          message: http.refusal(body, `${name} refused the note`),
        });
      }
    },

    async getDriverUpdates(tracking): Promise<TDriverUpdate[]> {
      const { data } = await http.request<unknown>({ method: 'GET', path: '/api/v1/get/maj', query: { tracking } });
      // A plain array (not {data: []}); entries carry the sender's name before the text.
      return oldestFirst(
        asRecords(data)
          .filter((r) => !asString(r.tracking) || asString(r.tracking) === tracking)
          .map((r) => {
            const station = asString(r.station);
            const driver = asString(r.livreur);
            return {
              at: algiersToIso(asString(r.created_at)),
              text: asString(r.remarque),
              ...(station ? { station } : {}),
              ...(driver ? { driver } : {}),
            };
          }),
      );
    },

    testConnection() {
      return connectionResult(
        name,
        async () => {
          // validate/token answers INVALID_TOKEN with HTTP 200, so the body decides.
          const { data } = await http.request<unknown>({
            method: 'GET',
            path: '/api/v1/validate/token',
            query: { api_token: token },
          });
          const { success } = asRecord(data);
          // No boolean `success`: not EcoTrack's answer (connectionResult reads it as unreachable).
          if (typeof success !== 'boolean') return null;
          if (!success) throw new CarrierError({ code: 'auth', carrier: name, message: `${name}: token refused` });
          return data;
        },
        Boolean,
      );
    },
  };
}

function toEvent(activity: Record<string, unknown>): TTrackingEvent {
  return trackingEvent(
    algiersToIso(asString(activity.date), asString(activity.time) || undefined),
    ecotrackStatuses.map(asString(activity.status)),
    { reason: asString(activity.reason), location: asString(activity.station) || asString(activity.scanLocation) },
  );
}

/** Rows matched by exact tracking, never by position (a "take the first row" client attaches another parcel's status). */
function keyedByTracking(data: unknown): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const body = asRecord(data);
  const source = Array.isArray(data) ? data : Array.isArray(body.data) ? body.data : null;
  if (source) {
    for (const row of source.map(asRecord)) if (asString(row.tracking)) out.set(asString(row.tracking), row);
    return out;
  }
  for (const [key, value] of Object.entries(body.data && typeof body.data === 'object' ? asRecord(body.data) : body)) {
    const row = asRecord(value);
    out.set(asString(row.tracking) || key, row);
  }
  return out;
}
