import { describe, expect, it } from 'vitest';
import type { TCarrierAdapter } from '../../src/carriers/carrier.js';
import { allowLocalFakes, parcel, parcels, sandboxAdapter, useCarrierSandbox } from './support.js';

allowLocalFakes();

/** The real EcoTrack HTTP adapter (white-label: base URL per carrier) against the sandbox. */
const sandbox = useCarrierSandbox();

function ecotrack(token: string, tenant = 'dhd'): TCarrierAdapter {
  return sandboxAdapter(sandbox, 'ecotrack', { code: tenant, credentials: { api_token: token } });
}

const trackingOf = (o: { ok: boolean; trackingNumber?: string } | undefined) =>
  o && 'trackingNumber' in o ? o.trackingNumber! : '';

describe('EcoTrack creation', () => {
  // First in the file: the lookup after a lost answer scans get/orders by today's date.
  it('never creates a parcel twice when the bulk answer is lost', async () => {
    const adapter = ecotrack('eco-timeout');
    sandbox.faults.timeout({ dialect: 'ecotrack', operation: 'create', holdMs: 5_000 });

    const outcomes = await adapter.createParcels(parcels('ETO', 4));

    expect(outcomes.every((o) => o.ok && o.recovered)).toBe(true);
    expect(sandbox.store.parcels.filter((p) => p.reference.startsWith('ETO-'))).toHaveLength(4);
    const again = await adapter.createParcels(parcels('ETO', 4), { lookupExisting: true });
    expect(again.map(trackingOf)).toEqual(outcomes.map(trackingOf));
    expect(sandbox.store.parcels.filter((p) => p.reference.startsWith('ETO-'))).toHaveLength(4);
  });

  it('creates 50 parcels where 7 are refused: 43 trackings, 7 carrier messages', async () => {
    const adapter = ecotrack('eco-50');
    const input = parcels('E50', 50);
    input[10] = parcel('E50-11', 10, { customer: { fullName: 'Sans Numéro', phone: '12' } });
    input[20] = parcel('E50-21', 20, { commune: { name: 'Atlantide' } });
    const faulted = ['E50-2', 'E50-33', 'E50-34', 'E50-45', 'E50-49'];
    sandbox.faults.refuse({
      dialect: 'ecotrack',
      references: faulted,
      message: 'Pas de livraison pour la wilaya sélectionnée',
    });

    const outcomes = await adapter.createParcels(input);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(43);
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed.map((o) => o.reference).sort()).toEqual(['E50-11', 'E50-21', ...faulted].sort());
    const byRef = Object.fromEntries(failed.map((o) => [o.reference, o]));
    expect(byRef['E50-11']).toMatchObject({
      message: 'Le champ téléphone doit contenir entre 9 et 10 chiffres.',
      fieldErrors: { telephone: ['Le champ téléphone doit contenir entre 9 et 10 chiffres.'] },
    });
    expect(byRef['E50-21']).toMatchObject({ message: 'La commune sélectionnée est invalide.' });
    expect(byRef['E50-33']).toMatchObject({
      message: 'Pas de livraison pour la wilaya sélectionnée',
      ambiguous: false,
    });
    for (const o of outcomes.filter((x) => x.ok)) {
      expect(trackingOf(o)).toMatch(/^ECDHDX\d{10}$/);
      expect(o.ok && o.status).toMatchObject({ status: 'ready_to_ship', raw: 'prete_a_expedier' });
    }
    expect(sandbox.store.parcels.filter((p) => p.reference.startsWith('E50-'))).toHaveLength(43);
    sandbox.faults.clear();
  });
});

describe('EcoTrack validate, track, label, notes', () => {
  it('does not move a parcel until it is validated, then maps every step', async () => {
    const adapter = ecotrack('eco-life');
    sandbox.setScenario('ELIFE-1', 'postponed_then_delivered');
    const [created] = await adapter.createParcels([parcel('ELIFE-1', 2)]);
    const tracking = trackingOf(created);

    await sandbox.clock.advance(3 * 86_400_000);
    expect((await adapter.getTracking([tracking]))[0]!.current).toMatchObject({
      status: 'ready_to_ship',
      raw: 'prete_a_expedier',
    });

    expect(await adapter.validateParcels([tracking], { askCollection: true })).toEqual([{ tracking, ok: true }]);
    await sandbox.clock.advance(38 * 3_600_000); // out for delivery (36 h), not yet postponed (40 h)
    const moving = (await adapter.getTracking([tracking]))[0]!;
    expect(moving.current).toMatchObject({ status: 'shipped', raw: 'en_livraison' });
    expect(moving.driverPhone).toMatch(/^0555\d{6}$/);

    await sandbox.clock.advance(5 * 86_400_000);
    const [done] = await adapter.getTracking([tracking]);
    expect(done!.current).toEqual({ status: 'delivered', raw: 'livre_non_encaisse', known: true });
    expect(done!.events.map((e) => [e.status.raw, e.status.status])).toEqual([
      ['order_information_received_by_carrier', 'ready_to_ship'],
      ['picked', 'in_process'],
      ['accepted_by_carrier', 'in_transit_to_ship'],
      ['dispatched_to_driver', 'shipped'],
      ['attempt_delivery', 'alerted'],
      ['dispatched_to_driver', 'shipped'],
      ['livred', 'delivered'],
    ]);
    expect(done!.events[4]!.reason).toBe('Client absent (reporté)');
  });

  it('returns the label as PDF bytes behind the token', async () => {
    const adapter = ecotrack('eco-label');
    const [created] = await adapter.createParcels([parcel('ELBL-1', 0)]);
    const label = await adapter.getLabel(trackingOf(created));
    expect(label.kind).toBe('pdf');
    const bytes = label.kind === 'pdf' ? label.bytes : Buffer.alloc(0);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(trackingOf(created));
    expect(bytes.subarray(-7).toString('latin1')).toContain('%%EOF');
    await expect(adapter.getLabel('ECNOPE0000000000')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('sends notes to the driver, reads driver updates, and sends nothing for an empty message', async () => {
    const adapter = ecotrack('eco-notes');
    sandbox.setScenario('ENOTE-1', 'failed_then_delivered');
    const [created] = await adapter.createParcels([parcel('ENOTE-1', 1)]);
    const tracking = trackingOf(created);
    await adapter.validateParcels([tracking]);

    await adapter.notifyDriver(tracking, 'Appeler avant de passer, portail bleu');
    const before = sandbox.requests.length;
    await adapter.notifyDriver(tracking, '   ');
    expect(sandbox.requests.slice(before).filter((r) => r.operation === 'notes')).toHaveLength(0);

    await sandbox.clock.advance(2 * 86_400_000); // a failed attempt: the driver writes back
    const updates = await adapter.getDriverUpdates(tracking);
    expect(updates[0]).toMatchObject({ text: 'Boutique Sandbox : Appeler avant de passer, portail bleu' });
    expect(updates.find((u) => u.driver)).toMatchObject({
      text: 'Livreur : Client ne répond pas',
      driver: 'Livreur Sandbox',
    });
  });

  it('cancels before validation only', async () => {
    const adapter = ecotrack('eco-cancel');
    const [a, b] = await adapter.createParcels([parcel('ECAN-1', 0), parcel('ECAN-2', 1)]);
    expect(await adapter.cancelParcel(trackingOf(a))).toEqual({ ok: true });
    await adapter.validateParcels([trackingOf(b)]);
    expect(await adapter.cancelParcel(trackingOf(b))).toEqual({
      ok: false,
      allowed: false,
      message: 'Commande non modifiable',
    });
  });

  it('backs off on 429 and honours Retry-After', async () => {
    const adapter = ecotrack('eco-429');
    const [created] = await adapter.createParcels([parcel('E429-1', 0)]);
    sandbox.faults.rateLimit({ dialect: 'ecotrack', operation: 'validate', times: 2, retryAfterSeconds: 1 });
    const before = sandbox.requests.length;

    const [result] = await adapter.validateParcels([trackingOf(created)]);

    expect(result).toEqual({ tracking: trackingOf(created), ok: true });
    const calls = sandbox.requests.slice(before).filter((r) => r.operation === 'validate');
    expect(calls.map((c) => c.status)).toEqual([429, 429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(950);
  });

  it('imports fees and stop desks, and tests the connection through validate/token', async () => {
    const adapter = ecotrack('eco-ref');
    const fees = await adapter.getFees({ fromWilayaCode: 16 });
    expect(fees).toHaveLength(58);
    expect(fees.find((f) => f.wilayaCode === 16)).toEqual({ wilayaCode: 16, home: 450, stopDesk: 300 });
    expect(fees.find((f) => f.wilayaCode === 33)).toMatchObject({ stopDesk: null });
    const desks = await adapter.getCentres({ wilayaCode: 31 });
    expect(desks).toEqual([{ id: '3101', name: 'Oran', wilayaCode: 31, communeName: 'Oran' }]);
    expect(await adapter.testConnection()).toEqual({ ok: true });
    expect(await ecotrack('invalid-token').testConnection()).toEqual({
      ok: false,
      message: 'dhd refused these credentials',
    });
  });
});
