/**
 * Issue 6: wilaya and commune as sellers type them in a spreadsheet. A wilaya is its code ("16",
 * "016", "16 - Alger") or a name in French or Arabic (official, ASCII or an alias of the reference
 * data); a commune is its code or a name of that wilaya only. Names are compared folded: case,
 * accents, Arabic vowel marks and letter variants, spaces, hyphens and apostrophes do not count,
 * so "Bordj Bou Arréridj", "bordj-bou-arreridj" and "BORDJ BOU ARRERIDJ" are one name.
 */
export interface TPlaceState {
  id: number;
  code: string;
  name: string;
  nameAr: string;
  nameAscii: string;
  aliases: string[];
  aliasesAr: string[];
}

export interface TPlaceCity {
  id: number;
  code: string;
  stateId: number;
  name: string;
  nameAr: string;
  aliases: string[];
  aliasesAr: string[];
}

/** The comparison key of a place name (see the module comment). */
export function foldPlaceName(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Arabic letter variants typed interchangeably: hamza-carrying alefs, ta marbuta, alef maqsura.
      .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
      .replace(/\u0629/g, '\u0647')
      .replace(/\u0649/g, '\u064a')
      .replace(/\u0640/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, '')
  );
}

export interface TPlaceMatcher {
  /** The wilaya id, or null when nothing matches. */
  state(value: string): number | null;
  /** The commune id within that wilaya, or null. */
  city(stateId: number, value: string): number | null;
}

export function placeMatcher(states: readonly TPlaceState[], cities: readonly TPlaceCity[]): TPlaceMatcher {
  const stateByKey = new Map<string, number>();
  for (const s of states) {
    stateByKey.set(`#${Number(s.code)}`, s.id);
    for (const name of [s.name, s.nameAr, s.nameAscii, ...s.aliases, ...s.aliasesAr]) {
      const key = foldPlaceName(name);
      if (key && !stateByKey.has(key)) stateByKey.set(key, s.id);
    }
  }
  const cityByKey = new Map<string, number>();
  for (const c of cities) {
    cityByKey.set(`${c.stateId}#${Number(c.code)}`, c.id);
    for (const name of [c.name, c.nameAr, ...c.aliases, ...c.aliasesAr]) {
      const key = `${c.stateId}:${foldPlaceName(name)}`;
      if (!cityByKey.has(key)) cityByKey.set(key, c.id);
    }
  }
  return {
    state(value) {
      const text = value.trim();
      if (!text) return null;
      const code = /^0*(\d{1,2})(?:\s*[-–:.)]|\s|$)/.exec(text);
      if (code) return stateByKey.get(`#${Number(code[1])}`) ?? null;
      return stateByKey.get(foldPlaceName(text)) ?? null;
    },
    city(stateId, value) {
      const text = value.trim();
      if (!text) return null;
      if (/^\d{3,4}$/.test(text)) return cityByKey.get(`${stateId}#${Number(text)}`) ?? null;
      return cityByKey.get(`${stateId}:${foldPlaceName(text)}`) ?? null;
    },
  };
}
