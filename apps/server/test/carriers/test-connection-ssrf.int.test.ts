import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unreachableMessage } from '../../src/carriers/carrier.js';
import { SANDBOX_CREDENTIALS, startCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import { configureOutbound, STRICT_POLICY } from '../../src/lib/outbound-guard.js';
import {
  setCarrierAdapterOverrides,
  setCarrierSandboxUrl,
} from '../../src/modules/shipping-companies/carrier-runtime.js';
import { clientOf, type TClient } from '../orders/orders-support.js';
import { createTestTenant, loginAs, openTestApp } from '../support/test-db.js';
import { closedPort } from './support.js';

/**
 * Issue "hardening" 2 through the HTTP route, as a shop owner (decision 0037): a carrier's base
 * URL cannot make the server read its own network. Refused when saved; refused again when used
 * (a row saved before the rule, or a name that resolves elsewhere today); and "test connection"
 * answers one message whatever the port did, never quoting what answered.
 */
const { app, database } = await openTestApp({
  CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
  OUTBOUND_ALLOW_PRIVATE: 'false',
});
setCarrierAdapterOverrides({ http: { timeoutMs: 300, baseDelayMs: 5, maxDelayMs: 20, maxRetries: 1, rateLimit: {} } });

const SECRET = 'INTERNAL-SECRET-d41c';
let internal: http.Server; // a service on the server's own network
let port = 0;
let hits = 0;
let answer: (res: http.ServerResponse) => void = (res) => res.end(JSON.stringify({ secret: SECRET }));

beforeAll(async () => {
  internal = http.createServer((req, res) => {
    hits += 1;
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  port = (internal.address() as AddressInfo).port;
});
afterAll(async () => {
  internal.closeAllConnections();
  await new Promise<void>((r) => internal.close(() => r()));
});
afterEach(() => {
  configureOutbound(STRICT_POLICY);
  setCarrierSandboxUrl(null);
});

async function owner(): Promise<{ api: TClient; tenantId: number }> {
  const tenant = await createTestTenant(database);
  const { authorization } = await loginAs(app, tenant.ownerEmail);
  return { api: clientOf(app, authorization), tenantId: tenant.id };
}

/** An EcoTrack company on a plausible public host (never called as such in these tests). */
async function ecotrackCompany(api: TClient, code = 'my-tenant'): Promise<number> {
  const created = await api.post('/dashboard/shipping-companies', {
    kind: 'ecotrack',
    code,
    name: 'Tenant',
    base_url: 'https://mytenant.ecotrack.dz',
    credentials: { api_token: 'token-1234567' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

/** What a row saved before the rule (or by a bug) would hold. */
const pointAt = (id: number, baseUrl: string) =>
  database.db.execute(sql`update shipping_companies set base_url = ${baseUrl} where id = ${id}`);

describe('carrier base URL: server-side request forgery', () => {
  it('refuses internal, numeric, IPv6, metadata and trick URLs when a company is saved', async () => {
    const { api } = await owner();
    const refused = [
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      'https://127.0.0.1/',
      'https://2130706433/', // decimal
      'https://0x7f000001/', // hex
      'https://0177.0.0.1/', // octal
      'https://127.1/',
      'https://10.0.0.8/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[fc00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost/',
      'https://metadata.google.internal/',
      'https://mytenant.ecotrack.dz/api#',
      'https://mytenant.ecotrack.dz/api?x=1',
      'https://user:pass@mytenant.ecotrack.dz/',
      'https://mytenant.ecotrack.dz@127.0.0.1/',
      'https://mytenant.ecotrack.dz:8443/',
      'sandbox://ecotrack/dhd', // the demo shop's only
    ];
    for (const base_url of refused) {
      const answer = await api.post('/dashboard/shipping-companies', {
        kind: 'ecotrack',
        code: `t-${crypto.randomBytes(3).toString('hex')}`,
        name: 'Tenant',
        base_url,
        credentials: { api_token: 'token-1234567' },
      });
      expect(answer.statusCode, base_url).toBe(422);
      expect(Object.keys(answer.json().errors), base_url).toEqual(['base_url']);
    }
    // Carriers with fixed API hosts stay on them.
    const yalidine = await api.post('/dashboard/shipping-companies', {
      kind: 'yalidine',
      code: 'yalidine',
      name: 'Yalidine',
      base_url: 'https://api.yalidine.app.evil.example/v1',
      credentials: { api_id: 'id-1234', api_token: 'token-1234' },
    });
    expect(yalidine.statusCode).toBe(422);
    expect(yalidine.json().errors.base_url).toEqual([
      'The address must be on api.yalidine.app or api.guepex.app or api.yalitec.me.',
    ]);
    // An edit is held to the same rules.
    const id = await ecotrackCompany(api);
    const view = (await api.get(`/dashboard/shipping-companies/${id}`)).json();
    const edit = await api.put(`/dashboard/shipping-companies/${id}`, { ...view, base_url: 'https://[::1]/' });
    expect(edit.statusCode).toBe(422);
    expect(hits).toBe(0);
  });

  it('refuses them again when used: test connection never connects, and answers one message', async () => {
    const { api } = await owner();
    const id = await ecotrackCompany(api);
    const closed = await closedPort();
    const bases = [
      `http://127.0.0.1:${port}`, // open port
      `http://127.0.0.1:${closed}`, // refused port
      `https://127.0.0.1:${port}`,
      `http://localhost:${port}`, // a name that resolves to loopback
      `https://2130706433:${port}`,
      `https://0x7f000001:${port}`,
      `https://[::1]:${port}`,
      `https://[::ffff:127.0.0.1]:${port}`,
      'http://169.254.169.254/latest/meta-data/',
      `https://mytenant.ecotrack.dz/#`, // the fragment would cut the carrier's path off
    ];
    const bodies: string[] = [];
    for (const base of bases) {
      await pointAt(id, base);
      const tested = await api.post(`/dashboard/shipping-companies/${id}/test-connection`);
      expect(tested.statusCode, base).toBe(200);
      expect(tested.json(), base).toMatchObject({ success: false, message: unreachableMessage('my-tenant') });
      bodies.push(tested.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toContain(SECRET);
    // The other calls to the carrier refuse the same way (fees import, centres).
    await pointAt(id, `http://127.0.0.1:${port}`);
    const fees = await api.post(`/dashboard/shipping-companies/${id}/fees/import`);
    expect(fees.statusCode).toBe(409);
    expect(fees.json().message).toBe(unreachableMessage('my-tenant'));
    expect(hits).toBe(0);
  });

  it('with the private allowance (tests): a refused port, an open one, a hang and a redirect read alike', async () => {
    configureOutbound({ allowPrivate: true });
    const { api } = await owner();
    const id = await ecotrackCompany(api, 'tenant-b');
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/latest/meta-data/` }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      const cases: Array<[string, (res: http.ServerResponse) => void]> = [
        [`http://127.0.0.1:${await closedPort()}`, () => undefined],
        [`http://127.0.0.1:${port}`, (res) => res.end(`<html><body>${SECRET}</body></html>`)],
        [`http://127.0.0.1:${port}`, (res) => res.end(JSON.stringify({ secret: SECRET }))],
        [`http://127.0.0.1:${port}`, (res) => res.writeHead(404).end(JSON.stringify({ message: SECRET }))],
        [`http://127.0.0.1:${port}`, (res) => res.writeHead(500).end(SECRET)],
        [`http://127.0.0.1:${port}`, () => undefined], // accepts, never answers
        [`http://127.0.0.1:${(redirector.address() as AddressInfo).port}`, () => undefined],
      ];
      const bodies: string[] = [];
      for (const [base, reply] of cases) {
        answer = reply;
        await pointAt(id, base);
        const before = hits;
        const tested = await api.post(`/dashboard/shipping-companies/${id}/test-connection`);
        expect(tested.json(), base).toMatchObject({ success: false, message: unreachableMessage('tenant-b') });
        bodies.push(tested.body);
        if (base.endsWith(String((redirector.address() as AddressInfo).port))) expect(hits).toBe(before); // not followed
      }
      expect(new Set(bodies).size).toBe(1);
      expect(bodies.join('\n')).not.toContain(SECRET);
    } finally {
      redirector.closeAllConnections();
      await new Promise<void>((r) => redirector.close(() => r()));
    }
  });

  it('keeps sandbox:// for the demo shop: refused to any other shop on save and on use', async () => {
    const sandbox = await startCarrierSandbox();
    try {
      const demo = await owner();
      const other = await owner();
      setCarrierSandboxUrl(sandbox.url, demo.tenantId);
      const body = {
        kind: 'yalidine',
        code: 'yalidine',
        name: 'Yalidine',
        base_url: 'sandbox://yalidine/v1',
        credentials: SANDBOX_CREDENTIALS.yalidine,
      };
      const mine = await demo.api.post('/dashboard/shipping-companies', body);
      expect(mine.statusCode, mine.body).toBe(201);
      // Production rules (strict) and still the demo works: the sandbox is our own process.
      const tested = await demo.api.post(`/dashboard/shipping-companies/${mine.json().data.id}/test-connection`);
      expect(tested.json().success).toBe(true);

      const refused = await other.api.post('/dashboard/shipping-companies', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.base_url).toEqual(['sandbox:// addresses are for the demo shop only.']);
      const theirs = await ecotrackCompany(other.api);
      await pointAt(theirs, 'sandbox://ecotrack/dhd');
      const calls = sandbox.requests.length;
      const used = await other.api.post(`/dashboard/shipping-companies/${theirs}/test-connection`);
      expect(used.json()).toMatchObject({
        success: false,
        message: 'my-tenant: sandbox:// addresses are for the demo shop only.',
      });
      const fees = await other.api.post(`/dashboard/shipping-companies/${theirs}/fees/import`);
      expect(fees.statusCode).toBe(409);
      expect(sandbox.requests.length).toBe(calls);
    } finally {
      await sandbox.close();
    }
  });
});
