/**
 * Bounds of any JSON a client sends (docs/decisions/0039). The deepest legitimate body (an order:
 * products -> custom fields -> values) is five levels; 32 leaves room for free-form metadata while
 * keeping every recursive reader (JSON.stringify, validators, drizzle) far from the stack limit.
 * 100,000 values admits the largest list a route takes (an export of 50,000 order ids).
 */
export const JSON_LIMITS = { maxDepth: 32, maxValues: 100_000 } as const;

/**
 * Whether JSON text nests arrays and objects more than `maxDepth` levels deep. A linear scan of the
 * raw text (brackets inside strings do not count), so it runs before JSON.parse and stops at the
 * first level too many; malformed text is left for the parser to refuse.
 */
export function jsonNestingDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}
