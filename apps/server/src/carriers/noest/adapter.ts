import { adapterSetup, connectionResult, makeHttpClient, type TAdapterConfig } from '../adapter-config.js';
import { withoutDriverNotes } from '../adapter-config.js';
import { CarrierError, carrierCapabilities, type TCancelOutcome } from '../carrier.js';
import { type TCarrierAdapter, type TCentre } from '../carrier.js';
import type { TCreateOutcome, TParcelInput, TSimpleOutcome, TTracking } from '../carrier.js';
import { createdOutcome, createParcelsSafely, refusedOutcome, sendEach } from '../create-flow.js';
import { algiersToIso, asNumber, asRecord, asRecords, asString, chunk, localPhone } from '../parcel-format.js';
import { mapWithConcurrency, oldestFirst, trackingEvent } from '../parcel-format.js';
import { noestStatuses } from './statuses.js';

/**
 * NOEST Express (CARRIERS.md 3.5): EcoTrack-like, api_token + user_guid in every body or query
 * (plus a Bearer header), create then valid/order, batch tracking, PDF labels, desks. There is no
 * documented way to find an order by our reference, so a lost creation answer is reported as
 * ambiguous and never re-sent automatically.
 */
const CONCURRENCY = 4;

export function createNoestAdapter(config: TAdapterConfig): TCarrierAdapter {
  const { name, log, credential } = adapterSetup('noest', config);
  const apiToken = credential('api_token');
  const auth = { api_token: apiToken, user_guid: credential('user_guid') };
  const http = makeHttpClient('noest', config, { headers: { Authorization: `Bearer ${apiToken}` } });

  /** `business`: a refusal comes back as a 4xx body with the carrier's message, not as an error. */
  async function post(path: string, body: Record<string, unknown>, idempotent = false, business = true) {
    const { data } = await http.request<unknown>({
      method: 'POST',
      path,
      json: { ...auth, ...body },
      idempotent,
      acceptStatuses: business ? [400, 422] : [],
    });
    return asRecord(data);
  }

  async function sendOne(p: TParcelInput): Promise<TCreateOutcome> {
    const body = await post('/api/public/create/order', {
      reference: p.reference,
      client: p.customer.fullName,
      phone: localPhone(p.customer.phone),
      ...(p.customer.phone2 ? { phone_2: localPhone(p.customer.phone2) } : {}),
      adresse: p.address,
      wilaya_id: p.wilaya.code,
      commune: p.commune.name,
      montant: Math.round(p.codAmount),
      ...(p.note ? { remarque: p.note } : {}),
      produit: p.productSummary,
      type_id: p.exchange ? 2 : 1,
      poids: Math.max(1, Math.ceil(p.weightKg ?? 1)),
      stop_desk: p.delivery.type === 'stopdesk' ? 1 : 0,
      ...(p.delivery.type === 'stopdesk' ? { station_code: p.delivery.stopDeskId } : {}),
      can_open: 0,
    });
    if (body.success === true && asString(body.tracking)) {
      const status = noestStatuses.map('upload');
      return createdOutcome(p.reference, { trackingNumber: asString(body.tracking), status }, false);
    }
    return refusedOutcome(p.reference, http.refusal(body, `${name} refused this order`));
  }

  const send = sendEach(sendOne, CONCURRENCY);

  return {
    kind: 'noest',
    capabilities: carrierCapabilities({
      batchSize: 20,
      requiresValidation: true,
      label: 'pdf',
      centres: true,
      // delete/order works "before validation" only.
      cancellableStatuses: ['created'],
    }),

    createParcels(parcels, options) {
      return createParcelsSafely({ carrier: name, batchSize: 20, send, log }, parcels, options);
    },

    async validateParcels(trackings) {
      return mapWithConcurrency(trackings, CONCURRENCY, async (tracking): Promise<TSimpleOutcome> => {
        try {
          const body = await post('/api/public/valid/order', { tracking }, true);
          if (body.success === true) return { tracking, ok: true };
          return { tracking, ok: false, message: http.refusal(body, 'Validation refused') };
        } catch (error) {
          if (!(error instanceof CarrierError)) throw error;
          return { tracking, ok: false, message: error.message };
        }
      });
    },

    async cancelParcel(tracking): Promise<TCancelOutcome> {
      const body = await post('/api/public/delete/order', { tracking }, true);
      if (body.success === true) return { ok: true };
      return {
        ok: false,
        allowed: false,
        message: http.refusal(body, `${name} only deletes orders not yet validated`),
      };
    },

    async getLabel(tracking) {
      const { status, data } = await http.request<Buffer>({
        method: 'GET',
        path: '/api/public/get/order/label',
        query: { api_token: apiToken, tracking },
        responseType: 'bytes',
        acceptStatuses: [400, 404, 422],
      });
      if (status >= 300 || data.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new CarrierError({ code: 'not_found', carrier: name, message: `${name} has no label for ${tracking}` });
      }
      return { kind: 'pdf', bytes: data };
    },

    async getTracking(trackings) {
      const out: TTracking[] = [];
      for (const group of chunk([...new Set(trackings)], 100)) {
        const body = await post('/api/public/get/trackings/info', { trackings: group }, true, false);
        for (const trackingNumber of group) {
          const row = asRecord(body[trackingNumber]);
          const activity = asRecords(row.activity);
          const events = oldestFirst(
            activity.map((a) => {
              const key = asString(a.event_key) || asString(a.status);
              return trackingEvent(
                algiersToIso(asString(a.date) || asString(a.created_at)),
                // The event text is what people read; the key is what the table maps.
                noestStatuses.map(asString(a.event) || key, key),
                { reason: asString(a.causes) || asString(a.reason) },
              );
            }),
          );
          const lastMoving = [...events].reverse().find((e) => e.status.status !== null);
          out.push({ trackingNumber, current: activity.length ? (lastMoving?.status ?? null) : null, events });
        }
      }
      return out;
    },

    async getFees() {
      throw CarrierError.unsupported(name, 'fee import');
    },

    async getCentres(options) {
      const { data } = await http.request<unknown>({ method: 'GET', path: '/api/public/desks', query: { ...auth } });
      const rows: Array<Record<string, unknown>> = Array.isArray(data)
        ? data.map(asRecord)
        : Object.entries(asRecord(data)).map(([code, v]) => ({ code, ...asRecord(v) }));
      return rows
        .map((r): TCentre => {
          const code = asString(r.code);
          return {
            id: code,
            name: asString(r.name),
            wilayaCode: asNumber(r.wilaya_id) ?? (asNumber(code.slice(0, 2)) || null),
            address: asString(r.address),
          };
        })
        .filter((c) => !options?.wilayaCode || c.wilayaCode === options.wilayaCode);
    },

    ...withoutDriverNotes(name),

    testConnection() {
      return connectionResult(
        name,
        async () => (await http.request({ method: 'GET', path: '/api/public/desks', query: { ...auth } })).data,
        (answer) => typeof answer === 'object' && answer !== null,
      );
    },
  };
}
