import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { createTestTenant, createTestUser, loginAs, openTestApp, postLogin } from '../support/test-db.js';
import { TEST_PASSWORD, unique } from '../support/test-db.js';
import { attempt, randomIp, tally } from './support.js';

// docs/decisions/0038: limits a stranger cannot turn against the owner, counted atomically.
const { app, database } = await openTestApp();

describe('a stranger cannot lock the owner out', () => {
  it('locks only the stranger: the owner signs in at once from their own address', async () => {
    const tenant = await createTestTenant(database);
    const stranger = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.pair.max + 3; i++) {
      statuses.push(await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip: stranger }));
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMITS.pair.max).fill(422), ...Array<number>(3).fill(429)]);
    // The right password from the stranger's address is refused too: the pair is locked.
    expect(await attempt(app, { email: tenant.ownerEmail, password: TEST_PASSWORD, ip: stranger })).toBe(429);

    const { body } = await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, randomIp());
    expect(body.userData.email).toBe(tenant.ownerEmail);
  });

  it('over the account ceiling only new addresses wait; an address the owner signed in from passes', async () => {
    const tenant = await createTestTenant(database);
    const home = randomIp();
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, home);
    // Strangers spread over many addresses, each under its own pair limit, fill the account's ceiling.
    const perAddress = LOGIN_LIMITS.pair.max;
    const addresses = Array.from({ length: Math.ceil(LOGIN_LIMITS.account.max / perAddress) }, randomIp);
    const statuses = await Promise.all(
      addresses.flatMap((ip) =>
        Array.from({ length: perAddress }, () => attempt(app, { email: tenant.ownerEmail, password: 'guess', ip })),
      ),
    );
    expect(tally(statuses)).toEqual({ 422: LOGIN_LIMITS.account.max });

    const newcomer = await postLogin(app, tenant.ownerEmail, TEST_PASSWORD, randomIp());
    expect(newcomer.statusCode).toBe(429);
    expect(Number(newcomer.headers['retry-after'])).toBeGreaterThan(0);
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, home);
  });

  it('an address spraying accounts is stopped, but not for the accounts it signed in to before', async () => {
    const tenant = await createTestTenant(database);
    const office = randomIp();
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, office);
    for (let i = 0; i < LOGIN_LIMITS.ip.max; i++) {
      await attempt(app, { email: `${unique('x')}@test.dz`, password: 'guess', ip: office });
    }
    expect(await attempt(app, { email: `${unique('y')}@test.dz`, password: 'guess', ip: office })).toBe(429);
    const colleague = await createTestUser(database, tenant, 'Support Agent');
    expect(await attempt(app, { email: colleague.email, password: TEST_PASSWORD, ip: office })).toBe(429);
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, office);
  });
});

describe('counting', () => {
  it('20 parallel wrong attempts: exactly the limit is evaluated, the rest get 429', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => attempt(app, { email: tenant.ownerEmail, password: 'guess', ip })),
    );
    expect(tally(statuses)).toEqual({ 422: LOGIN_LIMITS.pair.max, 429: 20 - LOGIN_LIMITS.pair.max });
  });

  it('20 parallel attempts on accounts that do not exist count the same', async () => {
    const ip = randomIp();
    const email = `${unique('ghost')}@test.dz`;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => attempt(app, { email, password: 'guess', ip })),
    );
    expect(tally(statuses)).toEqual({ 422: LOGIN_LIMITS.pair.max, 429: 20 - LOGIN_LIMITS.pair.max });
  });

  it('a successful sign-in starts the pair over and gives the address its attempt back', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.pair.max - 1; i++) {
      expect(await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip })).toBe(422);
    }
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, ip);
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) {
      expect(await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip })).toBe(422);
    }
    expect(await attempt(app, { email: tenant.ownerEmail, password: TEST_PASSWORD, ip })).toBe(429);
  });

  it('successful sign-ins never fill the address ceiling (a shop behind one address)', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i <= LOGIN_LIMITS.ip.max; i++) await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, ip);
    expect(await attempt(app, { email: `${unique('z')}@test.dz`, password: 'guess', ip })).toBe(422);
  });

  it('the lock ends with its window', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i <= LOGIN_LIMITS.pair.max; i++) {
      await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip });
    }
    expect(await attempt(app, { email: tenant.ownerEmail, password: TEST_PASSWORD, ip })).toBe(429);
    await database.db.execute(
      sql`update auth_rate_counters
          set window_started_at = now() - make_interval(secs => ${LOGIN_LIMITS.pair.windowSeconds + 1})
          where key like ${`%${tenant.ownerEmail.toLowerCase()}%`}`,
    );
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, ip);
  });

  it('counts an IPv6 client by its /64, so changing the address inside it does not help', async () => {
    const tenant = await createTestTenant(database);
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 1; i <= LOGIN_LIMITS.pair.max; i++) {
      expect(await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip: `${prefix}::${i}` })).toBe(422);
    }
    expect(await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip: `${prefix}::ffff:1` })).toBe(429);
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, `2001:db8:0:8::1`);
  });

  it('keeps the 429 wording and Retry-After', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) {
      await attempt(app, { email: tenant.ownerEmail, password: 'guess', ip });
    }
    const locked = await postLogin(app, tenant.ownerEmail, TEST_PASSWORD, ip);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.pair.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.pair.windowSeconds);
    const message = `Too many login attempts. Please try again in ${retryAfter} seconds.`;
    expect(locked.json()).toEqual({ message, code: 'too_many_requests', errors: { email: [message] } });
  });
});
