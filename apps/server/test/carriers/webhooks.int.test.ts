import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseYalidineWebhook,
  verifyYalidineSignature,
  yalidineCrcChallenge,
  YALIDINE_SIGNATURE_HEADER,
} from '../../src/carriers/yalidine/webhook.js';
import { parseZrWebhook, verifyZrWebhook } from '../../src/carriers/zr-express/webhook.js';
import { allowLocalFakes, parcel, sandboxAdapter, useCarrierSandbox } from './support.js';

allowLocalFakes();

/** Signed pushes from the sandbox to a real local receiver, verified with the helpers the webhook routes will use. */
interface TReceived {
  body: string;
  headers: http.IncomingHttpHeaders;
}

const sandbox = useCarrierSandbox();
let receiver: http.Server;
let receiverUrl = '';
const received: TReceived[] = [];
let failNext = 0;
const YALIDINE_SECRET = 'whk-yalidine-3f9a1c';
const ZR_SECRET = `whsec_${Buffer.from('zr-signing-key-for-tests-0123456789').toString('base64')}`;

/** The Yalidine seller whose parcels push to the receiver. */
const hooksAdapter = () =>
  sandboxAdapter(sandbox, 'yalidine', { credentials: { api_id: 'hooks', api_token: 'hooks-token' } });

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const crc = yalidineCrcChallenge(Object.fromEntries(url.searchParams));
    if (req.method === 'GET' && crc) {
      res.end(crc);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.statusCode = failNext-- > 0 ? 500 : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('Yalidine webhooks', () => {
  it('validates the endpoint with crc_token, then signs every batch with X-YALIDINE-SIGNATURE', async () => {
    expect(await sandbox.webhooks.configure('yalidine', { url: receiverUrl, secret: YALIDINE_SECRET })).toEqual({
      validated: true,
    });
    const adapter = hooksAdapter();
    sandbox.setScenario('WH-1', 'delivered');
    const [created] = await adapter.createParcels([parcel('WH-1', 0)]);
    const tracking = created!.ok ? created!.trackingNumber : '';
    received.length = 0;

    await sandbox.clock.advance(3 * 86_400_000);

    const yalidine = received.filter((r) => r.headers[YALIDINE_SIGNATURE_HEADER]);
    expect(yalidine.length).toBeGreaterThanOrEqual(2);
    for (const r of yalidine) {
      expect(verifyYalidineSignature(r.body, r.headers[YALIDINE_SIGNATURE_HEADER], YALIDINE_SECRET)).toBe(true);
    }
    const events = yalidine.flatMap((r) => parseYalidineWebhook(r.body)).filter((e) => e.trackingNumber === tracking);
    expect(events[0]).toMatchObject({ status: { status: 'created', raw: 'parcel_created' } });
    expect(events.at(-1)).toMatchObject({ status: { status: 'delivered', raw: 'Livré', known: true } });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
  });

  it('refuses a tampered body, a wrong secret and a missing signature', () => {
    const body = JSON.stringify({
      type: 'parcel_status_updated',
      events: [{ event_id: 'e1', data: { tracking: 'yal-1', status: 'Livré' } }],
    });
    const good = received.find((r) => r.headers[YALIDINE_SIGNATURE_HEADER])!;
    const tampered = good.body.replace('"status":"', '"status":"X');
    expect(tampered).not.toBe(good.body);
    expect(verifyYalidineSignature(tampered, good.headers[YALIDINE_SIGNATURE_HEADER], YALIDINE_SECRET)).toBe(false);
    expect(verifyYalidineSignature(good.body, good.headers[YALIDINE_SIGNATURE_HEADER], 'another-secret')).toBe(false);
    expect(verifyYalidineSignature(body, undefined, YALIDINE_SECRET)).toBe(false);
    expect(verifyYalidineSignature(body, 'not-hex', YALIDINE_SECRET)).toBe(false);
  });

  it('retries a failed delivery on the carrier schedule with the same event ids', async () => {
    const adapter = hooksAdapter();
    await adapter.createParcels([parcel('WH-RETRY', 1)]);
    received.length = 0;
    failNext = 1;
    await sandbox.clock.advance(0);
    expect(received).toHaveLength(1);
    await sandbox.clock.advance(60_000); // not yet: the first retry is 5 minutes later
    expect(received).toHaveLength(1);
    await sandbox.clock.advance(4 * 60_000);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
  });

  it('can deliver duplicates and reversed batches (the sync must be idempotent and order by occurred_at)', async () => {
    const adapter = hooksAdapter();
    await adapter.createParcels([parcel('WH-DUP-1', 0), parcel('WH-DUP-2', 1)]);
    sandbox.faults.webhooks({ duplicate: true, reverse: true });
    received.length = 0;
    await sandbox.clock.advance(0);
    sandbox.faults.clear();
    expect(received).toHaveLength(2);
    expect(received[0]!.body).toBe(received[1]!.body);
    const events = parseYalidineWebhook(received[0]!.body);
    expect(events.map((e) => e.trackingNumber)).toHaveLength(2);
  });
});

describe('ZR Express webhooks (Svix)', () => {
  it('signs each event with svix headers that verify, and refuses tampering and stale timestamps', async () => {
    await sandbox.webhooks.configure('zr', { url: receiverUrl, secret: ZR_SECRET });
    const adapter = sandboxAdapter(sandbox, 'zr_express', { credentials: { api_key: 'zr-hooks', tenant_id: 't1' } });
    sandbox.setScenario('ZRWH-1', 'delivered');
    const [created] = await adapter.createParcels([parcel('ZRWH-1', 0)]);
    received.length = 0;

    await sandbox.clock.advance(3 * 86_400_000);

    const zr = received.filter((r) => r.headers['svix-signature']);
    expect(zr.length).toBeGreaterThanOrEqual(5);
    for (const r of zr) expect(verifyZrWebhook(r.body, r.headers, ZR_SECRET)).toBe(true);
    const events = zr.flatMap((r) => parseZrWebhook(r.body, r.headers));
    expect(events.at(-1)).toMatchObject({
      trackingNumber: created!.ok ? created!.trackingNumber : '',
      status: { status: 'delivered', raw: 'Livré' },
    });
    expect(events.every((e) => e.eventId.startsWith('msg_'))).toBe(true);

    const first = zr[0]!;
    const tampered = first.body.replace(/"name":"[^"]*"/, '"name":"Livré"');
    expect(tampered).not.toBe(first.body);
    expect(verifyZrWebhook(tampered, first.headers, ZR_SECRET)).toBe(false);
    expect(verifyZrWebhook(first.body, first.headers, `whsec_${Buffer.from('other').toString('base64')}`)).toBe(false);
    expect(verifyZrWebhook(first.body, first.headers, ZR_SECRET, Date.now() + 10 * 60_000)).toBe(false);
  });
});
