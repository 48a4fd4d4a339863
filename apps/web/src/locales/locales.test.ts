import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import fr from './fr.json';

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

describe('locales', () => {
  it('fr and ar have exactly the keys en has', () => {
    const reference = [...baseKeys(en)].sort();

    expect([...baseKeys(fr)].sort()).toEqual(reference);
    expect([...baseKeys(ar)].sort()).toEqual(reference);
  });

  it('every plural key has the forms its language needs', () => {
    const plurals = [...baseKeys(en)].filter((key) => flatten(en).includes(`${key}_other`));
    for (const key of plurals) {
      for (const form of ['one', 'other']) expect(flatten(en)).toContain(`${key}_${form}`);
      for (const form of ['one', 'many', 'other']) expect(flatten(fr)).toContain(`${key}_${form}`);
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
        expect(flatten(ar)).toContain(`${key}_${form}`);
    }
  });

  it('every literal t() key used in the code exists in en', () => {
    const known = baseKeys(en);
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
