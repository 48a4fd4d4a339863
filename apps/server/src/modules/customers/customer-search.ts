/** Name terms: at most this many words of a name are stored, each cut to 60 characters. */
const MAX_TERMS = 12;

/** The lower-cased words of a name, as stored and as searched. */
export function nameTerms(name: string | null): string[] {
  if (!name) return [];
  const words = name.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((w) => w.length > 0).map((w) => w.slice(0, 60)))].slice(0, MAX_TERMS);
}
