import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client.js';
import { sha256 } from '../src/lib/secrets.js';
import { LOGIN_LIMITS } from '../src/modules/auth/login-throttle.js';
import { createTestTenant, createTestUser, loginAs, openTestApp, postLogin, TEST_PASSWORD } from './support/test-db.js';
import { unique } from './support/test-db.js';

const { app, database } = await openTestApp();
const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('POST /login', () => {
  it('answers the token, SPEC 3 user fields and CASL abilities', async () => {
    const tenant = await createTestTenant(database);
    const agent = await createTestUser(database, tenant, 'Support Agent', {
      name: 'Nadia Agent',
      commissionType: 'percent',
    });
    const { body } = await loginAs(app, agent.email);
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.userData).toMatchObject({
      id: agent.id,
      name: 'Nadia Agent',
      email: agent.email,
      avatar_url: null,
      role: 'Support Agent',
      commission_type: 'percent',
      is_admin: false,
    });
    expect(body.userData.permissions).toContain('view orders');
    expect(body.userData.permissions).not.toContain('view users');
    expect(body.userAbilities).toContainEqual({ action: 'read', subject: 'Auth' });
    expect(body.userAbilities).toContainEqual({ action: 'read', subject: 'orders' });
  });

  it('stores only an argon2id hash of the password and a SHA-256 of the token', async () => {
    const tenant = await createTestTenant(database);
    const { token } = await loginAs(app, tenant.ownerEmail);
    const [user] = await rows<{ password_hash: string }>(
      database.db,
      sql`select password_hash from users where tenant_id = ${tenant.id} and id = ${tenant.ownerId}`,
    );
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    const stored = await rows(database.db, sql`select 1 from auth_tokens where token_hash = ${token}`);
    expect(stored).toHaveLength(0);
  });

  it('refuses wrong credentials with 422 and a field error, without revealing which part is wrong', async () => {
    const tenant = await createTestTenant(database);
    for (const payload of [
      { email: tenant.ownerEmail, password: 'wrong-password' },
      { email: 'nobody-here@test.dz', password: TEST_PASSWORD },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/login', payload, remoteAddress: randomIp() });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'These credentials do not match our records.',
        code: 'auth.failed',
        params: {},
        errors: { email: ['These credentials do not match our records.'] },
        error_codes: { email: [{ code: 'auth.failed', params: {} }] },
      });
    }
  });

  it('validates the payload per field', async () => {
    const response = await app.inject({ method: 'POST', url: '/login', payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors.email).toEqual(['The email must be a valid email address.']);
    expect(body.errors.password).toBeDefined();
  });

  // docs/decisions/0038: the lock is the account at one address; other addresses are not locked
  // (test/auth/sign-in-limits.int.test.ts).
  it('locks an account at one address after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) {
      const r = await postLogin(app, tenant.ownerEmail, 'bad', ip);
      expect(r.statusCode).toBe(422);
    }
    const locked = await postLogin(app, tenant.ownerEmail, TEST_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.pair.windowSeconds);
    expect(locked.json().message).toMatch(/Too many login attempts/);
  });

  it('limits one IP that tries many accounts', async () => {
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.ip.max; i++) {
      await postLogin(app, `${unique('x')}@test.dz`, 'bad', ip);
    }
    const tenant = await createTestTenant(database);
    const blocked = await postLogin(app, tenant.ownerEmail, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, randomIp());
  });
});

describe('tokens', () => {
  it('POST /logout revokes the token: the next call answers 401', async () => {
    const tenant = await createTestTenant(database);
    const { authorization } = await loginAs(app, tenant.ownerEmail);
    expect(
      (await app.inject({ method: 'GET', url: '/dashboard/page-props', headers: { authorization } })).statusCode,
    ).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/logout', headers: { authorization } });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/dashboard/page-props', headers: { authorization } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Unauthenticated.');
  });

  it('answers 401 for a missing, malformed, expired or idle token', async () => {
    const tenant = await createTestTenant(database);
    const expired = await loginAs(app, tenant.ownerEmail);
    const idle = await loginAs(app, tenant.ownerEmail);
    await database.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 minute'
      where tenant_id = ${tenant.id} and token_hash = ${sha256(expired.token)}`);
    await database.db.execute(sql`update auth_tokens set last_used_at = now() - interval '30 days'
      where tenant_id = ${tenant.id} and token_hash = ${sha256(idle.token)}`);
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic abc',
      'Bearer not-a-token',
      expired.authorization,
      idle.authorization,
    ]) {
      const r = await app.inject({
        method: 'GET',
        url: '/dashboard/page-props',
        headers: authorization ? { authorization } : {},
      });
      expect(r.statusCode, String(authorization)).toBe(401);
    }
  });
});

describe('password reset', () => {
  it('mails a link to the outbox, resets once, and signs other devices out', async () => {
    const tenant = await createTestTenant(database);
    const before = await loginAs(app, tenant.ownerEmail);
    // Own addresses: reset mails are limited per address too (docs/decisions/0038).
    const answer = await app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: tenant.ownerEmail },
      remoteAddress: randomIp(),
    });
    expect(answer.statusCode).toBe(200);
    const unknown = await app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: 'ghost@test.dz' },
      remoteAddress: randomIp(),
    });
    expect(unknown.json()).toEqual(answer.json());

    const [mail] = await rows<{ body: string }>(
      database.db,
      sql`select body from mail_outbox where to_email = ${tenant.ownerEmail} order by id desc limit 1`,
    );
    const link = new URL(/http\S+/.exec(mail!.body)![0]);
    expect(link.pathname).toBe('/build/resetpassword');
    const token = link.searchParams.get('token')!;

    const mismatch = await app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: { token, email: tenant.ownerEmail, password: 'new-password-1', password_confirmation: 'other' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);

    const payload = {
      token,
      email: tenant.ownerEmail,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    };
    expect((await app.inject({ method: 'POST', url: '/reset-password', payload })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/reset-password', payload })).statusCode).toBe(422);

    const old = await app.inject({
      method: 'GET',
      url: '/dashboard/page-props',
      headers: { authorization: before.authorization },
    });
    expect(old.statusCode).toBe(401);
    await loginAs(app, tenant.ownerEmail, 'new-password-1');
  });
});

describe('POST /locale', () => {
  it("stores the user's language and rejects unknown ones", async () => {
    const tenant = await createTestTenant(database);
    const { authorization } = await loginAs(app, tenant.ownerEmail);
    const setLocale = (locale: string) =>
      app.inject({ method: 'POST', url: '/locale', headers: { authorization }, payload: { locale } });
    const bad = await setLocale('de');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.locale).toEqual(['The selected locale is invalid.']);
    const ok = await setLocale('ar');
    expect(ok.json()).toEqual({ locale: 'ar' });
    const again = await loginAs(app, tenant.ownerEmail);
    expect(again.body.userData.locale).toBe('ar');
  });
});
