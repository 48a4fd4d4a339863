import { describe, expect, it } from 'vitest';
import type { TCarrierAdapter } from '../../src/carriers/carrier.js';
import { startCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import { allowLocalFakes, FAST_HTTP, parcel, parcels, sandboxAdapter, useCarrierSandbox } from './support.js';

allowLocalFakes();

/** The real Yalidine HTTP adapter against the sandbox on 127.0.0.1 (issue 5, decisions 0017/0018). */
const sandbox = useCarrierSandbox();

function yalidine(apiId: string, code = 'yalidine'): TCarrierAdapter {
  return sandboxAdapter(sandbox, 'yalidine', { code, credentials: { api_id: apiId, api_token: `token-for-${apiId}` } });
}

describe('Yalidine batch creation', () => {
  it('creates 50 parcels where the carrier refuses 7: 43 tracking numbers and the 7 carrier messages', async () => {
    const adapter = yalidine('batch-50');
    const input = parcels('Y50', 50);
    const refused = ['Y50-3', 'Y50-9', 'Y50-17', 'Y50-21', 'Y50-30', 'Y50-41', 'Y50-50'];
    sandbox.faults.refuse({
      dialect: 'yalidine',
      references: refused,
      message: 'Adresse incomplète: numéro de rue manquant',
    });

    const outcomes = await adapter.createParcels(input);

    expect(outcomes.map((o) => o.reference)).toEqual(input.map((p) => p.reference));
    const ok = outcomes.filter((o) => o.ok);
    const failed = outcomes.filter((o) => !o.ok);
    expect(ok).toHaveLength(43);
    expect(failed.map((o) => o.reference).sort()).toEqual([...refused].sort());
    for (const f of failed) {
      expect(f).toMatchObject({ ok: false, ambiguous: false, message: 'Adresse incomplète: numéro de rue manquant' });
    }
    const trackings = ok.map((o) => (o.ok ? o.trackingNumber : ''));
    expect(new Set(trackings).size).toBe(43);
    for (const o of ok) {
      if (!o.ok) continue;
      expect(o.trackingNumber).toMatch(/^yal-[0-9A-Z]{6}$/);
      expect(o.status).toMatchObject({ status: 'created', raw: 'En préparation', known: true });
      expect(o.labelUrl).toContain(`/labels/yalidine/${o.trackingNumber}.pdf`);
    }
    // Exactly the 43 parcels exist at the carrier.
    const atCarrier = sandbox.store.parcels.filter((p) => p.reference.startsWith('Y50-'));
    expect(atCarrier).toHaveLength(43);
    sandbox.faults.clear();
  });

  it('isolates refused parcels when the carrier validates a batch all-or-nothing (documented behaviour)', async () => {
    const strict = await startCarrierSandbox({ yalidineBatchMode: 'all_or_nothing' });
    try {
      const adapter = sandboxAdapter(strict, 'yalidine', { credentials: { api_id: 'a', api_token: 'bcde' } });
      const input = parcels('STRICT', 12);
      input[4] = parcel('STRICT-5', 4, { commune: { name: 'Nulle Part' } });

      const outcomes = await adapter.createParcels(input);

      expect(outcomes.filter((o) => o.ok)).toHaveLength(11);
      expect(outcomes[4]).toMatchObject({ ok: false, reference: 'STRICT-5' });
      expect(!outcomes[4]!.ok && outcomes[4]!.message).toContain("La commune Nulle Part n'existe pas");
      expect(strict.store.parcels).toHaveLength(11);
    } finally {
      await strict.close();
    }
  });

  it('never creates a parcel twice when the creation answer is lost (timeout) and the batch is retried', async () => {
    const adapter = yalidine('timeouts');
    const input = parcels('YTO', 5);
    sandbox.faults.timeout({ dialect: 'yalidine', operation: 'create', holdMs: 5_000 });

    const first = await adapter.createParcels(input);

    // The sandbox created them, the answer was lost: the adapter found them by order_id.
    expect(first.every((o) => o.ok && o.recovered)).toBe(true);
    expect(
      sandbox.requests.filter(
        (r) =>
          r.path.endsWith('/parcels/') && r.method === 'POST' && r.dialect === 'yalidine' && r.status === 'dropped',
      ),
    ).toHaveLength(1);

    // A later retry of the same dispatch (e.g. after a crash) looks up first and creates nothing.
    const retry = await adapter.createParcels(input, { lookupExisting: true });
    expect(retry.map((o) => o.ok && o.trackingNumber)).toEqual(first.map((o) => o.ok && o.trackingNumber));
    const atCarrier = sandbox.store.parcels.filter((p) => p.reference.startsWith('YTO-'));
    expect(atCarrier).toHaveLength(5);
  });

  it('re-sends only the parcels the carrier never received after an ambiguous 5xx', async () => {
    const adapter = yalidine('fivexx');
    sandbox.faults.fail({ dialect: 'yalidine', operation: 'create', status: 502, afterProcessing: false });

    const outcomes = await adapter.createParcels(parcels('Y5XX', 3));

    expect(outcomes.every((o) => o.ok && !o.recovered)).toBe(true);
    expect(sandbox.store.parcels.filter((p) => p.reference.startsWith('Y5XX-'))).toHaveLength(3);
  });

  it('sends one parcel per reference even when the caller repeats a reference in one call', async () => {
    const adapter = yalidine('dupes');
    const outcomes = await adapter.createParcels([parcel('YDUP-1', 0), parcel('YDUP-1', 0)]);
    expect(outcomes[0]).toMatchObject({ ok: true });
    expect(outcomes[1]).toMatchObject({ ok: false, message: 'Duplicate order in the same request' });
    expect(sandbox.store.parcels.filter((p) => p.reference === 'YDUP-1')).toHaveLength(1);
  });
});

describe('Yalidine rate limits', () => {
  it('waits for Retry-After after a 429 and then succeeds', async () => {
    const adapter = yalidine('ratelimit');
    sandbox.faults.rateLimit({ dialect: 'yalidine', operation: 'centres', retryAfterSeconds: 1 });
    const before = sandbox.requests.length;

    const centres = await adapter.getCentres({ wilayaCode: 16 });

    const calls = sandbox.requests.slice(before).filter((r) => r.operation === 'centres');
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(centres.length).toBeGreaterThan(0);
    expect(centres.every((c) => c.wilayaCode === 16)).toBe(true);
  });

  it('gives up with rate_limited when Retry-After is longer than it may wait', async () => {
    const adapter = sandboxAdapter(sandbox, 'yalidine', {
      credentials: { api_id: 'rl2', api_token: 'rl2-token' },
      http: { ...FAST_HTTP, maxWaitMs: 500 },
    });
    sandbox.faults.rateLimit({ dialect: 'yalidine', operation: 'fees', retryAfterSeconds: 30 });
    await expect(adapter.getFees({ fromWilayaCode: 16, toWilayaCodes: [31] })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    sandbox.faults.clear();
  });

  it('paces itself with the published quotas (5 per second)', async () => {
    const adapter = sandboxAdapter(sandbox, 'yalidine', {
      credentials: { api_id: 'pace', api_token: 'pace-token' },
      http: { timeoutMs: 2_000 },
    });
    const started = Date.now();
    await adapter.getFees({ fromWilayaCode: 16, toWilayaCodes: [1, 2, 3, 4, 5, 6, 7] });
    // 7 requests at 5/s: the 6th waits for the first second to pass.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

describe('Yalidine tracking, fees, centres, labels, cancel', () => {
  it('maps a delivered life to SPEC 4 statuses and keeps the raw words', async () => {
    const adapter = yalidine('life');
    sandbox.setScenario('YLIFE-1', 'failed_then_delivered');
    const [created] = await adapter.createParcels([parcel('YLIFE-1', 1)]);
    const tracking = created!.ok ? created!.trackingNumber : '';

    await sandbox.clock.advance(7 * 86_400_000);
    const [result] = await adapter.getTracking([tracking]);

    expect(result!.current).toEqual({ status: 'delivered', raw: 'Livré', known: true });
    expect(result!.events.map((e) => [e.status.raw, e.status.status])).toEqual([
      ['En préparation', 'created'],
      ['Ramassé', 'in_process'],
      ['Vers Wilaya', 'in_transit_to_ship'],
      ['Reçu à Wilaya', 'in_transit_to_ship'],
      ['Sorti en livraison', 'shipped'],
      ['Tentative échouée', 'alerted'],
      ['Sorti en livraison', 'shipped'],
      ['Livré', 'delivered'],
    ]);
    expect(result!.events[5]!.reason).toBe('Client ne répond pas');
    const times = result!.events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('follows a returned parcel to taken_by_store', async () => {
    const adapter = yalidine('life');
    sandbox.setScenario('YRET-1', 'returned');
    const [created] = await adapter.createParcels([parcel('YRET-1', 2)]);
    await sandbox.clock.advance(10 * 86_400_000);
    const [result] = await adapter.getTracking([created!.ok ? created!.trackingNumber : '']);
    expect(result!.current).toMatchObject({ status: 'taken_by_store', raw: 'Retourné au vendeur' });
    expect(result!.events.map((e) => e.status.status)).toContain('ready_to_return');
    expect(result!.events.map((e) => e.status.status)).toContain('in_transit_to_return');
  });

  it('imports fees per wilaya (home and stop desk) and stop-desk centres', async () => {
    const adapter = yalidine('fees');
    const [oran] = await adapter.getFees({ fromWilayaCode: 16, toWilayaCodes: [31] });
    expect(oran).toMatchObject({ wilayaCode: 31, home: 650, stopDesk: 500 });
    expect(oran!.communes!.length).toBeGreaterThan(10);
    const centres = await adapter.getCentres();
    expect(centres.find((c) => c.id === '161201')).toMatchObject({ wilayaCode: 16 });
  });

  it('gives the label as a public URL that serves a PDF', async () => {
    const adapter = yalidine('labels');
    const [created] = await adapter.createParcels([parcel('YLBL-1', 3)]);
    const label = await adapter.getLabel(created!.ok ? created!.trackingNumber : '');
    expect(label.kind).toBe('url');
    const bytes = Buffer.from(await (await fetch(label.kind === 'url' ? label.url : '')).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
  });

  it('cancels only while the parcel is still En préparation', async () => {
    const adapter = yalidine('cancel');
    sandbox.setScenario('YCAN-2', 'delivered');
    const [a, b] = await adapter.createParcels([parcel('YCAN-1', 0), parcel('YCAN-2', 1)]);
    expect(await adapter.cancelParcel(a!.ok ? a!.trackingNumber : '')).toEqual({ ok: true });
    await sandbox.clock.advance(5 * 3_600_000); // YCAN-2 is picked up
    const refused = await adapter.cancelParcel(b!.ok ? b!.trackingNumber : '');
    expect(refused).toMatchObject({ ok: false, allowed: false });
  });

  it('answers test-connection with ok, and with a message for refused credentials', async () => {
    expect(await yalidine('good').testConnection()).toEqual({ ok: true });
    expect(await yalidine('invalid-id').testConnection()).toEqual({
      ok: false,
      message: 'yalidine refused these credentials',
    });
  });

  it('keeps Guepex parcels on the Guepex host with their own prefix', async () => {
    const guepex = yalidine('gpx', 'guepex');
    const [created] = await guepex.createParcels([parcel('GPX-1', 0)]);
    expect(created).toMatchObject({ ok: true });
    expect(created!.ok && created!.trackingNumber).toMatch(/^gpx-/);
  });
});
