/**
 * Realistic parcel lives (decision 0018), in carrier-neutral steps, then rendered in each
 * carrier's own words. Delays are sandbox-clock time after the parcel starts moving (creation, or
 * validation for carriers that need it).
 */
export type TSandboxDialect = 'yalidine' | 'ecotrack' | 'zr' | 'maystro' | 'noest';

export type TStep =
  | 'created'
  | 'validated'
  | 'picked_up'
  | 'in_transit'
  | 'at_destination'
  | 'out_for_delivery'
  | 'failed_attempt'
  | 'postponed'
  | 'delivered'
  | 'return_started'
  | 'return_in_transit'
  | 'returned'
  | 'cancelled';

export type TScenario = 'delivered' | 'failed_then_delivered' | 'postponed_then_delivered' | 'returned' | 'stuck';

export const SCENARIOS: readonly TScenario[] = [
  'delivered',
  'failed_then_delivered',
  'postponed_then_delivered',
  'returned',
  'stuck',
];

const HOUR = 3_600_000;
const ROAD: Array<[TStep, number]> = [
  ['picked_up', 4 * HOUR],
  ['in_transit', 8 * HOUR],
  ['at_destination', 12 * HOUR],
  ['out_for_delivery', 12 * HOUR],
];

/** Steps and their delay after the previous step. */
export const SCENARIO_PLANS: Record<TScenario, ReadonlyArray<readonly [TStep, number]>> = {
  delivered: [...ROAD, ['delivered', 4 * HOUR]],
  failed_then_delivered: [
    ...ROAD,
    ['failed_attempt', 4 * HOUR],
    ['out_for_delivery', 20 * HOUR],
    ['delivered', 4 * HOUR],
  ],
  postponed_then_delivered: [
    ...ROAD,
    ['postponed', 4 * HOUR],
    ['out_for_delivery', 44 * HOUR],
    ['delivered', 4 * HOUR],
  ],
  returned: [
    ...ROAD,
    ['failed_attempt', 4 * HOUR],
    ['out_for_delivery', 20 * HOUR],
    ['failed_attempt', 4 * HOUR],
    ['return_started', 4 * HOUR],
    ['return_in_transit', 24 * HOUR],
    ['returned', 24 * HOUR],
  ],
  stuck: [],
};

/** A deterministic default mix: 70 % delivered, 10 % after a failed attempt, 5 % postponed, 15 % returned. */
export function defaultScenario(reference: string): TScenario {
  let hash = 0;
  for (const ch of reference) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const bucket = hash % 20;
  if (bucket < 14) return 'delivered';
  if (bucket < 16) return 'failed_then_delivered';
  if (bucket < 17) return 'postponed_then_delivered';
  return 'returned';
}

/** How a step reads at one carrier: `status` is the parcel's current-status word, `event` the history entry. */
export interface TRendered {
  status: string;
  /** The history/activity key or word; absent when the carrier writes no history row for the step. */
  event?: string;
  /** Free text shown with the event (NOEST `event`, Maystro label). */
  label?: string;
  reason?: string;
}

const FAILED_REASON = 'Client ne répond pas';
const POSTPONED_REASON = 'Client absent (reporté)';
const RETURN_REASON = 'Annulé par le client';

const YALIDINE: Record<TStep, TRendered> = {
  created: { status: 'En préparation', event: 'En préparation' },
  validated: { status: 'En préparation' },
  picked_up: { status: 'Ramassé', event: 'Ramassé' },
  in_transit: { status: 'Vers Wilaya', event: 'Vers Wilaya' },
  at_destination: { status: 'Reçu à Wilaya', event: 'Reçu à Wilaya' },
  out_for_delivery: { status: 'Sorti en livraison', event: 'Sorti en livraison' },
  failed_attempt: { status: 'Tentative échouée', event: 'Tentative échouée', reason: FAILED_REASON },
  postponed: { status: 'En attente', event: 'En attente', reason: POSTPONED_REASON },
  delivered: { status: 'Livré', event: 'Livré' },
  return_started: { status: 'Echèc livraison', event: 'Echèc livraison', reason: RETURN_REASON },
  return_in_transit: { status: 'Retour vers vendeur', event: 'Retour vers vendeur' },
  returned: { status: 'Retourné au vendeur', event: 'Retourné au vendeur' },
  cancelled: { status: 'Supprimé' },
};

/** EcoTrack: `status` is the get/orders status key, `event` the tracking activity key. */
const ECOTRACK: Record<TStep, TRendered> = {
  created: { status: 'prete_a_expedier' },
  validated: { status: 'en_ramassage', event: 'order_information_received_by_carrier' },
  picked_up: { status: 'vers_hub', event: 'picked' },
  in_transit: { status: 'vers_wilaya', event: 'accepted_by_carrier' },
  at_destination: { status: 'en_preparation' },
  out_for_delivery: { status: 'en_livraison', event: 'dispatched_to_driver' },
  failed_attempt: { status: 'en_livraison', event: 'attempt_delivery', reason: FAILED_REASON },
  postponed: { status: 'suspendu', event: 'attempt_delivery', reason: POSTPONED_REASON },
  delivered: { status: 'livre_non_encaisse', event: 'livred' },
  return_started: { status: 'retour_chez_livreur', event: 'return_asked', reason: RETURN_REASON },
  return_in_transit: { status: 'retour_transit_entrepot', event: 'return_in_transit' },
  returned: { status: 'retour_recu', event: 'Return_received' },
  cancelled: { status: 'annule' },
};

export const ECOTRACK_WORDING_BY_KEY: Record<string, string> = {
  prete_a_expedier: 'Prêt à expédier',
  en_ramassage: 'En ramassage',
  vers_hub: 'Vers hub',
  vers_wilaya: 'Vers wilaya',
  en_preparation: 'En préparation',
  en_livraison: 'En livraison',
  suspendu: 'Suspendus',
  livre_non_encaisse: 'Livre non encaissé',
  retour_chez_livreur: 'Retours chez livreur',
  retour_transit_entrepot: 'Retours en transit stock',
  retour_recu: 'Retours reçu',
  annule: 'annule',
};

/** Maystro: numeric status codes (CARRIERS.md 3.4) with their French labels. */
const MAYSTRO: Record<TStep, TRendered> = {
  created: { status: '4', event: '4', label: 'Créé' },
  validated: { status: '4', label: 'Créé' },
  picked_up: { status: '6', event: '6', label: 'En cours' },
  in_transit: { status: '9', event: '9', label: 'En transit pour expédition' },
  at_destination: { status: '22', event: '22', label: 'Assigné' },
  out_for_delivery: { status: '31', event: '31', label: 'Expédié' },
  failed_attempt: { status: '32', event: '32', label: 'Alerté', reason: FAILED_REASON },
  postponed: { status: '42', event: '42', label: 'Reporté', reason: POSTPONED_REASON },
  delivered: { status: '41', event: '41', label: 'Livré' },
  return_started: { status: '51', event: '51', label: 'Prêt à retourner', reason: RETURN_REASON },
  return_in_transit: { status: '10', event: '10', label: 'En transit pour retour' },
  returned: { status: '52', event: '52', label: 'Pris par le magasin' },
  cancelled: { status: '50', event: '50', label: 'Annulé' },
};

/** NOEST: activity event keys with their French text. */
const NOEST: Record<TStep, TRendered> = {
  created: { status: 'upload', event: 'upload', label: 'Colis créé' },
  validated: { status: 'customer_validation', event: 'customer_validation', label: 'Colis validé' },
  picked_up: { status: 'validation_collect_colis', event: 'validation_collect_colis', label: 'Colis ramassé' },
  in_transit: { status: 'validation_reception_admin', event: 'validation_reception_admin', label: 'Reçu au hub' },
  at_destination: { status: 'validation_reception', event: 'validation_reception', label: 'Reçu à la station' },
  out_for_delivery: { status: 'fdr_activated', event: 'fdr_activated', label: 'En livraison' },
  failed_attempt: {
    status: 'nouvel_tentative_asked_by_customer',
    event: 'nouvel_tentative_asked_by_customer',
    label: 'Nouvelle tentative',
    reason: FAILED_REASON,
  },
  postponed: { status: 'colis_suspendu', event: 'colis_suspendu', label: 'Colis suspendu', reason: POSTPONED_REASON },
  delivered: { status: 'livred', event: 'livred', label: 'Colis livré' },
  return_started: {
    status: 'return_asked_by_hub',
    event: 'return_asked_by_hub',
    label: 'Retour demandé',
    reason: RETURN_REASON,
  },
  return_in_transit: {
    status: 'return_dispatched_to_partenaire',
    event: 'return_dispatched_to_partenaire',
    label: 'Retour en route',
  },
  returned: { status: 'return_validated_by_partener', event: 'return_validated_by_partener', label: 'Retour reçu' },
  cancelled: { status: 'ask_to_delete_by_admin', label: 'Supprimé' },
};

/** ZR Express state names are not publicly documented: these are the assumed names (decision 0017). */
const ZR: Record<TStep, TRendered> = {
  created: { status: 'En préparation', event: 'En préparation' },
  validated: { status: 'En préparation' },
  picked_up: { status: 'Ramassé', event: 'Ramassé' },
  in_transit: { status: 'En transit', event: 'En transit' },
  at_destination: { status: 'Reçu à destination', event: 'Reçu à destination' },
  out_for_delivery: { status: 'En cours de livraison', event: 'En cours de livraison' },
  failed_attempt: { status: 'Tentative échouée', event: 'Tentative échouée', reason: FAILED_REASON },
  postponed: { status: 'Reporté', event: 'Reporté', reason: POSTPONED_REASON },
  delivered: { status: 'Livré', event: 'Livré' },
  return_started: { status: 'En retour', event: 'En retour', reason: RETURN_REASON },
  return_in_transit: { status: 'En retour', event: 'En retour' },
  returned: { status: 'Retourné', event: 'Retourné' },
  cancelled: { status: 'Annulé', event: 'Annulé' },
};

const RENDERERS: Record<TSandboxDialect, Record<TStep, TRendered>> = {
  yalidine: YALIDINE,
  ecotrack: ECOTRACK,
  maystro: MAYSTRO,
  noest: NOEST,
  zr: ZR,
};

export function renderStep(dialect: TSandboxDialect, step: TStep): TRendered {
  return RENDERERS[dialect][step];
}
