import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, FIELD_NAMES, fieldKey, MESSAGE_CODES, MESSAGE_TEMPLATES, type TMessageCode } from '@cod/shared';
import ar from './ar.json';
import en from './en';
import fr from './fr.json';

type TTree = { [key: string]: string | TTree };

const LANGUAGES: Array<[string, TTree]> = [
  ['en', en as unknown as TTree],
  ['fr', fr],
  ['ar', ar],
];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function leaves(tree: TTree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) found.set(k, v);
  }
  return found;
}

/** The texts of a key: itself, or its plural forms (i18next picks one by `count`). */
function textsOf(all: Map<string, string>, key: string): Array<[string, string]> {
  return [...all].filter(([k]) => k === key || k.replace(PLURAL_SUFFIX, '') === key);
}

// 'تم تحديث طلبين بنجاح', 'لم يُحدَّث أي طلب': these forms say the number in words.
const SAYS_COUNT_IN_WORDS = /_(zero|one|two)$/;

const placeholders = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!).sort();
const paramsOf = (code: TMessageCode) => placeholders(MESSAGE_TEMPLATES[code], /\{(\w+)\}/g);

describe.each(LANGUAGES)('server messages in %s (docs/decisions/0041)', (_language, tree) => {
  const all = leaves(tree);

  it('translate every code of the catalogue, with exactly its parameters', () => {
    const problems: string[] = [];
    for (const code of MESSAGE_CODES) {
      const texts = textsOf(all, `messages.${code}`);
      if (!texts.length) problems.push(`${code}: no translation`);
      for (const [key, text] of texts) {
        const found = placeholders(text, /\{\{\s*(\w+)\s*\}\}/g).filter((n, i, a) => a.indexOf(n) === i);
        const expected = paramsOf(code);
        const wordy = SAYS_COUNT_IN_WORDS.test(key) ? expected.filter((name) => name !== 'count') : expected;
        if (found.join() !== expected.join() && found.join() !== wordy.join()) {
          problems.push(`${key}: {{${found.join('}}, {{')}}} instead of {{${expected.join('}}, {{')}}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep no code the catalogue no longer has', () => {
    const known = new Set(MESSAGE_CODES.map((code) => `messages.${code}`));
    const stale = [...all.keys()]
      .filter((key) => key.startsWith('messages.'))
      .map((key) => key.replace(PLURAL_SUFFIX, ''))
      .filter((key) => !known.has(key));
    expect(stale).toEqual([]);
  });

  it('name every field and say every kind of error', () => {
    const missingFields = FIELD_NAMES.filter((field) => !all.has(`message_fields.${fieldKey(field)}`));
    const missingKinds = [...ERROR_KINDS, 'unknown'].filter((kind) => !all.has(`message_kinds.${kind}`));
    expect(missingFields).toEqual([]);
    expect(missingKinds).toEqual([]);
    expect(all.has('message_format.list_separator') && all.has('message_format.order_separator')).toBe(true);
  });
});

describe('French and Arabic are translations, not copies', () => {
  it('differ from the English for sentences (codes whose text is only a value are left out)', () => {
    const english = leaves(en as unknown as TTree);
    for (const [, tree] of LANGUAGES.slice(1)) {
      const translated = leaves(tree);
      const copies = MESSAGE_CODES.filter((code) => /[a-z]{3}/i.test(MESSAGE_TEMPLATES[code].replace(/\{\w+\}/g, '')))
        .map((code) => `messages.${code}`)
        .filter((key) => translated.get(key) === english.get(key));
      expect(copies).toEqual([]);
    }
  });
});
