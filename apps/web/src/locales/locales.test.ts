import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import fr from './fr.json';
import messagesEn from './messages/en';

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

type TBundle = { name: string; en: TTree; fr: TTree; ar: TTree };

// The parts that load with their screens (lib/i18n.ts PARTS): one folder each, ./<part>/<lang>.json.
const PART_FILES = import.meta.glob<TTree>('./*/*.json', { import: 'default', eager: true });
const PART_NAMES = [...new Set(Object.keys(PART_FILES).map((path) => path.split('/')[1]!))].sort();

function partBundle(name: string): TBundle {
  const tree = (lang: string) => {
    // Server messages by code (docs/decisions/0041; their own test: messages/messages.test.ts):
    // the English catalogue is TypeScript, the source the others are checked against.
    if (name === 'messages' && lang === 'en') return messagesEn as unknown as TTree;
    const file = PART_FILES[`./${name}/${lang}.json`];
    if (!file) throw new Error(`locales/${name}/${lang}.json is missing`);
    return file;
  };
  return { name, en: tree('en'), fr: tree('fr'), ar: tree('ar') };
}

// The shell bundle and every part.
const BUNDLES: TBundle[] = [{ name: 'shell', en, fr, ar }, ...PART_NAMES.map(partBundle)];
const catalogueEn = partBundle('catalogue').en;

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
