import type { TShipmentStatus } from './shipment-status.js';

/**
 * A carrier status table: the carrier's raw word (or code) -> SPEC 4 status.
 * `null` means "a documented event that is not a parcel movement" (a remark, a payment, an edit):
 * it is kept in the timeline with its raw text but never changes the shipment status.
 */
export type TStatusTable = Readonly<Record<string, TShipmentStatus | null>>;

/** What a carrier said, mapped. The raw text is always kept (ARCHITECTURE 3.8). */
export interface TMappedStatus {
  status: TShipmentStatus | null;
  /** The carrier's own words, as received (e.g. 'Tentative échouée', 'livred', 'Livré'). */
  raw: string;
  /** A numeric or key code when the carrier sends one besides its wording (Maystro 41). */
  code?: string;
  /** false: the carrier sent something no table lists. The caller logs it and keeps the old status. */
  known: boolean;
}

/**
 * Carriers drift in accents, case, underscores and camelCase between endpoints and tenants
 * ('Livré' / 'livre', 'prete_a_expedier' / 'Prête à expédier', 'outForDelivery').
 */
export function foldStatusText(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/[^a-z0-9() ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface TStatusMapper {
  map(raw: string, code?: string): TMappedStatus;
  /** Every raw word the table knows (for documentation and tests). */
  readonly entries: ReadonlyArray<readonly [string, TShipmentStatus | null]>;
}

export function createStatusMapper(table: TStatusTable): TStatusMapper {
  const folded = new Map<string, TShipmentStatus | null>();
  for (const [raw, status] of Object.entries(table)) {
    const key = foldStatusText(raw);
    if (folded.has(key) && folded.get(key) !== status) {
      throw new Error(`Status table maps "${raw}" twice with different statuses`);
    }
    folded.set(key, status);
  }
  return {
    entries: Object.entries(table),
    map(raw, code) {
      const key = foldStatusText(code ?? raw);
      const hit = folded.has(key) ? folded.get(key) : undefined;
      const base = code === undefined ? { raw } : { raw, code };
      if (hit === undefined) return { ...base, status: null, known: false };
      return { ...base, status: hit, known: true };
    },
  };
}
