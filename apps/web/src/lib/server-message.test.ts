import { describe, expect, it } from 'vitest';
import { m, orderError, shippingOutcomeMessage, type TLocale } from '@cod/shared';
import messagesAr from '../locales/messages/ar.json';
import messagesEn from '../locales/messages/en';
import messagesFr from '../locales/messages/fr.json';
import { ApiError } from './api-client';
import { createI18n } from './i18n';
import { busyMessage, failureMessage, failureMessages, fieldMessages, translateServerMessage } from './server-message';

const BUNDLES = { en: messagesEn, fr: messagesFr, ar: messagesAr };
const tIn = (locale: TLocale) =>
  createI18n(locale, {
    [locale]: { translation: { errors: { unexpected: `unexpected:${locale}` }, ...BUNDLES[locale] } },
  }).t;

describe('translateServerMessage (docs/decisions/0041)', () => {
  it('translates a code with its params, the field name included', () => {
    const token = m('validation.required', { field: 'cost price' });
    expect(translateServerMessage(tIn('en'), token)).toBe('The cost price field is required.');
    expect(translateServerMessage(tIn('fr'), token)).toBe('Le champ prix de revient est obligatoire.');
    expect(translateServerMessage(tIn('ar'), token)).toBe('حقل سعر التكلفة مطلوب.');
    expect(
      translateServerMessage(tIn('fr'), { code: 'order.transition', params: { from: 'Nouvelle', to: 'Livrée' } }),
    ).toBe('Cette commande ne peut pas passer du statut « Nouvelle » au statut « Livrée ».');
  });

  it('names a missing plan feature in the user’s language (docs/decisions/0101)', () => {
    const refusal = { code: 'plan.feature_missing', params: { plan: 'Start', feature: 'intake_api' } };
    expect(translateServerMessage(tIn('en'), refusal)).toBe(
      'The Start plan does not include the order API. Upgrade your plan to use it.',
    );
    expect(translateServerMessage(tIn('fr'), refusal)).toBe(
      "La formule Start n'inclut pas l'API de commandes. Passez à une formule supérieure pour l'utiliser.",
    );
    expect(translateServerMessage(tIn('ar'), { ...refusal, params: { plan: 'Start', feature: 'analytics' } })).toBe(
      'لا تتضمن باقة Start ميزة الإحصائيات. رقِّ باقتك لاستخدامها.',
    );
  });

  it('builds the partial dispatch from codes, each order’s message translated', () => {
    const errors = [orderError(7, 'Commune introuvable'), orderError(9, m('shipping.not_served'))];
    const outcome = shippingOutcomeMessage('dispatch', 43, errors);
    expect(translateServerMessage(tIn('en'), outcome)).toBe(outcome.message);
    expect(translateServerMessage(tIn('fr'), outcome)).toBe(
      "43 commandes expédiées, mais 2 n'ont pas pu l'être : Commande 7 : Réponse de la société de livraison : Commune introuvable" +
        ' ; Commande 9 : Cette société de livraison ne livre pas dans cette wilaya.',
    );
    expect(translateServerMessage(tIn('ar'), outcome)).toContain(
      '؛ الطلب 9: لا توصل شركة التوصيل هذه إلى هذه الولاية.',
    );
  });

  it('says a file refusal’s {limit} with the language’s thousands separators, and the carrier it could not reach', () => {
    const rows = m('file.too_many_rows', { limit: 200_000 });
    expect(translateServerMessage(tIn('en'), rows)).toBe(
      'The file has more than 200,000 data rows. Split it into smaller files.',
    );
    expect(translateServerMessage(tIn('fr'), rows)).toMatch(
      /^Le fichier contient plus de 200\s000 lignes de données\./,
    );
    expect(translateServerMessage(tIn('ar'), rows)).toContain('200.000');
    const unreachable = orderError(
      4,
      m('carrier.message', { reason: m('carrier.unreachable', { carrier: 'Yalidine' }) }),
    );
    expect(unreachable.code).toBe('carrier.unreachable');
    expect(translateServerMessage(tIn('fr'), unreachable)).toBe(
      'Impossible de joindre Yalidine. Vérifiez son adresse et réessayez plus tard.',
    );
  });

  it('never shows a sentence it cannot read: unknown codes get their kind’s sentence, text the generic one', () => {
    const t = tIn('fr');
    expect(translateServerMessage(t, { code: 'not_found' })).toBe('Cet élément est introuvable.');
    expect(translateServerMessage(t, { code: 'order.some_future_rule', params: {} })).toBe(
      "L'opération n'a pas abouti.",
    );
    expect(translateServerMessage(t, 'The selected thing is invalid.')).toBe("L'opération n'a pas abouti.");
    expect(translateServerMessage(t, undefined)).toBeUndefined();
  });

  it('reads a failed call by its codes: the stock message first, per-field codes under their fields', () => {
    const t = tIn('ar');
    const stock = new ApiError(
      422,
      {
        message: 'Insufficient stock for "Pen"',
        code: 'stock.insufficient',
        params: { label: 'Pen' },
        errors: { stock: ['Insufficient stock for "Pen"'] },
        error_codes: { stock: [{ code: 'stock.insufficient', params: { label: 'Pen' } }] },
      },
      null,
    );
    expect(failureMessage(t, stock)).toBe('المخزون غير كافٍ لـ «Pen»');
    expect(failureMessage(t, new ApiError(500, null, null))).toBe('unexpected:ar');
    const legacy = new ApiError(
      422,
      { message: 'The file is empty.', code: 'validation', errors: { file: ['x'] } },
      null,
    );
    expect(fieldMessages(legacy)).toEqual({ file: [{ code: 'validation' }] });
    expect(translateServerMessage(t, fieldMessages(legacy).file![0])).toBe('بعض المعلومات المدخلة غير صالحة.');
  });

  it('says the server is busy (503) or the shop has too many requests in progress (429) in the user’s language (docs/decisions/0144)', () => {
    const busy = new ApiError(
      503,
      { message: 'The server is busy. Please try again in a moment.', code: 'unavailable' },
      2,
    );
    expect(failureMessage(tIn('fr'), busy)).toBe('Le serveur est occupé. Réessayez dans un instant.');
    expect(failureMessages(tIn('ar'), busy)).toEqual(['الخادم مشغول. أعد المحاولة بعد لحظات.']);
    const shopBusy = new ApiError(429, { message: 'x', code: 'edge.shop_busy', params: {} }, 1);
    expect(failureMessage(tIn('en'), shopBusy)).toBe(
      'Your shop has too many requests in progress. Please try again in a moment.',
    );
    expect(failureMessage(tIn('fr'), shopBusy)).toBe(
      'Votre boutique a trop de requêtes en cours. Réessayez dans un instant.',
    );
    expect(failureMessage(tIn('ar'), shopBusy)).toBe('لدى متجرك طلبات كثيرة قيد المعالجة. أعد المحاولة بعد لحظات.');
    // The Orders list's load error says why only when the server or the shop is busy.
    expect(busyMessage(tIn('fr'), busy)).toBe('Le serveur est occupé. Réessayez dans un instant.');
    expect(busyMessage(tIn('en'), new ApiError(500, null, null))).toBeUndefined();
    expect(busyMessage(tIn('en'), new ApiError(404, { message: 'x', code: 'not_found' }, null))).toBeUndefined();
  });
});
