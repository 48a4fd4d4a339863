import { adapterSetup, connectionResult, makeHttpClient, nothingToValidate } from '../adapter-config.js';
import { type TAdapterConfig, withoutDriverNotes } from '../adapter-config.js';
import { carrierCapabilities, type TCancelOutcome, type TCarrierAdapter, type TCreateOutcome } from '../carrier.js';
import type { TParcelInput, TTracking } from '../carrier.js';
import { createdOutcome, createParcelsSafely, lookUpEach } from '../create-flow.js';
import { refusedOutcome, sendEach, type TFound } from '../create-flow.js';
import { algiersToIso, asNumber, asRecord, asRecords, asString, internationalPhone } from '../parcel-format.js';
import { mapWithConcurrency, oldestFirst, trackingEvent } from '../parcel-format.js';
import { foldStatusText } from '../status-mapping.js';
import { zrStatuses } from './statuses.js';

/**
 * ZR Express, new platform (CARRIERS.md 3.3): X-Api-Key + X-Tenant; addresses are territory
 * UUIDs found with territories/search; a customer is created before each parcel; the tracking
 * number is read back from GET parcels/{id}; Svix-signed webhooks (webhook.ts). Request and answer
 * shapes follow public integrations (dzcouriers, HarpAlgeria), not an official document we could
 * read: decision 0017 lists what is assumed.
 */
const CONCURRENCY = 4;

interface TTerritory {
  id: string;
  code: number | null;
  name: string;
  level: string;
  parentId: string;
}

export function createZrExpressAdapter(config: TAdapterConfig): TCarrierAdapter {
  const { name, log, credential, settleMs } = adapterSetup('zr_express', config);
  const http = makeHttpClient('zr_express', config, {
    headers: { 'X-Api-Key': credential('api_key'), 'X-Tenant': credential('tenant_id') },
  });
  const territoryCache = new Map<string, Promise<TTerritory[]>>();

  function searchTerritories(keyword: string): Promise<TTerritory[]> {
    const key = foldStatusText(keyword);
    let cached = territoryCache.get(key);
    if (!cached) {
      cached = http
        .request<unknown>({
          method: 'POST',
          path: '/territories/search',
          json: { keyword, pageSize: 100, pageNumber: 1 },
          idempotent: true,
        })
        .then(({ data }) =>
          asRecords(asRecord(data).items).map((t) => ({
            id: asString(t.id),
            code: asNumber(t.code),
            name: asString(t.name),
            level: asString(t.level),
            parentId: asString(t.parentId),
          })),
        );
      cached.catch(() => territoryCache.delete(key));
      territoryCache.set(key, cached);
    }
    return cached;
  }

  async function territoryIds(p: TParcelInput): Promise<{ city: string; district: string } | string> {
    const city = (await searchTerritories(p.wilaya.name)).find((t) => t.level === 'wilaya' && t.code === p.wilaya.code);
    if (!city) return `${name} has no territory for wilaya ${p.wilaya.name}`;
    if (p.commune.carrierId) return { city: city.id, district: p.commune.carrierId };
    const key = foldStatusText(p.commune.name);
    const district = (await searchTerritories(p.commune.name)).find(
      (t) => t.parentId === city.id && foldStatusText(t.name) === key,
    );
    return district
      ? { city: city.id, district: district.id }
      : `${name} has no territory for commune ${p.commune.name}`;
  }

  function found(reference: string, row: Record<string, unknown>, recovered: boolean): TFound {
    const id = asString(row.id);
    const tracking = asString(row.trackingNumber);
    const status = zrStatuses.map(asString(asRecord(row.state).name) || 'En préparation');
    // The tracking number may not be assigned yet: the parcel id stands in until a refresh.
    return createdOutcome(reference, { trackingNumber: tracking || id, carrierParcelId: id, status }, recovered);
  }

  async function sendOne(p: TParcelInput): Promise<TCreateOutcome> {
    const ids = await territoryIds(p);
    if (typeof ids === 'string') return refusedOutcome(p.reference, ids);
    const phone = {
      number1: internationalPhone(p.customer.phone),
      ...(p.customer.phone2 ? { number2: internationalPhone(p.customer.phone2) } : {}),
    };
    const customer = await http.request<unknown>({
      method: 'POST',
      path: '/customers/individual',
      json: { name: p.customer.fullName, phone },
      // A duplicate customer is harmless; a duplicate parcel is not (the parcel call is not idempotent).
      idempotent: true,
    });
    const customerId = asString(asRecord(customer.data).id);
    const created = await http.request<unknown>({
      method: 'POST',
      path: '/parcels',
      acceptStatuses: [400, 422],
      json: {
        customer: { customerId, name: p.customer.fullName, phone },
        deliveryAddress: { cityTerritoryId: ids.city, districtTerritoryId: ids.district, street: p.address },
        deliveryType: p.delivery.type === 'stopdesk' ? 'pickup-point' : 'home',
        ...(p.delivery.type === 'stopdesk' ? { hubId: p.delivery.stopDeskId } : {}),
        amount: Math.round(p.codAmount),
        description: p.productSummary,
        externalId: p.reference,
        orderedProducts: (p.products?.length ? p.products : [{ name: p.productSummary, quantity: 1 }]).map((x) => ({
          productName: x.name,
          quantity: x.quantity,
          unitPrice: 0,
          stockType: 'none',
        })),
      },
    });
    const id = asString(asRecord(created.data).id);
    if (created.status >= 300 || !id) {
      return refusedOutcome(p.reference, http.refusal(created.data, `${name} refused this parcel`));
    }
    const parcel = await http.request<unknown>({ method: 'GET', path: `/parcels/${encodeURIComponent(id)}` });
    return found(p.reference, { ...asRecord(parcel.data), id }, false);
  }

  const send = sendEach(sendOne, CONCURRENCY);

  const lookup = lookUpEach(async (reference) => {
    const { data } = await http.request<unknown>({
      method: 'POST',
      path: '/parcels/search',
      json: { pageNumber: 1, pageSize: 10, advancedSearch: { fields: ['externalId'], keyword: reference } },
      idempotent: true,
    });
    const row = asRecords(asRecord(data).items).find((r) => asString(r.externalId) === reference);
    return row && found(reference, row, true);
  }, CONCURRENCY);

  return {
    kind: 'zr_express',
    capabilities: carrierCapabilities({
      batchSize: 20,
      label: 'url',
      webhooks: true,
      centres: true,
      fees: true,
      lookupByReference: true,
      cancellableStatuses: ['created', 'ready_to_ship', 'pickup_requested'],
    }),

    createParcels(parcels, options) {
      return createParcelsSafely({ carrier: name, batchSize: 20, send, lookup, log, settleMs }, parcels, options);
    },

    validateParcels: nothingToValidate,

    async cancelParcel(tracking): Promise<TCancelOutcome> {
      const { data } = await http.request<unknown>({
        method: 'POST',
        path: '/parcels/bulk/by-tracking-number',
        json: { trackingNumbers: [tracking] },
        idempotent: true,
      });
      if (asNumber(asRecord(data).successCount) === 1) return { ok: true };
      return { ok: false, allowed: false, message: `${name}: the parcel can no longer be deleted` };
    },

    async getLabel(tracking) {
      const { data } = await http.request<unknown>({
        method: 'POST',
        path: '/parcels/labels/individual/pdf',
        json: { trackingNumbers: [tracking], format: 'a6' },
        idempotent: true,
      });
      const url = asString(asRecords(asRecord(data).parcelLabelFiles)[0]?.fileUrl);
      return url ? { kind: 'url', url } : { kind: 'none', reason: `${name} has no label for this parcel yet` };
    },

    async getTracking(trackings) {
      return mapWithConcurrency([...new Set(trackings)], CONCURRENCY, async (trackingNumber): Promise<TTracking> => {
        const parcel = await http.request<unknown>({
          method: 'GET',
          path: `/parcels/${encodeURIComponent(trackingNumber)}`,
          acceptStatuses: [404],
        });
        if (parcel.status === 404) return { trackingNumber, current: null, events: [] };
        const history = await http.request<unknown>({
          method: 'GET',
          path: `/parcels/${encodeURIComponent(trackingNumber)}/state-history`,
        });
        const events = oldestFirst(
          asRecords(history.data).map((h) =>
            trackingEvent(algiersToIso(asString(h.createdAt)), zrStatuses.map(asString(asRecord(h.newState).name)), {
              reason: asString(asRecord(h.situation).name),
            }),
          ),
        );
        const current = asString(asRecord(asRecord(parcel.data).state).name);
        return { trackingNumber, current: current ? zrStatuses.map(current) : null, events };
      });
    },

    async getFees({ toWilayaCodes }) {
      const { data } = await http.request<unknown>({ method: 'GET', path: '/delivery-pricing/rates' });
      return asRecords(asRecord(data).rates)
        .map((r) => {
          const prices = asRecords(r.deliveryPrices);
          const price = (type: string) => asNumber(prices.find((x) => asString(x.deliveryType) === type)?.price);
          return { wilayaCode: asNumber(r.toTerritoryCode) ?? 0, home: price('home'), stopDesk: price('pickup-point') };
        })
        .filter((f) => f.wilayaCode > 0 && (!toWilayaCodes || toWilayaCodes.includes(f.wilayaCode)));
    },

    async getCentres(options) {
      const { data } = await http.request<unknown>({
        method: 'POST',
        path: '/hubs/search',
        json: { pageNumber: 1, pageSize: 1000 },
        idempotent: true,
      });
      return asRecords(asRecord(data).items)
        .map((h) => {
          const address = asRecord(h.address);
          return {
            id: asString(h.id),
            name: asString(h.name),
            wilayaCode: asNumber(h.territoryCode) ?? asNumber(address.cityCode),
            wilayaName: asString(address.city),
            communeName: asString(address.district),
            address: asString(address.street),
          };
        })
        .filter((c) => !options?.wilayaCode || c.wilayaCode === options.wilayaCode);
    },

    ...withoutDriverNotes(name),

    testConnection() {
      return connectionResult(
        name,
        async () =>
          (
            await http.request({
              method: 'POST',
              path: '/territories/search',
              json: { keyword: 'Alger', pageSize: 1, pageNumber: 1 },
              idempotent: true,
            })
          ).data,
        (answer) => Array.isArray(asRecord(answer).items),
      );
    },
  };
}
