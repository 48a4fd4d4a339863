import { isoToAlgiers } from '../../parcel-format.js';
import { acceptedCredential, fieldText, headerValue, json, paginate, type TDialectContext } from '../dialect.js';
import type { TDialectHandler, TSandboxRequest } from '../dialect.js';
import type { TOperation } from '../faults.js';
import { allWilayas, communesOf, findCommune, findWilaya, sandboxFee, yalidineCentres } from '../geo.js';
import type { TSandboxParcel } from '../store.js';

/** Yalidine / Guepex dialect (paths after /yalidine/v1 or /guepex/v1). CARRIERS.md 3.1. */
const REQUIRED = [
  'order_id',
  'from_wilaya_name',
  'firstname',
  'familyname',
  'contact_phone',
  'address',
  'to_commune_name',
  'to_wilaya_name',
  'product_list',
] as const;

export const yalidineDialect: TDialectHandler = {
  dialect: 'yalidine',

  operation(req): TOperation {
    const p = req.path.replace(/\/+$/, '');
    if (p === '/parcels' && req.method === 'POST') return 'create';
    if (p === '/parcels' && req.method === 'GET' && req.query.has('order_id')) return 'lookup';
    if (p.startsWith('/parcels') && req.method === 'DELETE') return 'cancel';
    if (p.startsWith('/histories') || p.startsWith('/parcels')) return 'track';
    if (p.startsWith('/fees')) return 'fees';
    if (p.startsWith('/centers')) return 'centres';
    if (p.startsWith('/wilayas')) return 'auth';
    return 'other';
  },

  authenticate(req) {
    const id = headerValue(req.headers, 'x-api-id');
    const token = headerValue(req.headers, 'x-api-token');
    return acceptedCredential(id, token) ? `yalidine:${id}` : null;
  },

  unauthorized: () => json(401, { error: { code: 401, message: 'Unauthorized: invalid X-API-ID or X-API-TOKEN' } }),
  rateLimited: (s) => json(429, { error: { code: 429, message: 'Too Many Requests' } }, { 'retry-after': String(s) }),
  serverError: (status) => json(status, { error: { code: status, message: 'Service temporarily unavailable' } }),

  handle(req, ctx) {
    const p = req.path.replace(/\/+$/, '') || '/';
    const one = /^\/(parcels|histories)\/([^/]+)$/.exec(p);
    if (p === '/wilayas' && req.method === 'GET') {
      const rows = allWilayas().map((w) => ({
        id: w.code,
        name: w.name,
        zone: sandboxFee(w.code).zone,
        is_deliverable: 1,
      }));
      return json(200, withLinks(paginate(rows, req.query)));
    }
    if (p === '/centers' && req.method === 'GET') return centers(req, ctx);
    if (p === '/fees' && req.method === 'GET') return fees(req);
    if (p === '/parcels' && req.method === 'POST') return create(req, ctx);
    if (p === '/parcels' && req.method === 'GET') {
      const wantTracking = csv(req.query.get('tracking'));
      const wantOrder = csv(req.query.get('order_id'));
      const rows = ctx.store
        .find('yalidine', ctx.account, (x) => x.network === ctx.network)
        .filter(
          (x) =>
            (!wantTracking || wantTracking.includes(x.tracking)) && (!wantOrder || wantOrder.includes(x.reference)),
        )
        .map((x) => parcelRow(x, ctx));
      return json(200, withLinks(paginate(rows, req.query)));
    }
    if (one?.[1] === 'parcels' && req.method === 'GET') {
      const parcel = ctx.store.byTracking('yalidine', ctx.account, decodeURIComponent(one[2]!));
      return json(200, { has_more: false, total_data: parcel ? 1 : 0, data: parcel ? [parcelRow(parcel, ctx)] : [] });
    }
    if (one?.[1] === 'parcels' && req.method === 'DELETE') {
      const tracking = decodeURIComponent(one[2]!);
      const parcel = ctx.store.byTracking('yalidine', ctx.account, tracking);
      // "Edit/delete only while last status is en préparation."
      const deletable = parcel && ctx.store.current(parcel).step === 'created';
      if (deletable) {
        ctx.emit(ctx.store.cancel(parcel));
        parcel.deleted = true;
      }
      return json(200, [{ tracking, deleted: Boolean(deletable) }]);
    }
    if (p === '/histories' || one?.[1] === 'histories') {
      const wanted = one ? [decodeURIComponent(one[2]!)] : csv(req.query.get('tracking'));
      const rows = ctx.store
        .find('yalidine', ctx.account, (x) => !wanted || wanted.includes(x.tracking))
        .flatMap((x) =>
          x.history
            .filter((h) => h.event)
            .map((h) => ({
              date_status: isoToAlgiers(h.at).dateTime,
              tracking: x.tracking,
              status: h.event,
              reason: h.reason ?? '',
              center_id: null,
              center_name: h.step === 'created' ? '' : `Centre de ${x.fields.commune}`,
              wilaya_id: x.fields.wilayaCode,
              wilaya_name: x.fields.wilayaName,
              commune_name: x.fields.commune,
            })),
        )
        .sort((a, b) => b.date_status.localeCompare(a.date_status));
      return json(200, withLinks(paginate(rows, req.query)));
    }
    return json(404, { error: { code: 404, message: 'Not found' } });
  },
};

function create(req: TSandboxRequest, ctx: TDialectContext) {
  if (!Array.isArray(req.body)) return json(400, { error: { code: 400, message: 'An array of parcels is expected' } });
  const items = req.body as Array<Record<string, unknown>>;
  const checks = items.map((item, i) => ({ item, error: validate(item, items, i, ctx) }));
  const invalid = checks.find((c) => c.error);
  if (ctx.options.yalidineBatchMode === 'all_or_nothing' && invalid) {
    // The official doc: "When an error occurs, the query will fail and no parcels will be created".
    return json(422, { error: { code: 422, message: `${fieldText(invalid.item.order_id)}: ${invalid.error}` } });
  }
  const importId = Math.floor(ctx.now() / 1000) % 1_000_000;
  const out: Record<string, unknown> = {};
  for (const { item, error } of checks) {
    const orderId = fieldText(item.order_id);
    if (error) {
      out[orderId] = { success: false, order_id: orderId, message: error };
      continue;
    }
    const wilaya = findWilaya(fieldText(item.to_wilaya_name))!;
    const prefix = ctx.network === 'guepex' ? 'gpx' : 'yal';
    const { parcel, changes } = ctx.store.create({
      dialect: 'yalidine',
      account: ctx.account,
      network: ctx.network,
      reference: orderId,
      tracking: (seq) => `${prefix}-${seq.toString(36).toUpperCase().padStart(5, '0')}${'ABCDEFGHJK'[seq % 10]}`,
      startsOnCreation: true,
      fields: {
        name: `${fieldText(item.firstname)} ${fieldText(item.familyname)}`,
        phone: fieldText(item.contact_phone),
        address: fieldText(item.address),
        wilayaCode: wilaya.code,
        wilayaName: wilaya.name,
        commune: fieldText(item.to_commune_name),
        cod: Number(item.price),
        stopdesk: item.is_stopdesk === true || item.is_stopdesk === 1,
        ...(item.stopdesk_id ? { stopdeskId: fieldText(item.stopdesk_id) } : {}),
        product: fieldText(item.product_list),
        raw: { ...item, import_id: importId },
      },
    });
    ctx.emit(changes);
    out[orderId] = {
      success: true,
      order_id: orderId,
      tracking: parcel.tracking,
      import_id: importId,
      label: labelUrl(parcel, ctx),
      labels: ctx.store.batchLabelUrl(ctx.publicUrl, ctx.network, `batch-${importId}`, parcel.tracking),
    };
  }
  return json(200, out);
}

function validate(
  item: Record<string, unknown>,
  all: Array<Record<string, unknown>>,
  index: number,
  ctx: TDialectContext,
) {
  for (const field of REQUIRED) if (!fieldText(item[field])) return `Le champ ${field} est obligatoire`;
  const orderId = fieldText(item.order_id);
  if (all.findIndex((x) => fieldText(x.order_id) === orderId) !== index) return `order_id ${orderId} est dupliqué`;
  const price = Number(item.price);
  if (!Number.isInteger(price) || price < 0 || price > 150_000) return 'Le prix doit être un entier entre 0 et 150000';
  const wilaya = findWilaya(fieldText(item.to_wilaya_name));
  if (!wilaya) return `La wilaya ${fieldText(item.to_wilaya_name)} n'existe pas`;
  if (!findCommune(wilaya.code, fieldText(item.to_commune_name))) {
    return `La commune ${fieldText(item.to_commune_name)} n'existe pas dans la wilaya ${wilaya.name}`;
  }
  if (item.is_stopdesk === true || item.is_stopdesk === 1) {
    const id = Number(item.stopdesk_id);
    if (!item.stopdesk_id) return 'stopdesk_id est obligatoire pour une livraison en stop desk';
    if (!yalidineCentres().some((c) => c.center_id === id))
      return `Le centre ${fieldText(item.stopdesk_id)} n'existe pas`;
  }
  return ctx.faults.refusalFor('yalidine', orderId);
}

function parcelRow(x: TSandboxParcel, ctx: TDialectContext) {
  const current = ctx.store.current(x);
  const raw = x.fields.raw;
  return {
    tracking: x.tracking,
    order_id: x.reference,
    firstname: raw.firstname,
    familyname: raw.familyname,
    contact_phone: x.fields.phone,
    address: x.fields.address,
    is_stopdesk: x.fields.stopdesk ? 1 : 0,
    stopdesk_id: x.fields.stopdeskId ? Number(x.fields.stopdeskId) : null,
    from_wilaya_name: raw.from_wilaya_name,
    to_commune_name: x.fields.commune,
    to_wilaya_id: x.fields.wilayaCode,
    to_wilaya_name: x.fields.wilayaName,
    product_list: x.fields.product,
    price: x.fields.cod,
    delivery_fee: x.fields.stopdesk
      ? (sandboxFee(x.fields.wilayaCode).desk ?? sandboxFee(x.fields.wilayaCode).home)
      : sandboxFee(x.fields.wilayaCode).home,
    freeshipping: raw.freeshipping ? 1 : 0,
    import_id: raw.import_id,
    date_creation: isoToAlgiers(x.createdAt).dateTime,
    date_last_status: isoToAlgiers(current.at).dateTime,
    last_status: current.status,
    ...paymentOf(current, ctx.now()),
    label: labelUrl(x, ctx),
  };
}

const PAID_AFTER_MS = 86_400_000;

/**
 * Decision 0113: deterministic payments. A delivered parcel is "ready" on its delivery day and
 * "payed" one sandbox day later, in the payment of that delivery day (PAY-YYYYMMDD), for its price
 * less its delivery fee; anything else is "not-ready".
 */
function paymentOf(current: { step: string; at: number }, now: number) {
  if (current.step !== 'delivered') return { payment_status: 'not-ready', payment_id: null };
  if (now - current.at < PAID_AFTER_MS) return { payment_status: 'ready', payment_id: null };
  return {
    payment_status: 'payed',
    payment_id: `PAY-${new Date(current.at).toISOString().slice(0, 10).replace(/-/g, '')}`,
  };
}

function centers(req: TSandboxRequest, ctx: TDialectContext) {
  const wilaya = Number(req.query.get('wilaya_id') ?? 0);
  const network = ctx.network.toLowerCase();
  const all = yalidineCentres();
  const own = all.filter((c) => (c.network ?? '').toLowerCase() === network);
  const rows = (own.length ? own : all)
    .filter((c) => !wilaya || c.wilaya_id === wilaya)
    .map((c) => ({
      center_id: c.center_id,
      name: c.name,
      address: c.address,
      gps: c.gps ?? null,
      commune_id: c.commune_id,
      commune_name: c.commune_name,
      wilaya_id: c.wilaya_id,
      wilaya_name: c.wilaya_name,
    }));
  return json(200, withLinks(paginate(rows, req.query)));
}

function fees(req: TSandboxRequest) {
  const from = findWilaya(Number(req.query.get('from_wilaya_id')));
  const to = findWilaya(Number(req.query.get('to_wilaya_id')));
  if (!from || !to) return json(422, { error: { code: 422, message: 'from_wilaya_id and to_wilaya_id are required' } });
  const fee = sandboxFee(to.code);
  const perCommune = Object.fromEntries(
    communesOf(to.code).map((c, i) => {
      // Outlying communes cost a little more, as in Yalidine's real grids.
      const extra = i % 4 === 3 ? 100 : 0;
      return [
        String(c.id),
        {
          commune_id: c.id,
          commune_name: c.name,
          express_home: fee.home + extra,
          express_desk: fee.desk === null ? null : fee.desk + extra,
          economic_home: null,
          economic_desk: null,
        },
      ];
    }),
  );
  return json(200, {
    from_wilaya_name: from.name,
    to_wilaya_name: to.name,
    zone: fee.zone,
    retour_fee: 200,
    cod_percentage: 1,
    insurance_percentage: 0,
    oversize_fee: 50,
    per_commune: perCommune,
  });
}

function labelUrl(x: TSandboxParcel, ctx: TDialectContext): string {
  return ctx.store.labelUrl(ctx.publicUrl, x);
}

function csv(value: string | null): string[] | null {
  return value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : null;
}

function withLinks(page: ReturnType<typeof paginate>) {
  const { has_more, total_data, data } = page;
  return { has_more, total_data, data, links: {} };
}
