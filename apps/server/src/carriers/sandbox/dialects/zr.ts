import crypto from 'node:crypto';
import { foldStatusText } from '../../status-mapping.js';
import { acceptedCredential, fieldText, headerValue, json, type TDialectContext } from '../dialect.js';
import type { TDialectHandler, TSandboxRequest } from '../dialect.js';
import type { TOperation } from '../faults.js';
import { allWilayas, communesOf, sandboxFee } from '../geo.js';
import type { TSandboxParcel } from '../store.js';

/** ZR Express dialect (paths after /zr/api/v1): the shapes public integrations use (CARRIERS.md 3.3). */
const wilayaId = (code: number) => `00000000-0000-4000-8000-${String(code).padStart(12, '0')}`;
const communeId = (id: number) => `00000000-0000-4000-9000-${String(id).padStart(12, '0')}`;

export const zrDialect: TDialectHandler = {
  dialect: 'zr',

  operation(req): TOperation {
    const p = req.path;
    if (p === '/parcels' && req.method === 'POST') return 'create';
    if (p === '/parcels/search') return 'lookup';
    if (p === '/parcels/bulk/by-tracking-number') return 'cancel';
    if (p.startsWith('/parcels/labels')) return 'label';
    if (p.startsWith('/parcels/')) return 'track';
    if (p === '/delivery-pricing/rates') return 'fees';
    if (p === '/hubs/search') return 'centres';
    if (p === '/territories/search') return 'auth';
    return 'other';
  },

  authenticate(req) {
    const key = headerValue(req.headers, 'x-api-key');
    const tenant = headerValue(req.headers, 'x-tenant');
    return acceptedCredential(key, tenant) ? `zr:${tenant}:${key}` : null;
  },

  unauthorized: () => json(401, { title: 'Unauthorized', status: 401, detail: 'Invalid API key or tenant' }),
  rateLimited: (s) => json(429, { title: 'Too Many Requests', status: 429 }, { 'retry-after': String(s) }),
  serverError: (status) => json(status, { title: 'Server Error', status }),

  handle(req, ctx) {
    const p = req.path;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (p === '/territories/search' && req.method === 'POST') {
      const key = foldStatusText(fieldText(body.keyword));
      const items = [
        ...allWilayas().map((w) => ({
          id: wilayaId(w.code),
          code: w.code,
          name: w.name,
          level: 'wilaya',
          parentId: null,
        })),
        ...allWilayas().flatMap((w) =>
          communesOf(w.code).map((c) => ({
            id: communeId(c.id),
            code: c.id,
            name: c.name,
            level: 'commune',
            parentId: wilayaId(w.code),
          })),
        ),
      ].filter((t) => !key || foldStatusText(t.name).includes(key));
      const size = Number(body.pageSize ?? 20) || 20;
      return json(200, { items: items.slice(0, size), totalCount: items.length, pageNumber: 1, pageSize: size });
    }
    if (p === '/customers/individual' && req.method === 'POST') return json(201, { id: crypto.randomUUID() });
    if (p === '/parcels' && req.method === 'POST') return create(req, ctx);
    if (p === '/parcels/search' && req.method === 'POST') {
      const keyword = fieldText(asObject(body.advancedSearch).keyword);
      const items = ctx.store
        .find('zr', ctx.account, (x) => !keyword || x.reference === keyword || x.tracking === keyword)
        .map((x) => row(x, ctx));
      return json(200, { items, totalCount: items.length });
    }
    if (p === '/parcels/bulk/by-tracking-number' && req.method === 'POST') {
      const list = Array.isArray(body.trackingNumbers) ? body.trackingNumbers.map(fieldText) : [];
      let successCount = 0;
      for (const t of list) {
        const parcel = ctx.store.byTracking('zr', ctx.account, t);
        if (parcel && ctx.store.current(parcel).step === 'created') {
          ctx.emit(ctx.store.cancel(parcel));
          parcel.deleted = true;
          successCount += 1;
        }
      }
      return json(200, { successCount, failureCount: list.length - successCount });
    }
    if (p === '/parcels/labels/individual/pdf' && req.method === 'POST') {
      const list = Array.isArray(body.trackingNumbers) ? body.trackingNumbers.map(fieldText) : [];
      const files = list.flatMap((t) => {
        const parcel = ctx.store.byTracking('zr', ctx.account, t);
        return parcel ? [{ trackingNumber: t, fileUrl: ctx.store.labelUrl(ctx.publicUrl, parcel) }] : [];
      });
      return json(200, { parcelLabelFiles: files });
    }
    const history = /^\/parcels\/([^/]+)\/state-history$/.exec(p);
    if (history && req.method === 'GET') {
      const parcel = ctx.store.byTracking('zr', ctx.account, decodeURIComponent(history[1]!));
      if (!parcel) return json(404, { title: 'Not Found', status: 404 });
      return json(
        200,
        parcel.history
          .filter((h) => h.event)
          .map((h) => ({
            newState: { name: h.event, description: h.event },
            createdAt: new Date(h.at).toISOString(),
            ...(h.reason ? { situation: { name: h.reason } } : {}),
          })),
      );
    }
    const one = /^\/parcels\/([^/]+)$/.exec(p);
    if (one && req.method === 'GET') {
      const parcel = ctx.store.byTracking('zr', ctx.account, decodeURIComponent(one[1]!));
      return parcel ? json(200, row(parcel, ctx)) : json(404, { title: 'Not Found', status: 404 });
    }
    if (p === '/delivery-pricing/rates' && req.method === 'GET') {
      return json(200, {
        rates: allWilayas().map((w) => {
          const fee = sandboxFee(w.code);
          return {
            toTerritoryCode: w.code,
            toTerritoryName: w.name,
            deliveryPrices: [
              { deliveryType: 'home', price: fee.home },
              ...(fee.desk === null ? [] : [{ deliveryType: 'pickup-point', price: fee.desk }]),
            ],
          };
        }),
      });
    }
    if (p === '/hubs/search' && req.method === 'POST') {
      const items = allWilayas().map((w) => ({
        id: crypto
          .createHash('md5')
          .update(`hub-${w.code}`)
          .digest('hex')
          .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
        name: `Hub ${w.name}`,
        type: 'pickup-point',
        territoryCode: w.code,
        address: { street: `Centre ville, ${w.name}`, city: w.name, district: communesOf(w.code)[0]?.name ?? w.name },
      }));
      return json(200, { items, totalCount: items.length });
    }
    return json(404, { title: 'Not Found', status: 404 });
  },
};

function create(req: TSandboxRequest, ctx: TDialectContext) {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const address = asObject(b.deliveryAddress);
  const customer = asObject(b.customer);
  const errors: Array<{ code: string; description: string }> = [];
  const wilaya = allWilayas().find((w) => wilayaId(w.code) === fieldText(address.cityTerritoryId));
  const commune = wilaya
    ? communesOf(wilaya.code).find((c) => communeId(c.id) === fieldText(address.districtTerritoryId))
    : undefined;
  if (!wilaya) errors.push({ code: 'DeliveryAddress.City', description: 'Unknown city territory' });
  if (wilaya && !commune) errors.push({ code: 'DeliveryAddress.District', description: 'Unknown district territory' });
  if (!fieldText(customer.customerId)) errors.push({ code: 'Customer.Id', description: 'Customer is required' });
  if (!Number.isFinite(Number(b.amount))) errors.push({ code: 'Amount', description: 'Amount must be a number' });
  const reference = fieldText(b.externalId);
  const refusal = ctx.faults.refusalFor('zr', reference);
  if (refusal) errors.push({ code: 'Parcel.Refused', description: refusal });
  if (errors.length) {
    return json(400, {
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: errors.map((e) => e.description).join('; '),
      errors,
    });
  }
  const { parcel, changes } = ctx.store.create({
    dialect: 'zr',
    account: ctx.account,
    network: 'zr',
    reference,
    tracking: (seq) => `ZR${String(26_000_000 + seq)}`,
    startsOnCreation: true,
    fields: {
      name: fieldText(customer.name),
      phone: fieldText(asObject(customer.phone).number1),
      address: fieldText(address.street),
      wilayaCode: wilaya!.code,
      wilayaName: wilaya!.name,
      commune: commune!.name,
      cod: Number(b.amount),
      stopdesk: b.deliveryType === 'pickup-point',
      ...(b.hubId ? { stopdeskId: fieldText(b.hubId) } : {}),
      product: fieldText(b.description),
      raw: b,
    },
  });
  ctx.emit(changes);
  return json(201, { id: parcel.id });
}

function row(x: TSandboxParcel, ctx: TDialectContext) {
  return {
    id: x.id,
    trackingNumber: x.tracking,
    externalId: x.reference,
    amount: x.fields.cod,
    state: { name: ctx.store.current(x).status },
    deliveryType: x.fields.stopdesk ? 'pickup-point' : 'home',
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
