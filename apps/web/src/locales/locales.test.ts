import { describe, expect, it } from 'vitest';
import adminAr from './admin/ar.json';
import adminEn from './admin/en.json';
import adminFr from './admin/fr.json';
import ar from './ar.json';
import catalogueAr from './catalogue/ar.json';
import catalogueEn from './catalogue/en.json';
import catalogueFr from './catalogue/fr.json';
import en from './en.json';
import fr from './fr.json';
import operationsAr from './operations/ar.json';
import operationsEn from './operations/en.json';
import operationsFr from './operations/fr.json';
import ordersAr from './orders/ar.json';
import ordersEn from './orders/en.json';
import ordersFr from './orders/fr.json';
import messagesAr from './messages/ar.json';
import messagesEn from './messages/en';
import messagesFr from './messages/fr.json';
import commissionsAr from './commissions/ar.json';
import commissionsEn from './commissions/en.json';
import commissionsFr from './commissions/fr.json';
import moneyAr from './money/ar.json';
import moneyEn from './money/en.json';
import moneyFr from './money/fr.json';
import centralAr from './central/ar.json';
import centralEn from './central/en.json';
import centralFr from './central/fr.json';
import teamAr from './team/ar.json';
import teamEn from './team/en.json';
import teamFr from './team/fr.json';
import analyticsAr from './analytics/ar.json';
import analyticsEn from './analytics/en.json';
import analyticsFr from './analytics/fr.json';
import reportsAr from './reports/ar.json';
import reportsEn from './reports/en.json';
import reportsFr from './reports/fr.json';
import callcentreAr from './callcentre/ar.json';
import callcentreEn from './callcentre/en.json';
import callcentreFr from './callcentre/fr.json';
import assignmentAr from './assignment/ar.json';
import assignmentEn from './assignment/en.json';
import assignmentFr from './assignment/fr.json';
import webhooksAr from './webhooks/ar.json';
import webhooksEn from './webhooks/en.json';
import webhooksFr from './webhooks/fr.json';

type TTree = { [key: string]: string | TTree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: TTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

/** Plural forms differ by language (Arabic has six), so keys are compared without the suffix. */
const baseKeys = (tree: TTree) => new Set(flatten(tree).map((key) => key.replace(PLURAL_SUFFIX, '')));

const sources = import.meta.glob('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

// The shell bundle and the parts that load with their screens (lib/i18n.ts PARTS).
const BUNDLES: Array<{ name: string; en: TTree; fr: TTree; ar: TTree }> = [
  { name: 'shell', en, fr, ar },
  { name: 'catalogue', en: catalogueEn, fr: catalogueFr, ar: catalogueAr },
  { name: 'orders', en: ordersEn, fr: ordersFr, ar: ordersAr },
  { name: 'operations', en: operationsEn, fr: operationsFr, ar: operationsAr },
  { name: 'admin', en: adminEn, fr: adminFr, ar: adminAr },
  { name: 'money', en: moneyEn, fr: moneyFr, ar: moneyAr },
  { name: 'commissions', en: commissionsEn, fr: commissionsFr, ar: commissionsAr },
  { name: 'central', en: centralEn, fr: centralFr, ar: centralAr },
  { name: 'team', en: teamEn, fr: teamFr, ar: teamAr },
  { name: 'analytics', en: analyticsEn, fr: analyticsFr, ar: analyticsAr },
  { name: 'reports', en: reportsEn, fr: reportsFr, ar: reportsAr },
  { name: 'callcentre', en: callcentreEn, fr: callcentreFr, ar: callcentreAr },
  { name: 'webhooks', en: webhooksEn, fr: webhooksFr, ar: webhooksAr },
  { name: 'assignment', en: assignmentEn, fr: assignmentFr, ar: assignmentAr },
  // Server messages by code (docs/decisions/0041; their own test: messages/messages.test.ts).
  { name: 'messages', en: messagesEn as unknown as TTree, fr: messagesFr, ar: messagesAr },
];

describe('locales', () => {
  it.each(BUNDLES)('$name: fr and ar have exactly the keys en has', (bundle) => {
    const reference = [...baseKeys(bundle.en)].sort();

    expect([...baseKeys(bundle.fr)].sort()).toEqual(reference);
    expect([...baseKeys(bundle.ar)].sort()).toEqual(reference);
  });

  it.each(BUNDLES)('$name: every plural key has the forms its language needs', (bundle) => {
    const plurals = [...baseKeys(bundle.en)].filter((key) => flatten(bundle.en).includes(`${key}_other`));
    for (const key of plurals) {
      for (const form of ['one', 'other']) expect(flatten(bundle.en)).toContain(`${key}_${form}`);
      for (const form of ['one', 'many', 'other']) expect(flatten(bundle.fr)).toContain(`${key}_${form}`);
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
        expect(flatten(bundle.ar)).toContain(`${key}_${form}`);
    }
  });

  it('a part never redefines a key of the shell (they merge into one namespace)', () => {
    const shell = new Set(flatten(en));
    expect(flatten(catalogueEn).filter((key) => shell.has(key))).toEqual([]);
  });

  it('every literal t() key used in the code exists in en', () => {
    const known = new Set(BUNDLES.flatMap((bundle) => [...baseKeys(bundle.en)]));
    const used = new Set<string>();
    for (const [file, code] of Object.entries(sources)) {
      if (file.includes('.test.')) continue;
      for (const match of (code as string).matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-zA-Z_]+)+)'/g)) used.add(match[1]!);
    }

    const missing = [...used].filter((key) => !known.has(key));
    expect(used.size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
