import { createStatusMapper, type TStatusTable } from '../status-mapping.js';

/**
 * NOEST activity `event_key`s (CARRIERS.md 3.5). The feed mixes parcel movements with payments
 * and edits: those are `null` (kept in the timeline, never a status change). Decision 0017 gives
 * the reading of each key; the rarer ones are marked there as our interpretation.
 */
export const NOEST_EVENT_KEYS: TStatusTable = {
  upload: 'created',
  customer_validation: 'ready_to_ship',
  validation_collect_colis: 'in_process',
  pickedup: 'in_process',
  pickup_picked_recu: 'in_process',
  colis_pickup_transmit_to_partner: 'in_process',
  validation_reception_admin: 'in_transit_to_ship',
  validation_reception: 'in_transit_to_ship',
  sent_to_redispatch: 'in_transit_to_ship',
  return_redispatched_to_livraison: 'in_transit_to_ship',
  annulation_dispatch_retour: 'in_transit_to_ship',
  cancel_return_dispatched_to_partenaire: 'in_transit_to_ship',
  fdr_activated: 'shipped',
  nouvel_tentative_asked_by_customer: 'postponed',
  colis_suspendu: 'pending',
  livre: 'delivered',
  livred: 'delivered',
  echange_valide: 'delivered',
  echange_valid_by_hub: 'delivered',
  return_asked_by_customer: 'ready_to_return',
  return_asked_by_hub: 'ready_to_return',
  livraison_echoue_recu: 'ready_to_return',
  retour_dispatched_to_partenaires: 'in_transit_to_return',
  return_dispatched_to_partenaire: 'in_transit_to_return',
  colis_retour_transmit_to_partner: 'in_transit_to_return',
  return_dispatched_to_warehouse: 'in_transit_to_return',
  return_validated_by_partener: 'taken_by_store',
  valid_return_pickup: 'taken_by_store',
  // Payments, deletion requests and edits: not parcel movements.
  verssement_admin_cust: null,
  verssement_admin_cust_canceled: null,
  verssement_hub_cust_canceled: null,
  validation_reception_cash_by_partener: null,
  ask_to_delete_by_admin: null,
  ask_to_delete_by_hub: null,
  edited_informations: null,
  edit_price: null,
  edit_wilaya: null,
  extra_fee: null,
  mise_a_jour: null,
};

export const noestStatuses = createStatusMapper(NOEST_EVENT_KEYS);
