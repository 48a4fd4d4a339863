import { describe, expect, it } from 'vitest';
import { startCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import { allowLocalFakes, parcel, sandboxAdapter, useCarrierSandbox } from './support.js';

allowLocalFakes();

/**
 * Decision 0037, the sandbox half: it answers without credentials (labels, control paths), so it
 * listens on loopback only, its label links carry random tokens, and it pushes webhooks to this
 * machine only.
 */
const sandbox = useCarrierSandbox();

const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('carrier sandbox exposure', () => {
  it('listens on loopback only', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10']) {
      await expect(startCarrierSandbox({ host }), host).rejects.toThrow(/loopback only/);
    }
    const v6 = await startCarrierSandbox({ host: '::1' });
    try {
      expect(v6.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    } finally {
      await v6.close();
    }
  });

  it('serves labels at unguessable links only', async () => {
    const yalidine = sandboxAdapter(sandbox, 'yalidine');
    const created = await yalidine.createParcels([parcel('LBL-1', 0), parcel('LBL-2', 1), parcel('LBL-3', 2)]);
    const labels = created.map((o) => (o.ok ? o.labelUrl! : ''));
    const tokens = labels.map((url) => /\/l\/([A-Za-z0-9_-]{24})\/labels\/yalidine\/yal-\w+\.pdf$/.exec(url)?.[1]);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(3);

    for (const url of labels) {
      const label = await get(url);
      expect(label.status).toBe(200);
      expect(label.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const [first, second] = created.map((o) => (o.ok ? o.trackingNumber : ''));
    // The old sequential address, another parcel's token, and a guessed token answer nothing.
    expect((await get(`${sandbox.url}/labels/yalidine/${first}.pdf`)).status).toBe(404);
    expect((await get(labels[0]!.replace(first!, second!))).status).toBe(404);
    expect((await get(labels[0]!.replace(tokens[0]!, 'A'.repeat(24)))).status).toBe(404);

    // Yalidine's batch link (`labels`): one token for the request, printing its parcels.
    const [token, batch] = [...sandbox.store.labels.entries()].find(([, l]) => l.name.startsWith('batch-'))!;
    const batchLabel = await get(`${sandbox.url}/l/${token}/labels/yalidine/${batch.name}.pdf`);
    expect(batchLabel.status).toBe(200);
    for (const tracking of [first, second]) expect(batchLabel.bytes.toString('latin1')).toContain(tracking);
  });

  it('pushes webhooks to this machine only', async () => {
    for (const url of ['http://10.0.0.1/hook', 'https://example.com/hook', 'http://169.254.169.254/', 'file:///x']) {
      await expect(sandbox.webhooks.configure('zr', { url, secret: 'whsec_eA==' }), url).rejects.toThrow(
        /this machine only/,
      );
    }
  });
});
