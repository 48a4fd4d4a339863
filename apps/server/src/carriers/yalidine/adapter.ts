import { adapterSetup, connectionResult, makeHttpClient, nothingToValidate } from '../adapter-config.js';
import { type TAdapterConfig, withoutDriverNotes } from '../adapter-config.js';
import { CarrierError, carrierCapabilities, type TCancelOutcome } from '../carrier.js';
import { type TCarrierAdapter, type TCentre } from '../carrier.js';
import type { TCarrierPayment, TCreateOutcome, TFeeRow, TParcelInput, TTracking } from '../carrier.js';
import { createdOutcome, createParcelsSafely, refusedOutcome, type TFound } from '../create-flow.js';
import { algiersToIso, asNumber, asRecord, asString, chunk, oldestFirst, splitFullName } from '../parcel-format.js';
import { trackingEvent } from '../parcel-format.js';
import { yalidineStatuses } from './statuses.js';

/**
 * Yalidine and Guepex (same API, other base URL): CARRIERS.md 3.1, decision 0017.
 * Auth X-API-ID / X-API-TOKEN; quotas 5/s, 50/min, 1000/h, 10000/day with x-*-quota-left headers;
 * parcels created in batches keyed by our order_id; labels are public URLs; no validate step.
 */
const BATCH_SIZE = 50;
const PAGE_SIZE = 1000;
/** A parcel created through the API starts "En préparation" (the only editable/deletable status). */
const INITIAL_STATUS = 'En préparation';

type TList = { has_more?: boolean; data?: unknown[] };

/** A parcel as Yalidine answers it (on creation and in its parcel list): tracking, label link, status. */
function parcelAtYalidine(row: Record<string, unknown>, status: string) {
  const labelUrl = asString(row.label);
  return {
    trackingNumber: asString(row.tracking),
    ...(labelUrl ? { labelUrl } : {}),
    status: yalidineStatuses.map(status),
  };
}

export function createYalidineAdapter(config: TAdapterConfig): TCarrierAdapter {
  const { name, log, credential, settleMs } = adapterSetup('yalidine', config);
  const http = makeHttpClient('yalidine', config, {
    headers: { 'X-API-ID': credential('api_id'), 'X-API-TOKEN': credential('api_token') },
    quotaPauseMs: yalidineQuotaPause,
  });

  async function list(path: string, query: Record<string, string | number>): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; page <= 50; page++) {
      const { data } = await http.request<TList>({
        method: 'GET',
        path,
        query: { ...query, page, page_size: PAGE_SIZE },
      });
      rows.push(...(data?.data ?? []).map(asRecord));
      if (!data?.has_more) break;
    }
    return rows;
  }

  /** Tracking numbers by groups of 100, the most the parcel list filter takes. */
  function trackingGroups(trackings: string[]): string[][] {
    return chunk([...new Set(trackings)], 100);
  }

  function parcelsOf(group: string[], fields: string) {
    return list('/parcels/', { tracking: group.join(','), fields });
  }

  function toPayload(p: TParcelInput): Record<string, unknown> {
    const { firstName, familyName } = splitFullName(p.customer.fullName);
    const stopdesk = p.delivery.type === 'stopdesk';
    return {
      order_id: p.reference,
      from_wilaya_name: config.senderWilayaName ?? p.wilaya.name,
      firstname: firstName,
      familyname: familyName,
      contact_phone: [p.customer.phone, p.customer.phone2].filter(Boolean).join(','),
      address: p.address,
      to_commune_name: p.commune.name,
      to_wilaya_name: p.wilaya.name,
      product_list: p.productSummary,
      price: Math.round(p.codAmount),
      do_insurance: false,
      declared_value: Math.round(p.declaredValue ?? p.codAmount),
      length: 0,
      width: 0,
      height: 0,
      weight: Math.ceil(p.weightKg ?? 0),
      freeshipping: p.freeShipping,
      is_stopdesk: stopdesk,
      ...(p.delivery.type === 'stopdesk' ? { stopdesk_id: p.delivery.stopDeskId } : {}),
      has_exchange: Boolean(p.exchange),
      ...(p.exchange ? { product_to_collect: p.exchange.productToCollect } : {}),
    };
  }

  async function send(batch: TParcelInput[]): Promise<TCreateOutcome[]> {
    const { data } = await http.request<Record<string, unknown>>({
      method: 'POST',
      path: '/parcels/',
      json: batch.map(toPayload),
    });
    const body = asRecord(data);
    return batch.map((p): TCreateOutcome => {
      const entry = asRecord(body[p.reference]);
      if (entry.success === true && asString(entry.tracking)) {
        return createdOutcome(p.reference, parcelAtYalidine(entry, INITIAL_STATUS), false);
      }
      if (entry.success === false) {
        return refusedOutcome(p.reference, http.refusal(entry, `${name} refused this parcel`));
      }
      return { reference: p.reference, ok: false, ambiguous: true, message: `${name} gave no answer for this parcel` };
    });
  }

  async function lookup(references: string[]): Promise<Map<string, TFound>> {
    const found = new Map<string, TFound>();
    for (const refs of chunk(references, 100)) {
      const rows = await list('/parcels/', { order_id: refs.join(',') });
      for (const row of rows) {
        const reference = asString(row.order_id);
        if (!refs.includes(reference) || found.has(reference)) continue;
        found.set(
          reference,
          createdOutcome(reference, parcelAtYalidine(row, asString(row.last_status) || INITIAL_STATUS), true),
        );
      }
    }
    return found;
  }

  async function getParcel(tracking: string): Promise<Record<string, unknown> | null> {
    const { data } = await http.request<TList>({
      method: 'GET',
      path: `/parcels/${encodeURIComponent(tracking)}`,
      acceptStatuses: [404],
    });
    const row = data?.data?.[0];
    return row ? asRecord(row) : null;
  }

  return {
    kind: 'yalidine',
    capabilities: carrierCapabilities({
      batchSize: BATCH_SIZE,
      label: 'url',
      webhooks: true,
      centres: true,
      fees: true,
      lookupByReference: true,
      // "Edit/delete only while last status is En préparation."
      cancellableStatuses: ['created'],
    }),

    createParcels(parcels, options) {
      return createParcelsSafely(
        { carrier: name, batchSize: BATCH_SIZE, send, lookup, log, settleMs },
        parcels,
        options,
      );
    },

    // Yalidine has no validation call: a created parcel is picked up as it is.
    validateParcels: nothingToValidate,

    async cancelParcel(tracking): Promise<TCancelOutcome> {
      const { data } = await http.request<unknown>({
        method: 'DELETE',
        path: `/parcels/${encodeURIComponent(tracking)}`,
        idempotent: true,
        acceptStatuses: [404],
      });
      const rows = Array.isArray(data) ? data : Object.values(asRecord(data));
      const entry = rows.map(asRecord).find((r) => asString(r.tracking) === tracking) ?? asRecord(data);
      if (entry.deleted === true) return { ok: true };
      // A retried DELETE answers "deleted: false" for a parcel the first attempt removed.
      if ((await getParcel(tracking).catch(() => undefined)) === null) return { ok: true };
      return {
        ok: false,
        allowed: false,
        message: `${name} only cancels parcels that are still "${INITIAL_STATUS}"`,
      };
    },

    async getLabel(tracking) {
      const parcel = await getParcel(tracking);
      if (!parcel)
        throw new CarrierError({ code: 'not_found', carrier: name, message: `${name} does not know ${tracking}` });
      const url = asString(parcel.label);
      return url ? { kind: 'url', url } : { kind: 'none', reason: `${name} has no label for this parcel yet` };
    },

    async getTracking(trackings) {
      const out: TTracking[] = [];
      for (const group of trackingGroups(trackings)) {
        const parcels = await parcelsOf(group, 'tracking,last_status,date_last_status');
        const history = await list('/histories/', { tracking: group.join(',') });
        for (const trackingNumber of group) {
          const parcel = parcels.find((p) => asString(p.tracking) === trackingNumber);
          const events = oldestFirst(
            history
              .filter((h) => asString(h.tracking) === trackingNumber)
              .map((h) =>
                trackingEvent(algiersToIso(asString(h.date_status)), yalidineStatuses.map(asString(h.status)), {
                  reason: asString(h.reason),
                  location: asString(h.center_name) || asString(h.commune_name),
                }),
              ),
          );
          const lastStatus = parcel ? asString(parcel.last_status) : '';
          out.push({
            trackingNumber,
            current: parcel ? yalidineStatuses.map(lastStatus || INITIAL_STATUS) : null,
            events,
          });
        }
      }
      return out;
    },

    // Decision 0113: the parcel's `payment_status` (CARRIERS.md 3.1: not-ready, ready, receivable,
    // payed); what was paid is the parcel's own price less its delivery fee when it gives both.
    async getPayments(trackings) {
      const out: TCarrierPayment[] = [];
      for (const group of trackingGroups(trackings)) {
        const parcels = await parcelsOf(group, 'tracking,payment_status,payment_id,price,delivery_fee');
        for (const parcel of parcels) {
          const trackingNumber = asString(parcel.tracking);
          if (!group.includes(trackingNumber) || asString(parcel.payment_status) !== 'payed') continue;
          const price = asNumber(parcel.price);
          const fee = asNumber(parcel.delivery_fee);
          const paymentId = asString(parcel.payment_id);
          out.push({
            trackingNumber,
            amount: price === null || fee === null ? null : price - fee,
            ...(paymentId ? { paymentId } : {}),
          });
        }
      }
      return out;
    },

    async getFees({ fromWilayaCode, toWilayaCodes }) {
      const targets = toWilayaCodes ?? Array.from({ length: 58 }, (_, i) => i + 1);
      const rows: TFeeRow[] = [];
      for (const to of targets) {
        const { data } = await http.request<Record<string, unknown>>({
          method: 'GET',
          path: '/fees/',
          query: { from_wilaya_id: fromWilayaCode, to_wilaya_id: to },
        });
        rows.push(feeRowFromYalidine(to, asRecord(data)));
      }
      return rows;
    },

    async getCentres(options) {
      const rows = await list('/centers/', options?.wilayaCode ? { wilaya_id: options.wilayaCode } : {});
      return rows.map((c): TCentre => ({
        id: asString(c.center_id),
        name: asString(c.name),
        wilayaCode: asNumber(c.wilaya_id),
        wilayaName: asString(c.wilaya_name),
        communeName: asString(c.commune_name),
        address: asString(c.address),
      }));
    },

    ...withoutDriverNotes(name),

    testConnection() {
      return connectionResult(
        name,
        async () => (await http.request({ method: 'GET', path: '/wilayas/', query: { page_size: 1 } })).data,
        (answer) => Array.isArray(asRecord(answer).data),
      );
    },
  };
}

/**
 * Fees are per destination commune (express_home / express_desk). The wilaya row carries the
 * lowest of each so the seller's default fee is never above what the carrier charges; the commune
 * detail is kept for screens that price by commune.
 */
export function feeRowFromYalidine(wilayaCode: number, body: Record<string, unknown>): TFeeRow {
  const perCommune = Object.values(asRecord(body.per_commune)).map(asRecord);
  const communes = perCommune.map((c) => ({
    name: asString(c.commune_name),
    home: asNumber(c.express_home),
    stopDesk: asNumber(c.express_desk),
  }));
  const min = (values: Array<number | null>) => {
    const present = values.filter((v): v is number => v !== null);
    return present.length ? Math.min(...present) : null;
  };
  return {
    wilayaCode,
    home: min(communes.map((c) => c.home)),
    stopDesk: min(communes.map((c) => c.stopDesk)),
    communes,
  };
}

/**
 * CARRIERS.md 3.1: "remaining quota returned in x-second/minute/hour/day-quota-left; over quota ->
 * 429; repeated overruns -> temporary bans". An exhausted window pauses every request until it resets.
 */
export function yalidineQuotaPause(headers: Headers, nowMs: number): number | undefined {
  const left = (name: string) => {
    const value = headers.get(`x-${name}-quota-left`);
    return value === null ? undefined : Number(value);
  };
  const algiers = nowMs + 3_600_000;
  const untilNext = (period: number) => period - (algiers % period);
  if (left('day') === 0) return untilNext(86_400_000);
  if (left('hour') === 0) return untilNext(3_600_000);
  if (left('minute') === 0) return untilNext(60_000);
  if (left('second') === 0) return untilNext(1_000);
  return undefined;
}
