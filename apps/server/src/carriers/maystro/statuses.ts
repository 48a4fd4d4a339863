import { createStatusMapper, type TStatusTable } from '../status-mapping.js';

/**
 * Maystro numeric status codes (CARRIERS.md 3.4). SPEC 4's shipment vocabulary is Maystro's, so
 * the mapping is one to one; the French label is kept as the raw text and the number as the code.
 */
export const MAYSTRO_CODES: Record<string, { label: string; status: NonNullable<TStatusTable[string]> }> = {
  '4': { label: 'Créé', status: 'created' },
  '5': { label: 'Demande de ramassage', status: 'pickup_requested' },
  '6': { label: 'En cours', status: 'in_process' },
  '8': { label: 'En attente de transit', status: 'waiting_transit' },
  '9': { label: 'En transit pour expédition', status: 'in_transit_to_ship' },
  '10': { label: 'En transit pour retour', status: 'in_transit_to_return' },
  '11': { label: 'En attente', status: 'pending' },
  '12': { label: 'En rupture de stock', status: 'out_of_stock' },
  '15': { label: 'Prêt à expédier', status: 'ready_to_ship' },
  '22': { label: 'Assigné', status: 'assigned' },
  '31': { label: 'Expédié', status: 'shipped' },
  '32': { label: 'Alerté', status: 'alerted' },
  '41': { label: 'Livré', status: 'delivered' },
  '42': { label: 'Reporté', status: 'postponed' },
  '50': { label: 'Annulé', status: 'cancelled' },
  '51': { label: 'Prêt à retourner', status: 'ready_to_return' },
  '52': { label: 'Pris par le magasin', status: 'taken_by_store' },
  '53': { label: 'Non reçu', status: 'not_received' },
};

const mapper = createStatusMapper(
  Object.fromEntries(Object.entries(MAYSTRO_CODES).map(([code, v]) => [code, v.status])),
);

export const maystroStatuses = {
  entries: mapper.entries,
  /** Maps a status code; the raw text is the French label (or the code itself when unknown). */
  map(code: string | number) {
    const key = String(code);
    return mapper.map(MAYSTRO_CODES[key]?.label ?? key, key);
  },
};
