import { isoToAlgiers } from '../../parcel-format.js';
import { acceptedCredential, bearer, fieldText, json, type TDialectContext, type TDialectHandler } from '../dialect.js';
import type { TSandboxRequest } from '../dialect.js';
import type { TOperation } from '../faults.js';
import { allWilayas, communesOf, findCommune, findWilaya, sandboxFee } from '../geo.js';
import { minimalPdf } from '../pdf.js';
import { ECOTRACK_WORDING_BY_KEY } from '../scenarios.js';
import type { TSandboxParcel } from '../store.js';

/** EcoTrack dialect (paths after /ecotrack/<tenant>). Shapes from the Postman-derived reference (CARRIERS.md 3.2). */
const PER_PAGE = 40;
const INVALID = 'The given data was invalid.';

export const ecotrackDialect: TDialectHandler = {
  dialect: 'ecotrack',

  operation(req): TOperation {
    const p = req.path;
    if (p.startsWith('/api/v1/create/')) return 'create';
    if (p === '/api/v1/get/orders') return 'lookup';
    if (p === '/api/v1/valid/order') return 'validate';
    if (p === '/api/v1/delete/order') return 'cancel';
    if (p === '/api/v1/get/order/label') return 'label';
    if (p.includes('/maj')) return 'notes';
    if (p.includes('tracking') || p === '/api/v1/get/orders/status') return 'track';
    if (p === '/api/v1/get/fees') return 'fees';
    if (p === '/api/v1/get/communes') return 'centres';
    if (p === '/api/v1/validate/token') return 'auth';
    return 'other';
  },

  authenticate(req) {
    // Documented exceptions: these two take the token as a query parameter.
    const token =
      req.path === '/api/v1/validate/token' || req.path === '/api/v1/get/orders/status'
        ? (req.query.get('api_token') ?? undefined)
        : bearer(req.headers);
    if (req.path === '/api/v1/validate/token') return `ecotrack:${token ?? ''}`;
    return acceptedCredential(token) ? `ecotrack:${token}` : null;
  },

  unauthorized: () => json(401, { message: 'Unauthenticated.' }),
  rateLimited: (s) => json(429, { message: 'Too Many Attempts.' }, { 'retry-after': String(s) }),
  serverError: (status) => json(status, { message: 'Server Error' }),

  handle(req, ctx) {
    const q = req.query;
    const byTracking = (t: string | null) => (t ? ctx.store.byTracking('ecotrack', ctx.account, t) : undefined);
    switch (`${req.method} ${req.path}`) {
      case 'GET /api/v1/validate/token': {
        const ok = acceptedCredential(q.get('api_token') ?? undefined);
        return json(200, { success: ok, message: ok ? 'VALID_TOKEN' : 'INVALID_TOKEN' });
      }
      case 'POST /api/v1/create/order': {
        const result = createOne(Object.fromEntries(q), ctx);
        return 'bag' in result ? json(422, { message: INVALID, errors: result.bag }) : json(200, result);
      }
      case 'POST /api/v1/create/orders':
        return createMany(req, ctx);
      case 'POST /api/v1/valid/order': {
        const parcel = byTracking(q.get('tracking'));
        if (!parcel)
          return json(422, { message: INVALID, errors: { tracking: ['Le tracking sélectionné est invalide.'] } });
        ctx.emit(ctx.store.validate(parcel));
        return json(200, { success: true, message: 'Commande expedier avec succès' });
      }
      case 'DELETE /api/v1/delete/order': {
        const parcel = byTracking(q.get('tracking'));
        if (!parcel)
          return json(422, { message: INVALID, errors: { tracking: ['Le tracking sélectionné est invalide.'] } });
        if (parcel.validated) return json(200, { success: false, error: 10001, message: 'Commande non modifiable' });
        ctx.emit(ctx.store.cancel(parcel));
        parcel.deleted = true;
        return json(200, { success: true, message: 'Commande supprimée' });
      }
      case 'GET /api/v1/get/order/label': {
        const parcel = byTracking(q.get('tracking'));
        if (!parcel)
          return json(422, { message: INVALID, errors: { tracking: ['Le tracking sélectionné est invalide.'] } });
        return { status: 200, bytes: label(parcel), contentType: 'application/pdf' };
      }
      case 'POST /api/v1/add/maj': {
        const parcel = byTracking(q.get('tracking'));
        const content = fieldText(q.get('content'));
        if (!parcel || !content) {
          return json(422, {
            message: INVALID,
            errors: parcel
              ? { content: ['Le champ content est obligatoire.'] }
              : { tracking: ['Le tracking sélectionné est invalide.'] },
          });
        }
        parcel.notes.push({ at: ctx.now(), text: `Boutique Sandbox : ${content}` });
        return json(200, { success: true, message: 'Mise a jour avec success' });
      }
      case 'GET /api/v1/get/maj': {
        const parcel = byTracking(q.get('tracking'));
        return json(200, parcel ? notes(parcel) : []);
      }
      case 'GET /api/v1/get/tracking/info': {
        const parcel = byTracking(q.get('tracking'));
        if (!parcel)
          return json(422, { message: INVALID, errors: { tracking: ['Le tracking sélectionné est invalide.'] } });
        return json(200, {
          recipientName: parcel.fields.name,
          shippedBy: 'Boutique Sandbox',
          originCity: 16,
          destLocationCity: parcel.fields.wilayaCode,
          currentStation: `Station ${parcel.fields.wilayaName}`,
          activity: activity(parcel),
          reasons: [],
        });
      }
      case 'GET /api/v1/get/trackings/info': {
        const wanted = q.getAll('trackings[]');
        const out: Record<string, unknown> = {};
        for (const t of wanted) {
          const parcel = byTracking(t);
          if (!parcel) continue;
          const key = ctx.store.current(parcel).status;
          out[t] = { tracking: t, status: ECOTRACK_WORDING_BY_KEY[key] ?? key, activity: activity(parcel) };
        }
        return json(200, out);
      }
      case 'GET /api/v1/get/orders/status': {
        const wanted = fieldText(q.get('trackings')).split(',').filter(Boolean);
        const data: Record<string, unknown> = {};
        for (const t of wanted) {
          const parcel = byTracking(t);
          if (!parcel) continue;
          data[t] = {
            status: ctx.store.current(parcel).status,
            order_id: parcel.id,
            ...(parcel.driverPhone ? { driver_phone: parcel.driverPhone } : {}),
            activity: activity(parcel),
          };
        }
        return json(200, { data });
      }
      case 'GET /api/v1/get/orders':
        return listOrders(req, ctx);
      case 'GET /api/v1/get/wilayas':
        return json(
          200,
          allWilayas().map((w) => ({ wilaya_id: w.code, wilaya_name: w.name })),
        );
      case 'GET /api/v1/get/communes': {
        const only = Number(q.get('wilaya_id') ?? 0);
        const rows = allWilayas()
          .filter((w) => !only || w.code === only)
          .flatMap((w) =>
            communesOf(w.code).map((c, i) => ({
              nom: c.name,
              wilaya_id: w.code,
              code_postal: `${w.code}${String(i + 1).padStart(2, '0')}`,
              // The first commune of each wilaya (its chef-lieu in the reference data) has a desk.
              has_stop_desk: i === 0 ? 1 : 0,
            })),
          );
        return json(200, Object.fromEntries(rows.map((r, i) => [String(i), r])));
      }
      case 'GET /api/v1/get/fees': {
        const livraison = allWilayas().map((w) => {
          const fee = sandboxFee(w.code);
          return {
            wilaya_id: w.code,
            tarif: String(fee.home),
            tarif_stopdesk: fee.desk === null ? null : String(fee.desk),
          };
        });
        return json(200, { livraison, pickup: [], echange: [], recouvrement: [], retour: [] });
      }
      default:
        return json(404, { message: 'Not Found' });
    }
  },
};

type TCreateResult =
  | { success: true; tracking: string }
  | { success: false; error: number; message: string }
  | { bag: Record<string, string[]> };

function createOne(fields: Record<string, unknown>, ctx: TDialectContext): TCreateResult {
  const bag: Record<string, string[]> = {};
  const need = (field: string, label: string) => {
    if (!fieldText(fields[field])) bag[field] = [`Le champ ${label} est obligatoire.`];
  };
  need('nom_client', 'nom client');
  need('adresse', 'adresse');
  need('commune', 'commune');
  need('montant', 'montant');
  need('type', 'type');
  const phone = fieldText(fields.telephone);
  if (!/^\d{9,10}$/.test(phone)) bag.telephone = ['Le champ téléphone doit contenir entre 9 et 10 chiffres.'];
  const wilayaCode = Number(fields.code_wilaya);
  if (!Number.isInteger(wilayaCode) || wilayaCode < 1 || wilayaCode > 58) {
    bag.code_wilaya = ['Le champ code wilaya doit être entre 1 et 58.'];
  }
  if (fieldText(fields.montant) && !Number.isFinite(Number(fields.montant)))
    bag.montant = ['Le champ montant doit être un nombre.'];
  const stopdesk = Number(fields.stop_desk) === 1;
  if (stopdesk && !fieldText(fields.code_postal))
    bag.code_postal = ['Le code station est obligatoire pour le stop desk.'];
  const wilaya = bag.code_wilaya ? undefined : findWilaya(wilayaCode);
  if (wilaya && fieldText(fields.commune) && !findCommune(wilaya.code, fieldText(fields.commune))) {
    bag.commune = ['La commune sélectionnée est invalide.'];
  }
  if (Object.keys(bag).length) return { bag };
  const reference = fieldText(fields.reference);
  const refusal = ctx.faults.refusalFor('ecotrack', reference);
  if (refusal) return { success: false, error: 10002, message: refusal };
  const tenant = ctx.network
    .replace(/[^a-z]/gi, '')
    .toUpperCase()
    .padEnd(4, 'X')
    .slice(0, 4);
  const day = isoToAlgiers(ctx.now()).date.replace(/-/g, '').slice(2);
  const { parcel, changes } = ctx.store.create({
    dialect: 'ecotrack',
    account: ctx.account,
    network: ctx.network,
    reference,
    tracking: (seq) => `EC${tenant}${day}${String(seq).padStart(4, '0')}`,
    // EcoTrack parcels wait at the seller until valid/order.
    startsOnCreation: false,
    fields: {
      name: fieldText(fields.nom_client),
      phone,
      address: fieldText(fields.adresse),
      wilayaCode: wilaya!.code,
      wilayaName: wilaya!.name,
      commune: fieldText(fields.commune),
      cod: Number(fields.montant),
      stopdesk,
      ...(stopdesk ? { stopdeskId: fieldText(fields.code_postal) } : {}),
      product: fieldText(fields.produit),
      raw: fields,
    },
  });
  ctx.emit(changes);
  return { success: true, tracking: parcel.tracking };
}

function createMany(req: TSandboxRequest, ctx: TDialectContext) {
  const orders = (req.body as { orders?: unknown } | null)?.orders;
  if (!orders || typeof orders !== 'object')
    return json(422, { message: INVALID, errors: { orders: ['Le champ orders est obligatoire.'] } });
  const entries = Object.entries(orders as Record<string, Record<string, unknown>>);
  if (entries.length > 100) return json(422, { message: INVALID, errors: { orders: ['100 commandes maximum.'] } });
  const results: Record<string, unknown> = {};
  for (const [index, fields] of entries) {
    const result = createOne(fields ?? {}, ctx);
    results[fieldText(fields?.reference) || index] = 'bag' in result ? result.bag : result;
  }
  return json(200, { results });
}

function activity(parcel: TSandboxParcel) {
  return parcel.history
    .filter((h) => h.event)
    .map((h) => {
      const t = isoToAlgiers(h.at);
      return {
        date: t.date,
        time: t.time,
        status: h.event,
        station: h.step === 'validated' ? '' : `Station ${parcel.fields.wilayaName}`,
        ...(h.reason ? { reason: h.reason } : {}),
      };
    });
}

function notes(parcel: TSandboxParcel) {
  const driver = parcel.history
    .filter((h) => h.step === 'failed_attempt' || h.step === 'postponed')
    .map((h) => ({
      at: h.at,
      text: `Livreur : ${h.reason}`,
      station: `Station ${parcel.fields.wilayaName}`,
      driver: 'Livreur Sandbox',
    }));
  return [...parcel.notes, ...driver]
    .sort((a, b) => a.at - b.at)
    .map((n) => ({
      remarque: n.text,
      station: n.station ?? '',
      livreur: n.driver ?? '',
      created_at: isoToAlgiers(n.at).dateTime,
      tracking: parcel.tracking,
    }));
}

function listOrders(req: TSandboxRequest, ctx: TDialectContext) {
  const q = req.query;
  const tracking = q.get('tracking');
  const start = q.get('start_date');
  const end = q.get('end_date');
  const rows = ctx.store
    .find('ecotrack', ctx.account, (p) => {
      const day = isoToAlgiers(p.createdAt).date;
      return (!tracking || p.tracking === tracking) && (!start || day >= start) && (!end || day <= end);
    })
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((p) => ({
      tracking: p.tracking,
      reference: p.reference,
      client: p.fields.name,
      phone: p.fields.phone,
      adresse: p.fields.address,
      commune: p.fields.commune,
      wilaya_id: p.fields.wilayaCode,
      montant: String(p.fields.cod),
      tarif_prestation: String(sandboxFee(p.fields.wilayaCode).home),
      type_id: 1,
      created_at: isoToAlgiers(p.createdAt).date,
      status: ctx.store.current(p).status,
      products: p.fields.product,
    }));
  const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
  const last = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  return json(200, {
    current_page: page,
    data: rows.slice((page - 1) * PER_PAGE, page * PER_PAGE),
    last_page: last,
    per_page: PER_PAGE,
    total: rows.length,
    next_page_url: page < last ? `?page=${page + 1}` : null,
  });
}

function label(parcel: TSandboxParcel): Buffer {
  return minimalPdf([
    parcel.tracking,
    parcel.fields.name,
    `${parcel.fields.commune} - ${parcel.fields.wilayaName}`,
    `${parcel.fields.phone}`,
    `COD ${parcel.fields.cod} DA`,
    parcel.fields.product,
  ]);
}
