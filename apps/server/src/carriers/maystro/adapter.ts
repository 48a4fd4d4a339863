import { adapterSetup, connectionResult, makeHttpClient, nothingToValidate } from '../adapter-config.js';
import { type TAdapterConfig, withoutDriverNotes } from '../adapter-config.js';
import { CarrierError, carrierCapabilities, type TCancelOutcome } from '../carrier.js';
import { type TCarrierAdapter, type TCreateOutcome } from '../carrier.js';
import type { TParcelInput, TTracking } from '../carrier.js';
import { createdOutcome, createParcelsSafely, lookUpEach } from '../create-flow.js';
import { refusedOutcome, sendEach, type TFound } from '../create-flow.js';
import { algiersToIso, asNumber, asRecord, asRecords, asString, localPhone } from '../parcel-format.js';
import { mapWithConcurrency, oldestFirst, trackingEvent } from '../parcel-format.js';
import { foldStatusText } from '../status-mapping.js';
import { maystroStatuses } from './statuses.js';

/**
 * Maystro Delivery (CARRIERS.md 3.4): `Authorization: Token <key>`, one order per POST
 * (stores/orders/), communes by Maystro's own numeric id (resolved by name through
 * base/communes/?wilaya=), numeric status codes, PDF labels (starter_bordureau), cancel = status 50.
 * The tracking number we keep is Maystro's order id: every documented endpoint takes it.
 */
const CONCURRENCY = 4;

export function createMaystroAdapter(config: TAdapterConfig): TCarrierAdapter {
  const { name, log, credential, settleMs } = adapterSetup('maystro', config);
  const http = makeHttpClient('maystro', config, { headers: { Authorization: `Token ${credential('api_token')}` } });
  const communeCache = new Map<number, Promise<Array<{ id: number; name: string }>>>();

  function communes(wilaya: number) {
    let cached = communeCache.get(wilaya);
    if (!cached) {
      cached = http
        .request<unknown>({ method: 'GET', path: '/base/communes/', query: { wilaya } })
        .then(({ data }) => asRecords(data).map((c) => ({ id: asNumber(c.id) ?? 0, name: asString(c.name) })));
      cached.catch(() => communeCache.delete(wilaya));
      communeCache.set(wilaya, cached);
    }
    return cached;
  }

  async function communeId(p: TParcelInput): Promise<number | null> {
    if (p.commune.carrierId) return Number(p.commune.carrierId);
    const key = foldStatusText(p.commune.name);
    return (await communes(p.wilaya.code)).find((c) => foldStatusText(c.name) === key)?.id ?? null;
  }

  function found(reference: string, row: Record<string, unknown>, recovered: boolean): TFound {
    const displayId = asString(row.display_id);
    const status = maystroStatuses.map(asString(row.status) || '4');
    const ids = { trackingNumber: asString(row.id), ...(displayId ? { carrierParcelId: displayId } : {}) };
    return createdOutcome(reference, { ...ids, status }, recovered);
  }

  async function sendOne(p: TParcelInput): Promise<TCreateOutcome> {
    const commune = await communeId(p);
    if (commune === null) return refusedOutcome(p.reference, `${name} does not deliver to ${p.commune.name}`);
    const { status, data } = await http.request<unknown>({
      method: 'POST',
      path: '/stores/orders/',
      acceptStatuses: [400, 422],
      json: {
        wilaya: p.wilaya.code,
        commune,
        destination_text: p.address,
        customer_phone: localPhone(p.customer.phone),
        customer_name: p.customer.fullName,
        product_price: Math.round(p.codAmount),
        delivery_type: p.delivery.type === 'stopdesk' ? 1 : 0,
        express: false,
        note_to_driver: p.note ?? '',
        products: (p.products?.length ? p.products : [{ name: p.productSummary, quantity: 1 }]).map((x) => ({
          quantity: x.quantity,
          logistical_description: x.name,
        })),
        source: 4,
        external_order_id: p.reference,
      },
    });
    const body = asRecord(data);
    if (status < 300 && asString(body.id)) return found(p.reference, body, false);
    return refusedOutcome(p.reference, http.refusal(body, flatten(body) || `${name} refused this order`));
  }

  const send = sendEach(sendOne, CONCURRENCY);

  const lookup = lookUpEach(async (reference) => {
    const { data } = await http.request<unknown>({
      method: 'GET',
      path: '/stores/orders/',
      query: { external_order_id: reference },
    });
    const row = asRecords(asRecord(asRecord(data).list).results).find(
      (r) => asString(r.external_order_id) === reference,
    );
    return row && found(reference, row, true);
  }, CONCURRENCY);

  return {
    kind: 'maystro',
    capabilities: carrierCapabilities({
      batchSize: 20,
      label: 'pdf',
      lookupByReference: true,
      // Assumed: before a driver has it (decision 0017); Maystro answers for itself anyway.
      cancellableStatuses: [
        'created',
        'pickup_requested',
        'in_process',
        'waiting_transit',
        'pending',
        'out_of_stock',
        'ready_to_ship',
      ],
    }),

    createParcels(parcels, options) {
      return createParcelsSafely({ carrier: name, batchSize: 20, send, lookup, log, settleMs }, parcels, options);
    },

    validateParcels: nothingToValidate,

    async cancelParcel(tracking): Promise<TCancelOutcome> {
      const { status, data } = await http.request<unknown>({
        method: 'PATCH',
        path: `/stores/orders/${encodeURIComponent(tracking)}/status/`,
        json: { status: 50 },
        idempotent: true,
        acceptStatuses: [400, 403, 422],
      });
      if (status < 300) return { ok: true };
      return { ok: false, allowed: false, message: http.refusal(data, `${name} refused the cancellation`) };
    },

    async getLabel(tracking) {
      const { data } = await http.request<Buffer>({
        method: 'POST',
        path: '/delivery/starter/starter_bordureau/',
        json: { orders_ids: [tracking] },
        responseType: 'bytes',
        idempotent: true,
      });
      if (data.subarray(0, 5).toString('latin1') !== '%PDF-') {
        return { kind: 'none', reason: `${name} label is not ready yet` };
      }
      return { kind: 'pdf', bytes: data };
    },

    async getTracking(trackings) {
      return mapWithConcurrency([...new Set(trackings)], CONCURRENCY, async (trackingNumber): Promise<TTracking> => {
        const order = await http.request<unknown>({
          method: 'GET',
          path: `/stores/orders/${encodeURIComponent(trackingNumber)}/`,
          acceptStatuses: [404],
        });
        if (order.status === 404) return { trackingNumber, current: null, events: [] };
        const row = asRecord(order.data);
        const history = await http.request<unknown>({
          method: 'GET',
          path: `/stores/history_order/${encodeURIComponent(trackingNumber)}/`,
        });
        const list = Array.isArray(history.data) ? history.data : asRecord(history.data).results;
        const events = oldestFirst(
          asRecords(list).map((h) =>
            trackingEvent(algiersToIso(asString(h.created_at)), maystroStatuses.map(asString(h.status)), {
              reason: asString(h.reason),
            }),
          ),
        );
        return { trackingNumber, current: maystroStatuses.map(asString(row.status)), events };
      });
    },

    async getFees() {
      throw CarrierError.unsupported(name, 'fee import (rates are not published through the API)');
    },
    async getCentres() {
      throw CarrierError.unsupported(name, 'a stop-desk list');
    },
    ...withoutDriverNotes(name, 'notes to the driver after creation'),

    testConnection() {
      return connectionResult(
        name,
        async () => (await http.request({ method: 'GET', path: '/base/wilayas/', query: { country: 1 } })).data,
        (answer) => Array.isArray(answer) || Array.isArray(asRecord(answer).results),
      );
    },
  };
}

function flatten(body: Record<string, unknown>): string {
  return Object.entries(body)
    .flatMap(([field, v]) => (Array.isArray(v) ? v.map((m) => `${field}: ${String(m)}`) : []))
    .join(' ');
}
