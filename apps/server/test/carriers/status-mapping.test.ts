import { describe, expect, it } from 'vitest';
import { ecotrackStatuses } from '../../src/carriers/ecotrack/statuses.js';
import { manualStatuses } from '../../src/carriers/manual/adapter.js';
import { maystroStatuses } from '../../src/carriers/maystro/statuses.js';
import { noestStatuses } from '../../src/carriers/noest/statuses.js';
import {
  canDispatchFromShipmentStatus,
  isShipmentStatus,
  SHIPMENT_STATUSES,
  timelineColour,
  TIMELINE_GROUP,
} from '../../src/carriers/shipment-status.js';
import { createStatusMapper, foldStatusText } from '../../src/carriers/status-mapping.js';
import { yalidineStatuses } from '../../src/carriers/yalidine/statuses.js';
import { zrStatuses } from '../../src/carriers/zr-express/statuses.js';

/**
 * The carriers' documented vocabularies, copied from CARRIERS.md (not from our tables), so a word
 * dropped from a table fails here.
 */
const YALIDINE_DOC = `Pas encore expédié, A vérifier, En préparation, Pas encore ramassé, Prêt à expédier, Ramassé,
Bloqué, Débloqué, Transfert, Expédié, Centre, En localisation, Vers Wilaya, Reçu à Wilaya, En attente du client,
Sorti en livraison, En attente, En alerte, Alerte résolue, Tentative échouée, Livré, Echèc livraison, Retour vers centre,
Retourné au centre, Retour transfert, Retour groupé, Retour à retirer, Retour vers vendeur, Retourné au vendeur,
Echange échoué`;
const ECOTRACK_KEYS_DOC = `prete_a_expedier prete_a_preparer en_preparation_stock en_ramassage vers_hub en_hub vers_wilaya
en_preparation en_livraison livre_non_encaisse encaisse_non_paye paiements_prets paye_et_archive suspendu
retour_chez_livreur retour_transit_entrepot retour_en_traitement retour_recu retour_archive annule`;
const ECOTRACK_ACTIVITY_DOC = `order_information_received_by_carrier notification_on_order picked accepted_by_carrier
dispatched_to_driver attempt_delivery return_asked return_in_transit Return_received livred encaissed payed`;
const ECOTRACK_WORDING_DOC = `Prêt à expédier, Prêt à préparer, En ramassage, Stock en préparation, Vers hub, En hub,
Vers wilaya, En préparation, En livraison, Suspendus, Retours chez livreur, Retours en traitement, Retours prêts,
Retours reçu, Retours à dispatcher vers stock, Retours en transit stock, Retours en stock, Livre non encaissé,
Livre encaissé non payé, Paiement prêt, Paiement archivé, Retours archivé`;
const MAYSTRO_DOC = '4 5 6 8 9 10 11 12 15 22 31 32 41 42 50 51 52 53';
const NOEST_DOC = `upload, customer_validation, validation_collect_colis, validation_reception_admin, validation_reception,
fdr_activated, sent_to_redispatch, nouvel_tentative_asked_by_customer, return_asked_by_customer, return_asked_by_hub,
retour_dispatched_to_partenaires, return_dispatched_to_partenaire, colis_retour_transmit_to_partner,
colis_pickup_transmit_to_partner, annulation_dispatch_retour, cancel_return_dispatched_to_partenaire,
livraison_echoue_recu, return_validated_by_partener, return_redispatched_to_livraison, return_dispatched_to_warehouse,
pickedup, valid_return_pickup, pickup_picked_recu, colis_suspendu, livre, livred, verssement_admin_cust,
verssement_admin_cust_canceled, verssement_hub_cust_canceled, validation_reception_cash_by_partener, echange_valide,
echange_valid_by_hub, ask_to_delete_by_admin, ask_to_delete_by_hub, edited_informations, edit_price, edit_wilaya,
extra_fee, mise_a_jour`;

const words = (doc: string, sep: RegExp) =>
  doc
    .split(sep)
    .map((w) => w.trim())
    .filter(Boolean);

describe('every documented carrier status is mapped', () => {
  const cases: Array<[string, string[], (raw: string) => ReturnType<typeof yalidineStatuses.map>]> = [
    ['Yalidine', words(YALIDINE_DOC, /,/), (w) => yalidineStatuses.map(w)],
    ['EcoTrack status keys', words(ECOTRACK_KEYS_DOC, /\s+/), (w) => ecotrackStatuses.map(w)],
    ['EcoTrack activity keys', words(ECOTRACK_ACTIVITY_DOC, /\s+/), (w) => ecotrackStatuses.map(w)],
    ['EcoTrack wording', words(ECOTRACK_WORDING_DOC, /,/), (w) => ecotrackStatuses.map(w)],
    ['Maystro codes', words(MAYSTRO_DOC, /\s+/), (w) => maystroStatuses.map(w)],
    ['NOEST event keys', words(NOEST_DOC, /,/), (w) => noestStatuses.map(w)],
  ];
  for (const [carrier, vocabulary, map] of cases) {
    it(`${carrier}: ${vocabulary.length} words, all known, all onto SPEC 4 statuses, raw text kept`, () => {
      expect(vocabulary.length).toBeGreaterThan(10);
      for (const raw of vocabulary) {
        const mapped = map(raw);
        expect(mapped.known, raw).toBe(true);
        expect(mapped.status === null || isShipmentStatus(mapped.status), raw).toBe(true);
        if (carrier !== 'Maystro codes') expect(mapped.raw).toBe(raw);
      }
    });
  }

  it('only remarks, payments and edits are non-movement events', () => {
    expect(ecotrackStatuses.map('notification_on_order')).toMatchObject({ status: null, known: true });
    expect(noestStatuses.map('verssement_admin_cust')).toMatchObject({ status: null, known: true });
    expect(noestStatuses.map('edit_price')).toMatchObject({ status: null, known: true });
    const nonMovements = [...yalidineStatuses.entries, ...ecotrackStatuses.entries, ...maystroStatuses.entries].filter(
      ([, s]) => s === null,
    );
    expect(nonMovements.map(([w]) => w)).toEqual(['notification_on_order']);
  });
});

describe('the mappings that move cash and stock', () => {
  it.each([
    ['Livré', 'delivered'],
    ['Tentative échouée', 'alerted'],
    ['En attente', 'postponed'],
    ['Sorti en livraison', 'shipped'],
    ['Retourné au vendeur', 'taken_by_store'],
    ['Retour vers vendeur', 'in_transit_to_return'],
    ['En préparation', 'created'],
  ])('Yalidine %s -> %s', (raw, status) => {
    expect(yalidineStatuses.map(raw).status).toBe(status);
  });

  it.each([
    ['livre_non_encaisse', 'delivered'],
    ['paye_et_archive', 'delivered'],
    ['livred', 'delivered'],
    ['retour_recu', 'taken_by_store'],
    ['Return_received', 'taken_by_store'],
    ['annule', 'cancelled'],
    ['attempt_delivery', 'alerted'],
    ['en_livraison', 'shipped'],
  ])('EcoTrack %s -> %s', (raw, status) => {
    expect(ecotrackStatuses.map(raw).status).toBe(status);
  });

  it('Maystro maps one to one onto SPEC 4 (the spec uses its vocabulary) and keeps label and code', () => {
    expect(maystroStatuses.map(41)).toEqual({ status: 'delivered', raw: 'Livré', code: '41', known: true });
    expect(maystroStatuses.map('53')).toMatchObject({ status: 'not_received', raw: 'Non reçu' });
    expect(new Set(maystroStatuses.entries.map(([, s]) => s))).toEqual(new Set(SHIPMENT_STATUSES));
  });

  it('ZR Express (assumed names) and NOEST final states', () => {
    expect(zrStatuses.map('Livré').status).toBe('delivered');
    expect(zrStatuses.map('outForDelivery').status).toBe('shipped');
    expect(noestStatuses.map('livred').status).toBe('delivered');
    expect(noestStatuses.map('return_validated_by_partener').status).toBe('taken_by_store');
  });

  it('a parcel moving between hubs is never dispatchable again (no second parcel)', () => {
    for (const raw of [
      'Ramassé',
      'Centre',
      'Reçu à Wilaya',
      'Vers Wilaya',
      'Transfert',
      'Expédié',
      'Sorti en livraison',
    ]) {
      expect(canDispatchFromShipmentStatus(yalidineStatuses.map(raw).status), raw).toBe(false);
    }
    for (const raw of ['vers_hub', 'en_hub', 'vers_wilaya', 'picked', 'accepted_by_carrier']) {
      expect(canDispatchFromShipmentStatus(ecotrackStatuses.map(raw).status), raw).toBe(false);
    }
  });
});

describe('folding and unknown words', () => {
  it('matches whatever the accents, case, underscores or camelCase', () => {
    for (const raw of ['LIVRÉ', 'livre', '  Livré ', 'livré'])
      expect(yalidineStatuses.map(raw).status).toBe('delivered');
    expect(ecotrackStatuses.map('Prête à expédier').status).toBe('ready_to_ship');
    expect(ecotrackStatuses.map('PRETE_A_EXPEDIER').status).toBe('ready_to_ship');
    expect(foldStatusText('outForDelivery')).toBe('out for delivery');
    expect(foldStatusText('Echèc-livraison')).toBe('echec livraison');
  });

  it('keeps an unknown word raw and unmapped instead of guessing', () => {
    expect(yalidineStatuses.map('Perdu en mer')).toEqual({ status: null, raw: 'Perdu en mer', known: false });
    expect(maystroStatuses.map(99)).toEqual({ status: null, raw: '99', code: '99', known: false });
  });

  it('refuses a table that maps the same folded word to two statuses', () => {
    expect(() => createStatusMapper({ Livré: 'delivered', livre: 'cancelled' })).toThrow(/twice/);
    expect(() => createStatusMapper({ Livré: 'delivered', livre: 'delivered' })).not.toThrow();
  });

  it('the own-drivers carrier speaks SPEC 4 itself', () => {
    for (const s of SHIPMENT_STATUSES) expect(manualStatuses.map(s)).toMatchObject({ status: s, known: true });
  });
});

describe('SPEC 4 rules', () => {
  it('dispatch is allowed only from waiting_transit, ready_to_ship, created (or no shipment yet)', () => {
    const allowed = SHIPMENT_STATUSES.filter((s) => canDispatchFromShipmentStatus(s));
    expect(allowed.sort()).toEqual(['created', 'ready_to_ship', 'waiting_transit']);
    expect(canDispatchFromShipmentStatus(null)).toBe(true);
  });

  it('timeline colours: pending warning, picked_up info, in_transit primary, delivered success, returned/cancelled error', () => {
    expect(Object.keys(TIMELINE_GROUP).sort()).toEqual([...SHIPMENT_STATUSES].sort());
    expect(timelineColour('created')).toBe('warning');
    expect(timelineColour('in_process')).toBe('info');
    expect(timelineColour('in_transit_to_ship')).toBe('primary');
    expect(timelineColour('delivered')).toBe('success');
    expect(timelineColour('taken_by_store')).toBe('error');
    expect(timelineColour('cancelled')).toBe('error');
  });
});
