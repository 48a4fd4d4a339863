import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import ar from '../../../locales/orders/ar.json';
import en from '../../../locales/orders/en.json';
import fr from '../../../locales/orders/fr.json';
import { translateOrderMessage } from '../orders-messages';
import { nowLocal, statusFormErrors, statusRequestOf, type TStatusFormInput } from './status-form-rules';

const NOW = new Date('2026-11-21T10:00:00Z'); // 11:00 in Algiers
const base: TStatusFormInput = { status: '', statusType: null, description: '', report_date: '', cancelled_at: '' };

describe('bulk status dialog validation (SPEC 5)', () => {
  it('needs a status and at least one order', () => {
    expect(statusFormErrors(base, { orderIds: [], now: NOW })).toEqual({
      status: 'Please select a status',
      order_ids: 'Please select at least one order',
    });
  });

  it("needs a date-time for reported: 'Please select a report date and time'", () => {
    const reported = { ...base, status: 5, statusType: 'reported' as const };
    expect(statusFormErrors(reported, { orderIds: [1, 2], now: NOW })).toEqual({
      report_date: 'Please select a report date and time',
    });
    expect(statusFormErrors({ ...reported, report_date: '2026-11-21 14:30' }, { orderIds: [1], now: NOW })).toEqual({});
  });

  it('refuses a schedule that is not Y-m-d H:i on 24 hours, or already past', () => {
    const reported = { ...base, status: 5, statusType: 'reported' as const };
    expect(statusFormErrors({ ...reported, report_date: '2026-11-21 2:30 PM' }, { now: NOW }).report_date).toBe(
      'The date and time must look like 2026-11-21 14:30 (24-hour).',
    );
    expect(statusFormErrors({ ...reported, report_date: '2026-11-21 10:59' }, { now: NOW }).report_date).toBe(
      'The report date must not be in the past.',
    );
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

  it('says SPEC 5 and 8 sentences word for word in English', () => {
    const t = tOf('en', en);
    for (const sentence of [
      'Please select a report date and time',
      'Product is required',
      'Variant is required',
      'Quantity must be greater than 0',
      'Montre: Gravure is required',
    ]) {
      expect(translateOrderMessage(t, sentence)).toBe(sentence);
    }
    expect(translateOrderMessage(t, 'Successfully updated 3 orders')).toBe('Successfully updated 3 orders');
    expect(t('orders.messages.status_failed')).toBe('Failed to update status');
    expect(t('orders.messages.fee_failed')).toBe('Failed to calculate delivery fee');
  });

  it('translates them, keeping the product, label and count', () => {
    expect(translateOrderMessage(tOf('fr', fr), 'Montre: Gravure is required')).toBe(
      'Montre : Gravure est obligatoire',
    );
    expect(translateOrderMessage(tOf('fr', fr), 'Please select a report date and time')).toBe(
      'Veuillez choisir une date et une heure de rappel',
    );
    expect(translateOrderMessage(tOf('ar', ar), 'Successfully updated 3 orders')).toBe('تم تحديث 3 طلبات بنجاح');
    expect(
      translateOrderMessage(tOf('fr', fr), 'Order #12 cannot change the status from "Delivered" to "No answer".'),
    ).toBe('La commande n° 12 ne peut pas passer du statut « Delivered » au statut « No answer ».');
  });
});
