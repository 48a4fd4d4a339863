import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateServerMessage } from '../../lib/server-message';
import messagesAr from '../messages/ar.json';
import messagesEn from '../messages/en';
import { EN_COUNT_SINGULARS } from '../messages/en-plurals';
import messagesFr from '../messages/fr.json';
import ordersAr from './ar.json';
import ordersEn from './en.json';
import ordersFr from './fr.json';

type TTree = { [key: string]: string | TTree };

const instance = i18next.createInstance();
await instance.init({
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  resources: {
    en: { translation: { ...ordersEn, ...(messagesEn as unknown as TTree) } },
    fr: { translation: { ...ordersFr, ...messagesFr } },
    ar: { translation: { ...ordersAr, ...messagesAr } },
  },
});
const tIn = (lng: string) => instance.getFixedT(lng) as TFunction;
const server = (lng: string, code: string, count: number) =>
  translateServerMessage(tIn(lng), { code, params: { count } });

// One count per plural category of each language (CLDR: ar 0 zero, 1 one, 2 two, 3-10 few, 11-99 many, 100 other).
const COUNTS = [0, 1, 2, 3, 11, 100, 1_000_000];

function flatten(tree: TTree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

describe('count messages follow each language plural rules (issue 12 item 9b)', () => {
  it('"N selected orders" in English, French and the six Arabic forms', () => {
    const selected = (lng: string) => COUNTS.map((count) => tIn(lng)('orders.bulk.selected', { count }));
    expect(selected('en').slice(0, 3)).toEqual(['0 orders selected', '1 order selected', '2 orders selected']);
    expect(selected('fr').slice(1, 3)).toEqual(['1 commande sélectionnée', '2 commandes sélectionnées']);
    const ar = selected('ar');
    // Six different sentences: zero, one, two, few, many and other each have their own.
    expect(new Set(ar.slice(0, 6)).size).toBe(6);
    expect(ar[2]).toBe('تم تحديد طلبين');
    expect(ar[3]).toBe('تم تحديد 3 طلبات');
    expect(ar[4]).toBe('تم تحديد 11 طلبًا');
  });

  it("the server's count messages: one order is singular in English, French and Arabic", () => {
    expect(server('en', 'order.bulk_updated', 1)).toBe('Successfully updated 1 order');
    expect(server('en', 'order.bulk_updated', 4)).toBe('Successfully updated 4 orders');
    expect(server('en', 'shipping.validated_count', 1)).toBe('Successfully validated 1 order');
    expect(server('en', 'shipping.assign_all', 3)).toBe('Successfully assigned all 3 orders!');
    expect(server('fr', 'shipping.dispatch_all', 1)).toBe('La commande a été expédiée avec succès !');
    expect(server('ar', 'shipping.assign_all', 2)).toBe('تم إسناد الطلبين إلى شركة التوصيل بنجاح!');
    expect(server('ar', 'shipping.validated_count', 11)).toBe('تم تأكيد 11 طلبًا بنجاح');
  });

  it.each(Object.keys(EN_COUNT_SINGULARS))('%s has a sentence for every count in every language', (code) => {
    for (const lng of ['en', 'fr', 'ar']) {
      for (const count of COUNTS) {
        const text = server(lng, code, count);
        expect(text, `${lng} ${count}`).not.toMatch(/^messages\.|unknown/);
        expect(text).not.toBe(tIn(lng)('message_kinds.unknown'));
      }
    }
  });

  it('every Orders sentence with a {{count}} is a plural key, with every form of fr and ar', () => {
    const fr = new Set(flatten(ordersFr).map(([key]) => key));
    const ar = new Set(flatten(ordersAr).map(([key]) => key));
    const counted = flatten(ordersEn).filter(([, text]) => text.includes('{{count}}'));
    expect(counted.length).toBeGreaterThan(5);
    for (const [key] of counted) {
      expect(key).toMatch(/_(one|other)$/);
      const base = key.replace(/_(one|other)$/, '');
      for (const form of ['one', 'many', 'other']) expect(fr.has(`${base}_${form}`), `fr ${base}_${form}`).toBe(true);
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
        expect(ar.has(`${base}_${form}`), `ar ${base}_${form}`).toBe(true);
    }
  });
});
