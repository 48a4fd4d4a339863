import { createStatusMapper, type TStatusTable } from '../status-mapping.js';

/**
 * ZR Express state names are NOT publicly documented (CARRIERS.md 3.3: "payload shape not publicly
 * documented"; every public integration maps them by guesswork). This table holds the French names
 * seen in public integrations (HarpAlgeria) and English names seen in webhook fixtures, and is
 * marked assumed in decision 0017. Unknown names are kept raw and logged, never guessed.
 */
export const ZR_STATUS_TABLE: TStatusTable = {
  'En préparation': 'created',
  'Prêt à expédier': 'ready_to_ship',
  'En cours de ramassage': 'pickup_requested',
  Ramassé: 'in_process',
  'Au hub': 'in_transit_to_ship',
  'En transit': 'in_transit_to_ship',
  'Reçu à destination': 'in_transit_to_ship',
  'En cours de livraison': 'shipped',
  'Tentative échouée': 'alerted',
  Reporté: 'postponed',
  Livré: 'delivered',
  'Livré (payé)': 'delivered',
  'En retour': 'in_transit_to_return',
  Retourné: 'taken_by_store',
  Annulé: 'cancelled',
  // English names observed in webhook fixtures.
  'Out for Delivery': 'shipped',
  Delivered: 'delivered',
  Returned: 'taken_by_store',
  Cancelled: 'cancelled',
};

export const zrStatuses = createStatusMapper(ZR_STATUS_TABLE);
