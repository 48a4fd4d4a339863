import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { createTestTenant, openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';
import { attempt, randomIp } from './support.js';

// docs/decisions/0038: X-Forwarded-For is believed only from the proxies TRUST_PROXY lists.
const PROXY_RANGE = '10.250.0.0/16';
const proxy = () => `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const forwarded = () => ({ 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` });

const direct = await openTestApp();
const proxied = await openTestApp({ TRUST_PROXY: PROXY_RANGE });

/** Wrong passwords for as many different accounts as one address may try, each with a new header. */
async function spray(app: typeof direct.app, ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_LIMITS.ip.max; i++) {
    statuses.push(
      await attempt(app, { email: `${unique('spray')}@test.dz`, password: 'guess', ip, headers: forwarded() }),
    );
  }
  return statuses;
}

describe('TRUST_PROXY unset (the default)', () => {
  const { app, database } = direct;

  it('a spoofed X-Forwarded-For does not reset the per-address count', async () => {
    const statuses = await spray(app, randomIp());
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 422)).toHaveLength(LOGIN_LIMITS.ip.max);
  });

  it('nor does it free a locked account and address pair', async () => {
    const tenant = await createTestTenant(database);
    const ip = proxy();
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) {
      expect(await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip, headers: forwarded() })).toBe(422);
    }
    const spoofed = { email: tenant.ownerEmail, password: TEST_PASSWORD, ip, headers: forwarded() };
    expect(await attempt(app, spoofed)).toBe(429);
  });
});

describe(`TRUST_PROXY=${PROXY_RANGE}`, () => {
  const { app, database } = proxied;

  it('through the trusted proxy each client is its own address: a stranger does not lock the owner', async () => {
    const tenant = await createTestTenant(database);
    const via = proxy();
    const stranger = forwarded();
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) {
      await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip: via, headers: stranger });
    }
    expect(await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip: via, headers: stranger })).toBe(429);
    const owner = { email: tenant.ownerEmail, password: TEST_PASSWORD, ip: via, headers: forwarded() };
    expect(await attempt(app, owner)).toBe(200);
  });

  it('through the trusted proxy, clients behind it are counted apart', async () => {
    const statuses = await spray(app, proxy());
    expect(statuses.every((status) => status === 422)).toBe(true);
  });

  it('a client outside the trusted range is counted by its own address, whatever header it writes', async () => {
    const statuses = await spray(app, randomIp());
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('TRUST_PROXY values', () => {
  const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('unset or empty trusts nobody; a list of addresses and CIDRs is passed on', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('10.0.0.0/8, 192.168.1.1,::1,2001:db8::/32,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it('refuses at start a hop count, "true" and anything that is not an address', () => {
    for (const value of ['1', '2', 'true', '*', '10.0.0.0/33', 'proxy.local']) {
      expect(() => trustProxy(value), value).toThrow(ConfigError);
    }
    expect(() => trustProxy('1')).toThrow(/hop count is not accepted/);
  });
});
