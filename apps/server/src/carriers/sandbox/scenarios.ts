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

/** The reason a carrier gives with the steps that have one; every dialect writes the same words. */
const STEP_REASONS: Partial<Record<TStep, string>> = {
  failed_attempt: 'Client ne répond pas',
  postponed: 'Client absent (reporté)',
  return_started: 'Annulé par le client',
};

/** A step's word, or its word and the French label the carrier shows with it. */
type TStepWord = string | readonly [status: string, label: string];

/**
 * A dialect whose history row repeats the status word (Yalidine, ZR, Maystro, NOEST): each step's
 * word, and the steps for which the carrier writes no history row.
 */
function echoedSteps(words: Record<TStep, TStepWord>, withoutEvent: readonly TStep[]): Record<TStep, TRendered> {
  const rendered = Object.entries(words).map(([step, word]) => {
    const [status, label] = typeof word === 'string' ? [word] : word;
    const event = withoutEvent.includes(step as TStep) ? {} : { event: status };
    return [step, { status, ...event, ...(label ? { label } : {}) }];
  });
  return Object.fromEntries(rendered) as Record<TStep, TRendered>;
}

const YALIDINE = echoedSteps(
  {
    created: 'En préparation',
    validated: 'En préparation',
    picked_up: 'Ramassé',
    in_transit: 'Vers Wilaya',
    at_destination: 'Reçu à Wilaya',
    out_for_delivery: 'Sorti en livraison',
    failed_attempt: 'Tentative échouée',
    postponed: 'En attente',
    delivered: 'Livré',
    return_started: 'Echèc livraison',
    return_in_transit: 'Retour vers vendeur',
    returned: 'Retourné au vendeur',
    cancelled: 'Supprimé',
  },
  ['validated', 'cancelled'],
);

/** EcoTrack: `status` is the get/orders status key, `event` the tracking activity key. */
const ECOTRACK: Record<TStep, TRendered> = {
  created: { status: 'prete_a_expedier' },
  validated: { status: 'en_ramassage', event: 'order_information_received_by_carrier' },
  picked_up: { status: 'vers_hub', event: 'picked' },
  in_transit: { status: 'vers_wilaya', event: 'accepted_by_carrier' },
  at_destination: { status: 'en_preparation' },
  out_for_delivery: { status: 'en_livraison', event: 'dispatched_to_driver' },
  failed_attempt: { status: 'en_livraison', event: 'attempt_delivery' },
  postponed: { status: 'suspendu', event: 'attempt_delivery' },
  delivered: { status: 'livre_non_encaisse', event: 'livred' },
  return_started: { status: 'retour_chez_livreur', event: 'return_asked' },
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
const MAYSTRO = echoedSteps(
  {
    created: ['4', 'Créé'],
    validated: ['4', 'Créé'],
    picked_up: ['6', 'En cours'],
    in_transit: ['9', 'En transit pour expédition'],
    at_destination: ['22', 'Assigné'],
    out_for_delivery: ['31', 'Expédié'],
    failed_attempt: ['32', 'Alerté'],
    postponed: ['42', 'Reporté'],
    delivered: ['41', 'Livré'],
    return_started: ['51', 'Prêt à retourner'],
    return_in_transit: ['10', 'En transit pour retour'],
    returned: ['52', 'Pris par le magasin'],
    cancelled: ['50', 'Annulé'],
  },
  ['validated'],
);

/** NOEST: activity event keys with their French text. */
const NOEST = echoedSteps(
  {
    created: ['upload', 'Colis créé'],
    validated: ['customer_validation', 'Colis validé'],
    picked_up: ['validation_collect_colis', 'Colis ramassé'],
    in_transit: ['validation_reception_admin', 'Reçu au hub'],
    at_destination: ['validation_reception', 'Reçu à la station'],
    out_for_delivery: ['fdr_activated', 'En livraison'],
    failed_attempt: ['nouvel_tentative_asked_by_customer', 'Nouvelle tentative'],
    postponed: ['colis_suspendu', 'Colis suspendu'],
    delivered: ['livred', 'Colis livré'],
    return_started: ['return_asked_by_hub', 'Retour demandé'],
    return_in_transit: ['return_dispatched_to_partenaire', 'Retour en route'],
    returned: ['return_validated_by_partener', 'Retour reçu'],
    cancelled: ['ask_to_delete_by_admin', 'Supprimé'],
  },
  ['cancelled'],
);

/** ZR Express state names are not publicly documented: these are the assumed names (decision 0017). */
const ZR = echoedSteps(
  {
    created: 'En préparation',
    validated: 'En préparation',
    picked_up: 'Ramassé',
    in_transit: 'En transit',
    at_destination: 'Reçu à destination',
    out_for_delivery: 'En cours de livraison',
    failed_attempt: 'Tentative échouée',
    postponed: 'Reporté',
    delivered: 'Livré',
    return_started: 'En retour',
    return_in_transit: 'En retour',
    returned: 'Retourné',
    cancelled: 'Annulé',
  },
  ['validated'],
);

const RENDERERS: Record<TSandboxDialect, Record<TStep, TRendered>> = {
  yalidine: YALIDINE,
  ecotrack: ECOTRACK,
  maystro: MAYSTRO,
  noest: NOEST,
  zr: ZR,
};

export function renderStep(dialect: TSandboxDialect, step: TStep): TRendered {
  const reason = STEP_REASONS[step];
  return { ...RENDERERS[dialect][step], ...(reason ? { reason } : {}) };
}
