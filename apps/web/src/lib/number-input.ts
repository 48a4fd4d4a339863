/**
 * Number fields are typed as text: sellers write "2 500,50" (French) as often as "2500.50", and
 * <input type="number"> drops what it cannot parse. An empty box is "no value", which the shared
 * schema reports as required (or accepts, for optional numbers).
 */
export function parseNumberInput(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  // Eastern Arabic digits (keyboards of Arabic-speaking agents) mean the same number.
  const western = value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
  const compact = western.replace(/[\s\u00A0\u202F]/g, '').replace(/[,\u066B]/, '.');
  if (compact === '') return undefined;
  return Number(compact);
}

/** For optional numbers (cost price, threshold): empty is null. */
export function parseOptionalNumberInput(value: unknown): number | null {
  return parseNumberInput(value) ?? null;
}

/** What a number field shows for a value held in the form. */
export function numberInputText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : '';
}
