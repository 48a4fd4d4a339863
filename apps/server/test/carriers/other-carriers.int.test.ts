import { describe, expect, it } from 'vitest';
import type { TCarrierAdapter, TCarrierKind, TCreateOutcome } from '../../src/carriers/carrier.js';
import { manualTrackingNumber } from '../../src/carriers/manual/adapter.js';
import { createCarrierAdapter } from '../../src/carriers/registry.js';
import { SANDBOX_CREDENTIALS } from '../../src/carriers/sandbox/index.js';
import { allowLocalFakes, parcel, parcels, sandboxAdapter, useCarrierSandbox } from './support.js';

allowLocalFakes();

/** ZR Express, Maystro, NOEST and own drivers through the same interface, against the sandbox. */
const sandbox = useCarrierSandbox();

function adapter(kind: Exclude<TCarrierKind, 'manual'>): TCarrierAdapter {
  return sandboxAdapter(sandbox, kind);
}
const tracking = (o: TCreateOutcome | undefined) => (o?.ok ? o.trackingNumber : '');

describe.each([
  ['zr_express', 'zr', /^ZR\d{8}$/, 'url', { status: 'delivered', raw: 'Livré' }],
  ['maystro', 'maystro', /^\d{6}$/, 'pdf', { status: 'delivered', raw: 'Livré', code: '41' }],
  ['noest', 'noest', /^NOE\d{7}$/, 'pdf', { status: 'delivered', raw: 'Colis livré', code: 'livred' }],
] as const)('%s', (kind, dialect, trackingPattern, labelKind, deliveredStatus) => {
  it('creates a batch with one refusal, carrier message kept, tracking numbers in its format', async () => {
    const prefix = `B-${kind}`;
    sandbox.faults.refuse({ dialect, references: [`${prefix}-2`], message: 'Destinataire refusé par le transporteur' });
    const outcomes = await adapter(kind).createParcels(parcels(prefix, 5));
    sandbox.faults.clear();
    expect(outcomes.filter((o) => o.ok)).toHaveLength(4);
    expect(outcomes[1]).toMatchObject({ ok: false, ambiguous: false });
    expect(!outcomes[1]!.ok && outcomes[1]!.message).toContain('Destinataire refusé par le transporteur');
    for (const o of outcomes.filter((x) => x.ok)) expect(tracking(o)).toMatch(trackingPattern);
    expect(sandbox.store.parcels.filter((p) => p.reference.startsWith(`${prefix}-`))).toHaveLength(4);
  });

  it('follows a delivered parcel to the end, with its label', async () => {
    const a = adapter(kind);
    sandbox.setScenario(`L-${kind}`, 'failed_then_delivered');
    const [created] = await a.createParcels([parcel(`L-${kind}`, 2)]);
    expect(created).toMatchObject({ ok: true });
    if (a.capabilities.requiresValidation)
      expect((await a.validateParcels([tracking(created)]))[0]).toMatchObject({ ok: true });
    await sandbox.clock.advance(6 * 86_400_000);

    const [result] = await a.getTracking([tracking(created)]);
    expect(result!.current).toMatchObject(deliveredStatus);
    const statuses = result!.events.map((e) => e.status.status);
    expect(statuses).toContain('shipped');
    expect(statuses.at(-1)).toBe('delivered');
    expect(result!.events.some((e) => e.reason === 'Client ne répond pas')).toBe(true);

    const label = await a.getLabel(tracking(created));
    expect(label.kind).toBe(labelKind);
    const bytes =
      label.kind === 'pdf'
        ? label.bytes
        : label.kind === 'url'
          ? Buffer.from(await (await fetch(label.url)).arrayBuffer())
          : null;
    expect(bytes!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('cancels a fresh parcel and refuses once it has moved on', async () => {
    const a = adapter(kind);
    sandbox.setScenario(`C2-${kind}`, 'delivered');
    const [fresh, moving] = await a.createParcels([parcel(`C1-${kind}`, 0), parcel(`C2-${kind}`, 1)]);
    expect(await a.cancelParcel(tracking(fresh))).toEqual({ ok: true });
    if (a.capabilities.requiresValidation) await a.validateParcels([tracking(moving)]);
    await sandbox.clock.advance(30 * 3_600_000);
    expect(await a.cancelParcel(tracking(moving))).toMatchObject({ ok: false, allowed: false });
  });

  it('tests the connection and refuses bad credentials', async () => {
    expect(await adapter(kind).testConnection()).toEqual({ ok: true });
    const bad = sandboxAdapter(sandbox, kind, {
      credentials: Object.fromEntries(Object.entries(SANDBOX_CREDENTIALS[kind]).map(([k, v]) => [k, `invalid-${v}`])),
    });
    expect(await bad.testConnection()).toEqual({ ok: false, message: `${kind} refused these credentials` });
  });
});

describe('lost creation answers', () => {
  it('ZR and Maystro find the parcel by our reference instead of creating it again', async () => {
    for (const [kind, dialect] of [
      ['zr_express', 'zr'],
      ['maystro', 'maystro'],
    ] as const) {
      sandbox.faults.timeout({ dialect, operation: 'create', holdMs: 2_000 });
      const [outcome] = await adapter(kind).createParcels([parcel(`LOST-${kind}`, 0)]);
      expect(outcome).toMatchObject({ ok: true, recovered: true });
      expect(sandbox.store.parcels.filter((p) => p.reference === `LOST-${kind}`)).toHaveLength(1);
    }
  });

  it('NOEST cannot look orders up: the outcome stays ambiguous and nothing is re-sent', async () => {
    sandbox.faults.timeout({ dialect: 'noest', operation: 'create', holdMs: 2_000 });
    const [outcome] = await adapter('noest').createParcels([parcel('LOST-noest', 0)]);
    expect(outcome).toMatchObject({ ok: false, ambiguous: true });
    expect(sandbox.store.parcels.filter((p) => p.reference === 'LOST-noest')).toHaveLength(1);
    const [retry] = await adapter('noest').createParcels([parcel('LOST-noest', 0)], { lookupExisting: true });
    expect(retry).toMatchObject({ ok: false, ambiguous: true });
    expect(sandbox.store.parcels.filter((p) => p.reference === 'LOST-noest')).toHaveLength(1);
  });
});

describe('reference data', () => {
  it('ZR imports fees and hubs; NOEST lists desks; Maystro says what it cannot do', async () => {
    const fees = await adapter('zr_express').getFees({ fromWilayaCode: 16, toWilayaCodes: [16, 33] });
    expect(fees).toEqual([
      { wilayaCode: 16, home: 450, stopDesk: 300 },
      { wilayaCode: 33, home: 1100, stopDesk: null },
    ]);
    expect((await adapter('zr_express').getCentres({ wilayaCode: 31 }))[0]).toMatchObject({
      name: 'Hub Oran',
      wilayaCode: 31,
    });
    expect(await adapter('noest').getCentres({ wilayaCode: 16 })).toEqual([
      { id: '16A', name: 'Station Alger', wilayaCode: 16, address: 'Centre ville, Alger' },
    ]);
    await expect(adapter('maystro').getFees({ fromWilayaCode: 16 })).rejects.toMatchObject({ code: 'unsupported' });
    await expect(adapter('maystro').notifyDriver('1', 'hello')).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('Maystro resolves its own commune ids by name and refuses a commune it does not serve', async () => {
    const [ok, bad] = await adapter('maystro').createParcels([
      parcel('MC-1', 1),
      parcel('MC-2', 1, { commune: { name: 'Ville Inconnue' } }),
    ]);
    expect(ok).toMatchObject({ ok: true });
    expect(bad).toMatchObject({ ok: false, message: 'maystro does not deliver to Ville Inconnue' });
  });
});

describe('own drivers', () => {
  it('mints a stable tracking number per order without any HTTP, and prints our own label', async () => {
    const manual = createCarrierAdapter({ kind: 'manual', code: 'manual', credentials: {} });
    const before = sandbox.requests.length;
    const [a] = await manual.createParcels([parcel('OWN-1', 0)]);
    const [again] = await manual.createParcels([parcel('OWN-1', 0)]);
    expect(a).toMatchObject({ ok: true, trackingNumber: manualTrackingNumber('OWN-1'), status: { status: 'created' } });
    expect(tracking(again)).toBe(tracking(a));
    expect(await manual.getLabel(tracking(a))).toMatchObject({ kind: 'none' });
    expect(await manual.testConnection()).toEqual({ ok: true });
    expect(sandbox.requests.length).toBe(before);
  });
});
