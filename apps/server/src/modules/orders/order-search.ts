const MAX_TERMS = 12;

/** The words of a name as stored and searched: lower-case, accents and Arabic vowel marks folded. */
export function orderNameTerms(name: string | null | undefined): string[] {
  if (!name) return [];
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((w) => w.length > 0).map((w) => w.slice(0, 60)))].slice(0, MAX_TERMS);
}
