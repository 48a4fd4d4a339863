import { createStatusMapper, type TStatusTable } from '../status-mapping.js';

/**
 * Yalidine `last_status` / history `status` words (official doc, CARRIERS.md 3.1) -> SPEC 4.
 * Reasoning per row: docs/decisions/0017-carrier-adapters.md. Transit words map to
 * in_transit_to_ship (never to a dispatchable status) so a moving parcel cannot be dispatched twice.
 */
export const YALIDINE_STATUS_TABLE: TStatusTable = {
  'Pas encore expédié': 'created',
  'En préparation': 'created',
  'A vérifier': 'pending',
  'Pas encore ramassé': 'pickup_requested',
  'Prêt à expédier': 'ready_to_ship',
  Ramassé: 'in_process',
  Bloqué: 'pending',
  Débloqué: 'in_process',
  Transfert: 'in_transit_to_ship',
  Expédié: 'in_transit_to_ship',
  Centre: 'in_transit_to_ship',
  'En localisation': 'in_transit_to_ship',
  'Vers Wilaya': 'in_transit_to_ship',
  'Reçu à Wilaya': 'in_transit_to_ship',
  'En attente du client': 'pending',
  'Sorti en livraison': 'shipped',
  'En attente': 'postponed',
  'En alerte': 'alerted',
  'Alerte résolue': 'in_process',
  'Tentative échouée': 'alerted',
  Livré: 'delivered',
  'Echèc livraison': 'ready_to_return',
  'Retour vers centre': 'in_transit_to_return',
  'Retourné au centre': 'ready_to_return',
  'Retour transfert': 'in_transit_to_return',
  'Retour groupé': 'in_transit_to_return',
  'Retour à retirer': 'ready_to_return',
  'Retour vers vendeur': 'in_transit_to_return',
  'Retourné au vendeur': 'taken_by_store',
  'Echange échoué': 'ready_to_return',
};

export const yalidineStatuses = createStatusMapper(YALIDINE_STATUS_TABLE);
