import { createStatusMapper, type TStatusTable } from '../status-mapping.js';

/**
 * EcoTrack speaks three vocabularies (CARRIERS.md 3.2; decision 0017 explains each row):
 * - status keys of get/orders and get/orders/status (`livre_non_encaisse`),
 * - activity keys of get/tracking(s)/info (`dispatched_to_driver`),
 * - the French wording of get/trackings/info (`Livre non encaissé`), which drifts per tenant.
 * One table holds them all: folding makes 'prete_a_expedier' and 'Prêt à expédier' the same key.
 */
export const ECOTRACK_STATUS_KEYS: TStatusTable = {
  prete_a_expedier: 'ready_to_ship',
  prete_a_preparer: 'in_process',
  en_preparation_stock: 'in_process',
  en_ramassage: 'pickup_requested',
  vers_hub: 'in_transit_to_ship',
  en_hub: 'in_transit_to_ship',
  vers_wilaya: 'in_transit_to_ship',
  en_preparation: 'in_process',
  en_livraison: 'shipped',
  suspendu: 'pending',
  livre_non_encaisse: 'delivered',
  encaisse_non_paye: 'delivered',
  paiements_prets: 'delivered',
  paye_et_archive: 'delivered',
  retour_chez_livreur: 'ready_to_return',
  retour_transit_entrepot: 'in_transit_to_return',
  retour_en_traitement: 'in_transit_to_return',
  retour_recu: 'taken_by_store',
  retour_archive: 'taken_by_store',
  annule: 'cancelled',
};

export const ECOTRACK_ACTIVITY_KEYS: TStatusTable = {
  order_information_received_by_carrier: 'ready_to_ship',
  // A remark was added (add/maj): shown in the timeline, not a movement.
  notification_on_order: null,
  picked: 'in_process',
  accepted_by_carrier: 'in_transit_to_ship',
  dispatched_to_driver: 'shipped',
  attempt_delivery: 'alerted',
  return_asked: 'ready_to_return',
  return_in_transit: 'in_transit_to_return',
  Return_received: 'taken_by_store',
  livred: 'delivered',
  encaissed: 'delivered',
  payed: 'delivered',
};

/** get/trackings/info wording (CodFlow's list of observed labels). */
export const ECOTRACK_WORDING: TStatusTable = {
  'Prêt à expédier': 'ready_to_ship',
  'Prêt à préparer': 'in_process',
  'En ramassage': 'pickup_requested',
  'Stock en préparation': 'in_process',
  Suspendus: 'pending',
  'Retours chez livreur': 'ready_to_return',
  'Retours en traitement': 'in_transit_to_return',
  'Retours prêts': 'ready_to_return',
  'Retours reçu': 'taken_by_store',
  'Retours à dispatcher vers stock': 'in_transit_to_return',
  'Retours en transit stock': 'in_transit_to_return',
  'Retours en stock': 'taken_by_store',
  'Livre encaissé non payé': 'delivered',
  'Paiement prêt': 'delivered',
  'Paiement archivé': 'delivered',
  'Retours archivé': 'taken_by_store',
};

// 'Vers hub', 'En hub', 'Vers wilaya', 'En préparation', 'En livraison' and 'Livre non encaissé' fold onto the status
// keys above, so they are not repeated here (the mapper refuses contradictory duplicates).
export const ecotrackStatuses = createStatusMapper({
  ...ECOTRACK_STATUS_KEYS,
  ...ECOTRACK_ACTIVITY_KEYS,
  ...ECOTRACK_WORDING,
});
