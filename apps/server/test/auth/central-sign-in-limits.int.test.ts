import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { createTestTenant, openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';
import { attempt, createCentralAdmin, randomIp, tally } from './support.js';

// docs/decisions/0038: the central administrator's sign-in has the same limits, on its own counters.
const { app, database } = await openTestApp();
const url = '/central/login';

describe('POST /central/login limits', () => {
  it('a stranger cannot lock the central administrator out', async () => {
    const { email } = await createCentralAdmin(database);
    const stranger = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.pair.max + 3; i++) {
      statuses.push(await attempt(app, { url, email, password: 'guess', ip: stranger }));
    }
    expect(tally(statuses)).toEqual({ 422: LOGIN_LIMITS.pair.max, 429: 3 });
    expect(await attempt(app, { url, email, password: TEST_PASSWORD, ip: stranger })).toBe(429);
    expect(await attempt(app, { url, email, password: TEST_PASSWORD, ip: randomIp() })).toBe(200);
  });

  it('20 parallel wrong attempts: exactly the limit is evaluated, the rest get 429', async () => {
    const { email } = await createCentralAdmin(database);
    const ip = randomIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => attempt(app, { url, email, password: 'guess', ip })),
    );
    expect(tally(statuses)).toEqual({ 422: LOGIN_LIMITS.pair.max, 429: 20 - LOGIN_LIMITS.pair.max });
  });

  it('a spoofed X-Forwarded-For does not reset the per-address count (no trusted proxy)', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.ip.max; i++) {
      const headers = { 'x-forwarded-for': `198.51.100.${i + 1}` };
      statuses.push(
        await attempt(app, { url, email: `${unique('c')}@central.test.dz`, password: 'guess', ip, headers }),
      );
    }
    expect(tally(statuses)).toEqual({ 422: LOGIN_LIMITS.ip.max, 429: 1 });
  });

  it('central and shop accounts never share a lock, even under one e-mail', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) {
      await attempt(app, { url, email: tenant.ownerEmail, password: 'guess', ip });
    }
    expect(await attempt(app, { url, email: tenant.ownerEmail, password: 'guess', ip })).toBe(429);
    expect(await attempt(app, { email: tenant.ownerEmail, password: TEST_PASSWORD, ip })).toBe(200);
  });
});
