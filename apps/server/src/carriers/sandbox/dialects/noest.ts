import { isoToAlgiers } from '../../parcel-format.js';
import { acceptedCredential, fieldText, json, type TDialectContext, type TDialectHandler } from '../dialect.js';
import type { TSandboxRequest } from '../dialect.js';
import type { TOperation } from '../faults.js';
import { allWilayas, findCommune, findWilaya } from '../geo.js';
import { minimalPdf } from '../pdf.js';

/** NOEST dialect (paths after /noest). CARRIERS.md 3.5. */
const INVALID = 'The given data was invalid.';

export const noestDialect: TDialectHandler = {
  dialect: 'noest',

  operation(req): TOperation {
    const p = req.path;
    if (p === '/api/public/create/order') return 'create';
    if (p === '/api/public/valid/order') return 'validate';
    if (p === '/api/public/delete/order') return 'cancel';
    if (p === '/api/public/get/order/label') return 'label';
    if (p === '/api/public/get/trackings/info') return 'track';
    if (p === '/api/public/desks') return 'centres';
    return 'other';
  },

  authenticate(req) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = fieldText(body.api_token) || req.query.get('api_token') || undefined;
    const guid = fieldText(body.user_guid) || req.query.get('user_guid') || undefined;
    // The label endpoint is called with the token alone (DZBuild): the token is the account.
    const needsGuid = req.path !== '/api/public/get/order/label';
    if (!acceptedCredential(token) || (needsGuid && !acceptedCredential(guid))) return null;
    return `noest:${token}`;
  },

  unauthorized: () => json(401, { success: false, message: 'unauthorized' }),
  rateLimited: (s) => json(429, { message: 'Too Many Attempts.' }, { 'retry-after': String(s) }),
  serverError: (status) => json(status, { message: 'Server Error' }),

  handle(req, ctx) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const byTracking = (t: unknown) => ctx.store.byTracking('noest', ctx.account, fieldText(t));
    switch (`${req.method} ${req.path}`) {
      case 'POST /api/public/create/order':
        return create(req, ctx);
      case 'POST /api/public/valid/order': {
        const parcel = byTracking(body.tracking);
        if (!parcel) return json(422, { message: INVALID, errors: { tracking: ['Tracking introuvable.'] } });
        ctx.emit(ctx.store.validate(parcel));
        return json(200, { success: true });
      }
      case 'POST /api/public/delete/order': {
        const parcel = byTracking(body.tracking);
        if (!parcel) return json(422, { message: INVALID, errors: { tracking: ['Tracking introuvable.'] } });
        if (parcel.validated)
          return json(200, { success: false, message: 'Commande déjà validée, suppression impossible' });
        ctx.emit(ctx.store.cancel(parcel));
        parcel.deleted = true;
        return json(200, { success: true });
      }
      case 'GET /api/public/get/order/label': {
        const parcel = byTracking(req.query.get('tracking'));
        if (!parcel) return json(404, { success: false, message: 'Tracking introuvable' });
        return {
          status: 200,
          contentType: 'application/pdf',
          bytes: minimalPdf([
            parcel.tracking,
            parcel.fields.name,
            parcel.fields.commune,
            `COD ${parcel.fields.cod} DA`,
          ]),
        };
      }
      case 'POST /api/public/get/trackings/info': {
        const wanted = Array.isArray(body.trackings) ? body.trackings.map(fieldText) : [];
        const out: Record<string, unknown> = {};
        for (const t of wanted) {
          const parcel = byTracking(t);
          if (!parcel) continue;
          out[t] = {
            OrderInfo: { tracking: parcel.tracking, reference: parcel.reference, client: parcel.fields.name },
            activity: parcel.history
              .filter((h) => h.event)
              .map((h) => ({
                event_key: h.event,
                event: h.label ?? h.event,
                date: isoToAlgiers(h.at).dateTime,
                ...(h.reason ? { causes: h.reason } : {}),
              })),
          };
        }
        return json(200, out);
      }
      case 'GET /api/public/desks':
        return json(
          200,
          Object.fromEntries(
            allWilayas().map((w) => {
              const code = `${String(w.code).padStart(2, '0')}A`;
              return [
                code,
                { code, name: `Station ${w.name}`, address: `Centre ville, ${w.name}`, phones: ['0550000000'] },
              ];
            }),
          ),
        );
      default:
        return json(404, { message: 'Not Found' });
    }
  },
};

function create(req: TSandboxRequest, ctx: TDialectContext) {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const field of ['client', 'adresse', 'commune', 'montant', 'produit', 'type_id', 'poids']) {
    if (!fieldText(b[field])) errors[field] = [`Le champ ${field} est obligatoire.`];
  }
  if (!/^\d{9,10}$/.test(fieldText(b.phone))) errors.phone = ['Le téléphone doit contenir 9 ou 10 chiffres.'];
  const wilaya = findWilaya(Number(b.wilaya_id));
  if (!wilaya) errors.wilaya_id = ['Wilaya invalide.'];
  else if (fieldText(b.commune) && !findCommune(wilaya.code, fieldText(b.commune)))
    errors.commune = ['Commune invalide.'];
  const stopdesk = Number(b.stop_desk) === 1;
  if (stopdesk && !fieldText(b.station_code))
    errors.station_code = ['Le code station est obligatoire pour le stop desk.'];
  if (Object.keys(errors).length) return json(422, { message: INVALID, errors });
  const reference = fieldText(b.reference);
  const refusal = ctx.faults.refusalFor('noest', reference);
  if (refusal) return json(200, { success: false, message: refusal });
  const { parcel, changes } = ctx.store.create({
    dialect: 'noest',
    account: ctx.account,
    network: 'noest',
    reference,
    tracking: (seq) => `NOE${String(seq).padStart(7, '0')}`,
    startsOnCreation: false,
    fields: {
      name: fieldText(b.client),
      phone: fieldText(b.phone),
      address: fieldText(b.adresse),
      wilayaCode: wilaya!.code,
      wilayaName: wilaya!.name,
      commune: fieldText(b.commune),
      cod: Number(b.montant),
      stopdesk,
      ...(stopdesk ? { stopdeskId: fieldText(b.station_code) } : {}),
      product: fieldText(b.produit),
      raw: Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'api_token' && k !== 'user_guid')),
    },
  });
  ctx.emit(changes);
  return json(200, { success: true, tracking: parcel.tracking });
}
