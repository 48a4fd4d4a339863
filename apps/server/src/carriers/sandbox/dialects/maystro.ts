import { acceptedCredential, fieldText, headerValue, json, type TDialectContext } from '../dialect.js';
import type { TDialectHandler, TSandboxRequest } from '../dialect.js';
import type { TOperation } from '../faults.js';
import { allWilayas, communesOf, findWilaya } from '../geo.js';
import { minimalPdf } from '../pdf.js';
import type { TSandboxParcel } from '../store.js';

/** Maystro dialect (paths after /maystro/api). CARRIERS.md 3.4. */
export const maystroDialect: TDialectHandler = {
  dialect: 'maystro',

  operation(req): TOperation {
    const p = req.path;
    if (p === '/stores/orders/' && req.method === 'POST') return 'create';
    if (p === '/stores/orders/' && req.method === 'GET') return 'lookup';
    if (p.endsWith('/status/')) return 'cancel';
    if (p.startsWith('/delivery/starter/')) return 'label';
    if (p.startsWith('/stores/')) return 'track';
    if (p.startsWith('/base/wilayas')) return 'auth';
    return 'other';
  },

  authenticate(req) {
    const auth = headerValue(req.headers, 'authorization');
    const token = auth?.startsWith('Token ') ? auth.slice(6) : undefined;
    return acceptedCredential(token) ? `maystro:${token}` : null;
  },

  unauthorized: () => json(401, { detail: "Informations d'authentification non fournies." }),
  rateLimited: (s) => json(429, { detail: 'Requête ralentie.' }, { 'retry-after': String(s) }),
  serverError: (status) => json(status, { detail: 'Erreur du serveur' }),

  handle(req, ctx) {
    const p = req.path;
    const byId = (id: string) => ctx.store.byTracking('maystro', ctx.account, id);
    if (p === '/base/wilayas/' && req.method === 'GET') {
      return json(
        200,
        allWilayas().map((w) => ({ id: w.code, name: w.name, country: 1 })),
      );
    }
    if (p === '/base/communes/' && req.method === 'GET') {
      const wilaya = Number(req.query.get('wilaya'));
      return json(
        200,
        communesOf(wilaya).map((c) => ({ id: c.id, wilaya, name: c.name })),
      );
    }
    if (p === '/stores/orders/' && req.method === 'POST') return create(req, ctx);
    if (p === '/stores/orders/' && req.method === 'GET') {
      const ref = req.query.get('external_order_id');
      const rows = ctx.store.find('maystro', ctx.account, (x) => !ref || x.reference === ref).map((x) => row(x, ctx));
      return json(200, { list: { count: rows.length, next: null, previous: null, results: rows } });
    }
    let m = /^\/stores\/orders\/([^/]+)\/$/.exec(p);
    if (m && req.method === 'GET') {
      const parcel = byId(m[1]!);
      return parcel ? json(200, row(parcel, ctx)) : json(404, { detail: 'Pas trouvé.' });
    }
    m = /^\/stores\/history_order\/([^/]+)\/$/.exec(p);
    if (m && req.method === 'GET') {
      const parcel = byId(m[1]!);
      if (!parcel) return json(404, { detail: 'Pas trouvé.' });
      return json(
        200,
        parcel.history
          .filter((h) => h.event)
          .map((h) => ({
            status: Number(h.event),
            created_at: new Date(h.at).toISOString(),
            ...(h.reason ? { reason: h.reason } : {}),
          })),
      );
    }
    m = /^\/stores\/orders\/([^/]+)\/status\/$/.exec(p);
    if (m && req.method === 'PATCH') {
      const parcel = byId(m[1]!);
      if (!parcel) return json(404, { detail: 'Pas trouvé.' });
      if (Number((req.body as { status?: unknown } | undefined)?.status) !== 50)
        return json(400, { status: ['Statut non autorisé'] });
      if (!['created', 'validated', 'picked_up'].includes(ctx.store.current(parcel).step)) {
        return json(400, { detail: 'La commande ne peut plus être annulée' });
      }
      ctx.emit(ctx.store.cancel(parcel));
      return json(200, row(parcel, ctx));
    }
    if (p === '/delivery/starter/starter_bordureau/' && req.method === 'POST') {
      const ids = (req.body as { orders_ids?: unknown } | undefined)?.orders_ids;
      const parcels = (Array.isArray(ids) ? ids : []).map((id) => byId(String(id))).filter(Boolean) as TSandboxParcel[];
      if (!parcels.length) return json(400, { detail: 'Aucune commande' });
      return {
        status: 200,
        contentType: 'application/pdf',
        bytes: minimalPdf(parcels.flatMap((x) => [x.fields.name, x.id, `${x.fields.commune} ${x.fields.cod} DA`])),
      };
    }
    return json(404, { detail: 'Pas trouvé.' });
  },
};

function create(req: TSandboxRequest, ctx: TDialectContext) {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const wilaya = findWilaya(Number(b.wilaya));
  if (!wilaya) errors.wilaya = ['Wilaya invalide.'];
  const commune = wilaya ? communesOf(wilaya.code).find((c) => c.id === Number(b.commune)) : undefined;
  if (wilaya && !commune) errors.commune = ['Commune invalide pour cette wilaya.'];
  if (!/^\d{9,10}$/.test(fieldText(b.customer_phone))) errors.customer_phone = ['Numéro de téléphone invalide.'];
  if (!fieldText(b.customer_name)) errors.customer_name = ['Ce champ est obligatoire.'];
  if (!Number.isFinite(Number(b.product_price))) errors.product_price = ['Un nombre valide est requis.'];
  if (Object.keys(errors).length) return json(400, errors);
  const reference = fieldText(b.external_order_id);
  const refusal = ctx.faults.refusalFor('maystro', reference);
  if (refusal) return json(400, { detail: refusal });
  const { parcel, changes } = ctx.store.create({
    dialect: 'maystro',
    account: ctx.account,
    network: 'maystro',
    reference,
    id: (seq) => String(700_000 + seq),
    tracking: (seq) => String(700_000 + seq),
    startsOnCreation: true,
    fields: {
      name: fieldText(b.customer_name),
      phone: fieldText(b.customer_phone),
      address: fieldText(b.destination_text),
      wilayaCode: wilaya!.code,
      wilayaName: wilaya!.name,
      commune: commune!.name,
      cod: Number(b.product_price),
      stopdesk: Number(b.delivery_type) === 1,
      product: JSON.stringify(b.products ?? []),
      raw: b,
    },
  });
  ctx.emit(changes);
  return json(201, row(parcel, ctx));
}

function row(x: TSandboxParcel, ctx: TDialectContext) {
  const current = ctx.store.current(x);
  return {
    id: Number(x.id),
    display_id: `MS${x.id}`,
    external_order_id: x.reference,
    status: Number(current.status),
    customer_name: x.fields.name,
    customer_phone: x.fields.phone,
    wilaya: x.fields.wilayaCode,
    commune_name: x.fields.commune,
    product_price: x.fields.cod,
    ...(current.step === 'failed_attempt'
      ? { alert_reason: current.reason, alerted_at: new Date(current.at).toISOString() }
      : {}),
  };
}
