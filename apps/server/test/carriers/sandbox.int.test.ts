import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCarrierSandbox, type TCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import { allowLocalFakes, parcel, sandboxAdapter } from './support.js';

allowLocalFakes();

/** The sandbox itself: start-up time, its HTTP control surface, isolation between instances. */
let sandbox: TCarrierSandbox;
let startMs = 0;

beforeAll(async () => {
  const t0 = performance.now();
  sandbox = await startCarrierSandbox({ startAt: Date.UTC(2026, 10, 21, 8, 0, 0) });
  startMs = performance.now() - t0;
});
afterAll(async () => {
  await sandbox.close();
});

const control = async (path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('carrier sandbox', () => {
  it('starts in under a second on 127.0.0.1', () => {
    expect(startMs).toBeLessThan(1_000);
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('is driven over HTTP too: clock, scenarios, faults, parcel list', async () => {
    const yalidine = sandboxAdapter(sandbox, 'yalidine');
    expect((await control('scenario', { reference: 'HTTP-1', scenario: 'returned' })).status).toBe(200);
    expect((await control('scenario', { reference: 'HTTP-1', scenario: 'teleported' })).status).toBe(422);
    expect(
      (await control('faults', { type: 'refuse', dialect: 'yalidine', references: ['HTTP-2'], message: 'Non' })).status,
    ).toBe(200);

    const [one, two] = await yalidine.createParcels([parcel('HTTP-1', 0), parcel('HTTP-2', 1)]);
    expect(one).toMatchObject({ ok: true });
    expect(two).toMatchObject({ ok: false, message: 'Non' });
    expect((await control('faults', { type: 'clear' })).status).toBe(200);

    const before = (await control('clock')).body.now as number;
    const advanced = await control('clock/advance', { days: 10 });
    expect(advanced.body).toMatchObject({ now: before + 10 * 86_400_000 });
    expect(advanced.body.changes).toBeGreaterThanOrEqual(10);

    const list = (await fetch(`${sandbox.url}/__sandbox/parcels`).then((r) => r.json())) as Array<
      Record<string, unknown>
    >;
    expect(list.find((p) => p.reference === 'HTTP-1')).toMatchObject({
      dialect: 'yalidine',
      scenario: 'returned',
      status: 'Retourné au vendeur',
    });
    expect((await control('clock/advance', { ms: -5 })).status).toBe(422);
  });

  it('keeps sellers apart: one account never sees another account parcels', async () => {
    const mine = sandboxAdapter(sandbox, 'ecotrack', { code: 'dhd', credentials: { api_token: 'seller-a' } });
    const theirs = sandboxAdapter(sandbox, 'ecotrack', { code: 'dhd', credentials: { api_token: 'seller-b' } });
    const [created] = await mine.createParcels([parcel('ISO-1', 0)]);
    const tracking = created!.ok ? created!.trackingNumber : '';
    expect((await mine.getTracking([tracking]))[0]!.current).not.toBeNull();
    expect((await theirs.getTracking([tracking]))[0]!.current).toBeNull();
    await expect(theirs.getLabel(tracking)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('gives each instance its own state', async () => {
    const other = await startCarrierSandbox();
    try {
      expect(other.store.parcels).toHaveLength(0);
      expect(sandbox.store.parcels.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
