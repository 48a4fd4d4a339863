import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { englishOf, m } from '@cod/shared';
import ar from '../../../locales/messages/ar.json';
import en from '../../../locales/messages/en';
import fr from '../../../locales/messages/fr.json';
import ordersEn from '../../../locales/orders/en.json';
import { nowLocal, statusFormErrors, statusRequestOf, type TStatusFormInput } from './status-form-rules';
import { translateServerMessage } from '../../../lib/server-message';

const NOW = new Date('2026-11-21T10:00:00Z'); // 11:00 in Algiers
const base: TStatusFormInput = { status: '', statusType: null, description: '', report_date: '', cancelled_at: '' };

describe('bulk status dialog validation (SPEC 5)', () => {
  it('needs a status and at least one order', () => {
    const errors = statusFormErrors(base, { orderIds: [], now: NOW });
    expect({ status: englishOf(errors.status!), order_ids: englishOf(errors.order_ids!) }).toEqual({
      status: 'Please select a status',
      order_ids: 'Please select at least one order',
    });
  });

  it("needs a date-time for reported: 'Please select a report date and time'", () => {
    const reported = { ...base, status: 5, statusType: 'reported' as const };
    expect(statusFormErrors(reported, { orderIds: [1, 2], now: NOW })).toEqual({
      report_date: m('order.report_date_required'),
    });
    expect(statusFormErrors({ ...reported, report_date: '2026-11-21 14:30' }, { orderIds: [1], now: NOW })).toEqual({});
  });

  it('refuses a schedule that is not Y-m-d H:i on 24 hours, or already past', () => {
    const reported = { ...base, status: 5, statusType: 'reported' as const };
    expect(
      englishOf(statusFormErrors({ ...reported, report_date: '2026-11-21 2:30 PM' }, { now: NOW }).report_date!),
    ).toBe('The date and time must look like 2026-11-21 14:30 (24-hour).');
    expect(
      englishOf(statusFormErrors({ ...reported, report_date: '2026-11-21 10:59' }, { now: NOW }).report_date!),
    ).toBe('The report date must not be in the past.');
  });

  it('needs nothing more for other statuses', () => {
    expect(statusFormErrors({ ...base, status: 4, statusType: 'confirmed' }, { orderIds: [3], now: NOW })).toEqual({});
  });

  it('sends the schedule only for reported and the cancellation time only for cancelled', () => {
    expect(
      statusRequestOf({
        ...base,
        status: 4,
        statusType: 'confirmed',
        report_date: '2026-11-22 09:00',
        description: ' ok ',
      }),
    ).toEqual({ status: 4, description: 'ok' });
    expect(statusRequestOf({ ...base, status: 5, statusType: 'reported', report_date: '2026-11-22 09:00' })).toEqual({
      status: 5,
      description: null,
      report_date: '2026-11-22 09:00',
    });
    expect(statusRequestOf({ ...base, status: 10, statusType: 'cancelled', cancelled_at: '2026-11-21 10:58' })).toEqual(
      {
        status: 10,
        description: null,
        cancelled_at: '2026-11-21 10:58',
      },
    );
  });

  it("writes now in the shop's time zone", () => {
    expect(nowLocal(NOW)).toBe('2026-11-21 11:00');
  });
});

describe('the messages in the three languages', () => {
  const tOf = (lang: 'en' | 'fr' | 'ar', bundle: object) =>
    createI18n(lang, { [lang]: { translation: bundle as Record<string, unknown> } }).t;

  it('says SPEC 5 and 8 sentences word for word in English, from their codes', () => {
    const t = tOf('en', en);
    for (const [token, sentence] of [
      [m('order.report_date_required'), 'Please select a report date and time'],
      [m('order.product_required'), 'Product is required'],
      [m('order.variant_required'), 'Variant is required'],
      [m('order.quantity_positive'), 'Quantity must be greater than 0'],
      [m('order.custom_field_required', { product: 'Montre', label: 'Gravure' }), 'Montre: Gravure is required'],
      [m('order.bulk_updated', { count: 3 }), 'Successfully updated 3 orders'],
    ] as const) {
      expect(translateServerMessage(t, token)).toBe(sentence);
    }
    expect(tOf('en', ordersEn)('orders.messages.status_failed')).toBe('Failed to update status');
    expect(tOf('en', ordersEn)('orders.messages.fee_failed')).toBe('Failed to calculate delivery fee');
  });

  it('translates them, keeping the product, label and count', () => {
    expect(
      translateServerMessage(tOf('fr', fr), m('order.custom_field_required', { product: 'Montre', label: 'Gravure' })),
    ).toBe('Montre : Gravure est obligatoire');
    expect(translateServerMessage(tOf('fr', fr), m('order.report_date_required'))).toBe(
      'Veuillez choisir une date et une heure de rappel',
    );
    expect(translateServerMessage(tOf('ar', ar), { code: 'order.bulk_updated', params: { count: 3 } })).toBe(
      'تم تحديث 3 طلبات بنجاح',
    );
    expect(
      translateServerMessage(tOf('fr', fr), {
        code: 'order.transition_bulk',
        params: { number: 12, from: 'Delivered', to: 'No answer' },
      }),
    ).toBe('La commande n° 12 ne peut pas passer du statut « Delivered » au statut « No answer ».');
  });
});
