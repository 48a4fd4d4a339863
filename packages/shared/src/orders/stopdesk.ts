/** SPEC 3: a stop-desk centre of the static centres file (GET /yalidine_centers.json). */
export interface TStopdeskCentre {
  center_id: number;
  name: string;
  wilaya_name: string;
  commune_name?: string;
  address?: string;
}

/**
 * SPEC 5: centres are matched to the chosen state by name, case-insensitively. Accents and
 * punctuation are folded too, because the file writes "Bordj Bou Arreridj" where the state list
 * writes "Bordj Bou Arréridj" (docs/decisions/0016).
 */
export function stateNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function centresOfState<T extends Pick<TStopdeskCentre, 'wilaya_name'>>(
  centres: readonly T[],
  stateNames: string | readonly string[],
): T[] {
  const keys = new Set((typeof stateNames === 'string' ? [stateNames] : stateNames).map(stateNameKey));
  return centres.filter((c) => keys.has(stateNameKey(c.wilaya_name)));
}
