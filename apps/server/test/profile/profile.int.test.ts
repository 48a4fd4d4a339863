import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { multipartFile } from '../support/multipart.js';
import { createTestTenant, createTestUser, loginAs, openTestApp, postLogin } from '../support/test-db.js';
import { TEST_PASSWORD } from '../support/test-db.js';

// Issue 18.4: the signed-in user's own account (docs/decisions/0059).
const { app, database } = await openTestApp();

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function signIn(email: string, userAgent: string, ip = '10.9.0.1') {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(response.statusCode).toBe(200);
  return `Bearer ${response.json().accessToken as string}`;
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization }, payload });

const upload = (file: Buffer, authorization: string, filename = 'me.png') =>
  app.inject({ method: 'POST', url: '/profile/avatar', ...multipartFile('avatar', file, filename, authorization) });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('profile details', () => {
  it('reads and updates name, phone and language, and the session sees the new name', async () => {
    const tenant = await createTestTenant(database);
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const authorization = await signIn(agent.email, LAPTOP_UA);

    const before = await call('GET', '/profile', authorization);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ id: agent.id, email: agent.email, phone: null, role: 'Support Agent' });

    const saved = await call('PUT', '/profile', authorization, {
      name: '  Amina Benali ',
      phone: '+213 555 12 34 56',
      locale: 'ar',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      code: 'profile.updated',
      profile: { name: 'Amina Benali', phone: '0555123456', locale: 'ar' },
    });
    const me = await call('GET', '/me', authorization);
    expect(me.json().userData).toMatchObject({ name: 'Amina Benali', locale: 'ar' });

    const [entry] = await rows<{ action: string; changes: Record<string, unknown> }>(
      database.db,
      sql`select action, changes from audit_log where tenant_id = ${tenant.id} and action = 'update_profile'`,
    );
    expect(entry!.changes).toEqual({
      before: { name: 'Support Agent User', phone: null, locale: 'en' },
      after: { name: 'Amina Benali', phone: '0555123456', locale: 'ar' },
    });
  });

  it('refuses bad input with 422 and per-field codes', async () => {
    const tenant = await createTestTenant(database);
    const authorization = (await loginAs(app, tenant.ownerEmail)).authorization;
    const refused = await call('PUT', '/profile', authorization, { name: '', phone: '12', locale: 'de' });
    expect(refused.statusCode).toBe(422);
    const codes = refused.json().error_codes;
    expect(codes.name[0].code).toBe('validation.required');
    expect(codes.phone[0].code).toBe('customer.phone_invalid');
    expect(codes.locale[0].code).toBe('validation.selected_invalid');
    expect((await call('GET', '/profile', '')).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, then revokes every other session and keeps this one', async () => {
    const tenant = await createTestTenant(database);
    const manager = await createTestUser(database, tenant, 'Manager');
    const laptop = await signIn(manager.email, LAPTOP_UA);
    const phone = await signIn(manager.email, PHONE_UA, '10.9.0.2');
    const tablet = await signIn(manager.email, 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', '10.9.0.3');

    const wrong = await call('POST', '/profile/password', laptop, {
      current_password: 'not-my-password',
      password: 'new-secret-456',
      password_confirmation: 'new-secret-456',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error_codes.current_password[0].code).toBe('profile.current_password_wrong');
    expect((await call('GET', '/profile', phone)).statusCode).toBe(200);

    const mismatch = await call('POST', '/profile/password', laptop, {
      current_password: TEST_PASSWORD,
      password: 'new-secret-456',
      password_confirmation: 'other-secret-456',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error_codes.password_confirmation[0].code).toBe('auth.password_mismatch');

    const changed = await call('POST', '/profile/password', laptop, {
      current_password: TEST_PASSWORD,
      password: 'new-secret-456',
      password_confirmation: 'new-secret-456',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code: 'profile.password_changed', sessions_revoked: 2 });

    expect((await call('GET', '/profile', laptop)).statusCode).toBe(200);
    for (const other of [phone, tablet]) expect((await call('GET', '/profile', other)).statusCode).toBe(401);

    const oldPassword = await postLogin(app, manager.email, TEST_PASSWORD, '10.9.0.4');
    expect(oldPassword.statusCode).toBe(422);
    const newPassword = await postLogin(app, manager.email, 'new-secret-456', '10.9.0.4');
    expect(newPassword.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lists devices with their last use, revokes one, then all others', async () => {
    const tenant = await createTestTenant(database);
    const laptop = await signIn(tenant.ownerEmail, LAPTOP_UA);
    const phone = await signIn(tenant.ownerEmail, PHONE_UA, '10.9.1.2');
    const third = await signIn(tenant.ownerEmail, 'curl/8.0', '10.9.1.3');

    const listed = await call('GET', '/profile/sessions', laptop);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json() as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ device_type: 'desktop', browser: 'Chrome', os: 'Windows' });
    expect(typeof current.last_used_at).toBe('string');
    const phoneSession = sessions.find((s) => s.ip === '10.9.1.2')!;
    expect(phoneSession).toMatchObject({ device_type: 'mobile', browser: 'Chrome', os: 'Android', current: false });
    expect(sessions.find((s) => s.ip === '10.9.1.3')).toMatchObject({ device_type: 'unknown', browser: null });

    const revoked = await call('DELETE', `/profile/sessions/${phoneSession.id as number}`, laptop);
    expect(revoked.statusCode).toBe(200);
    expect((await call('GET', '/profile', phone)).statusCode).toBe(401);
    expect((await call('GET', '/profile', third)).statusCode).toBe(200);
    expect((await call('DELETE', `/profile/sessions/${phoneSession.id as number}`, laptop)).statusCode).toBe(404);

    const others = await call('POST', '/profile/sessions/revoke-others', laptop);
    expect(others.json()).toMatchObject({ code: 'profile.sessions_revoked', sessions_revoked: 1 });
    expect((await call('GET', '/profile', third)).statusCode).toBe(401);
    expect((await call('GET', '/profile/sessions', laptop)).json()).toHaveLength(1);
  });

  it("cannot see or revoke another user's session, in the shop or in another shop", async () => {
    const tenant = await createTestTenant(database);
    const other = await createTestTenant(database);
    const colleague = await createTestUser(database, tenant, 'Manager');
    const owner = await signIn(tenant.ownerEmail, LAPTOP_UA);
    const colleagueAuth = await signIn(colleague.email, PHONE_UA);
    const stranger = await signIn(other.ownerEmail, PHONE_UA);
    const [colleagueSession] = (await call('GET', '/profile/sessions', colleagueAuth)).json() as [{ id: number }];
    const [strangerSession] = (await call('GET', '/profile/sessions', stranger)).json() as [{ id: number }];
    expect((await call('GET', '/profile/sessions', owner)).json()).toHaveLength(1);
    for (const id of [colleagueSession.id, strangerSession.id]) {
      const refused = await call('DELETE', `/profile/sessions/${id}`, owner);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('profile.session_not_found');
    }
    expect((await call('GET', '/profile', colleagueAuth)).statusCode).toBe(200);
    expect((await call('GET', '/profile', stranger)).statusCode).toBe(200);
  });
});

describe('avatar', () => {
  it('is cropped to a square, resized, served, and shown in the session user', async () => {
    const tenant = await createTestTenant(database);
    const authorization = (await loginAs(app, tenant.ownerEmail)).authorization;
    const uploaded = await upload(await picture(1200, 600), authorization);
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().profile.avatar_url as string;
    expect(url).toMatch(new RegExp(`^/uploads/${tenant.id}/[A-Za-z0-9_-]{22}\\.webp$`));
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await call('GET', '/me', authorization)).json().userData.avatar_url).toBe(url);

    // A new picture replaces the old file; removing it clears the user's avatar.
    const second = await upload(await picture(300, 300), authorization);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const removed = await call('DELETE', '/profile/avatar', authorization);
    expect(removed.json().profile.avatar_url).toBeNull();
    expect((await app.inject({ method: 'GET', url: second.json().profile.avatar_url })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image whatever its name, with a 422 code', async () => {
    const tenant = await createTestTenant(database);
    const authorization = (await loginAs(app, tenant.ownerEmail)).authorization;
    const text = Buffer.from('MZ this is a program renamed to look like a picture\n'.repeat(20));
    for (const [file, name] of [
      [text, 'photo.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'me.svg'],
      // The right first bytes, then garbage: the decode refuses it.
      [Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(500, 7)]), 'broken.png'],
    ] as const) {
      const refused = await upload(file, authorization, name);
      expect(refused.statusCode, name).toBe(422);
      expect(refused.json().error_codes.avatar[0].code).toBe('profile.avatar_type');
    }
    expect((await call('GET', '/profile', authorization)).json().avatar_url).toBeNull();
  });

  it('refuses more than 2 MB and accepts a picture just under it', async () => {
    const tenant = await createTestTenant(database);
    const authorization = (await loginAs(app, tenant.ownerEmail)).authorization;
    const png = await picture(64, 64);
    const over = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const refused = await upload(over, authorization);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_codes.avatar[0]).toEqual({ code: 'profile.avatar_too_large', params: { max: 2 } });

    // Exactly 2 MB: a valid PNG padded with bytes after its end (re-encoding drops them).
    const atLimit = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    const accepted = await upload(atLimit, authorization);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
