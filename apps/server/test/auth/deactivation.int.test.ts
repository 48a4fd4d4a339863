import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { createTestTenant, createTestUser, loginAs, postLogin, TEST_PASSWORD } from '../support/test-db.js';
import { openListeningApp } from '../support/listening-app.js';
import { connect, disconnected, sleep } from '../realtime/support/sockets.js';
import { mailsTo, randomIp } from './support.js';

// Issue 7: deactivating a user ends their sessions for good; reactivation revives none of them.
const { app, database, baseUrl, sockets } = await openListeningApp();

const pageProps = (authorization: string) =>
  app.inject({ method: 'GET', url: '/dashboard/page-props', headers: { authorization } });
const post = (url: string, authorization: string) => app.inject({ method: 'POST', url, headers: { authorization } });

async function shopWithManager() {
  const tenant = await createTestTenant(database);
  const owner = await loginAs(app, tenant.ownerEmail);
  const manager = await createTestUser(database, tenant, 'Manager');
  return { tenant, owner, manager };
}

describe('POST /dashboard/users/:id/deactivate', () => {
  it('a token used after deactivation answers 401, and still 401 after reactivation', async () => {
    const { owner, manager } = await shopWithManager();
    const phone = await loginAs(app, manager.email, TEST_PASSWORD, randomIp());
    const laptop = await loginAs(app, manager.email, TEST_PASSWORD, randomIp());
    expect((await pageProps(phone.authorization)).statusCode).toBe(200);

    const off = await post(`/dashboard/users/${manager.id}/deactivate`, owner.authorization);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: manager.id, active: false });
    for (const token of [phone, laptop]) expect((await pageProps(token.authorization)).statusCode).toBe(401);

    const on = await post(`/dashboard/users/${manager.id}/activate`, owner.authorization);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: manager.id, active: true });
    for (const token of [phone, laptop]) {
      const after = await pageProps(token.authorization);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Unauthenticated.');
    }
    // Signing in again works, with a new token.
    const again = await loginAs(app, manager.email, TEST_PASSWORD, randomIp());
    expect((await pageProps(again.authorization)).statusCode).toBe(200);
  });

  it('a deactivated user can neither sign in nor get a reset mail', async () => {
    const { owner, manager } = await shopWithManager();
    await post(`/dashboard/users/${manager.id}/deactivate`, owner.authorization);
    const login = await postLogin(app, manager.email, TEST_PASSWORD, randomIp());
    expect(login.statusCode).toBe(422);
    expect(login.json().errors.email).toEqual(['These credentials do not match our records.']);
    await app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: manager.email },
      remoteAddress: randomIp(),
    });
    expect(await mailsTo(database, manager.email)).toBe(0);
  });

  it('closes the live sockets of that user at once, and only theirs', async () => {
    const { owner, manager } = await shopWithManager();
    const managerToken = (await loginAs(app, manager.email, TEST_PASSWORD, randomIp())).token;
    const managerSocket = await connect(baseUrl, managerToken);
    const ownerSocket = await connect(baseUrl, owner.token);
    sockets.push(managerSocket, ownerSocket);
    const gone = disconnected(managerSocket);

    await post(`/dashboard/users/${manager.id}/deactivate`, owner.authorization);
    expect(await gone).toBe('io server disconnect');
    await sleep(100);
    expect(ownerSocket.connected).toBe(true);
    await post(`/dashboard/users/${manager.id}/activate`, owner.authorization);
    await expect(connect(baseUrl, managerToken)).rejects.toThrow('Unauthenticated.');
  });

  it('is written to the audit log', async () => {
    const { tenant, owner, manager } = await shopWithManager();
    await post(`/dashboard/users/${manager.id}/deactivate`, owner.authorization);
    await post(`/dashboard/users/${manager.id}/activate`, owner.authorization);
    const logged = await rows<{ action: string; user_id: number }>(
      database.db,
      sql`select action, user_id from audit_log
          where tenant_id = ${tenant.id} and entity = 'user' and entity_id = ${String(manager.id)} order by id`,
    );
    expect(logged).toEqual([
      { action: 'deactivate_user', user_id: tenant.ownerId },
      { action: 'activate_user', user_id: tenant.ownerId },
    ]);
  });

  it("needs 'manage users', refuses one's own account and answers 404 for an unknown user", async () => {
    const { tenant, owner, manager } = await shopWithManager();
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const agentLogin = await loginAs(app, agent.email, TEST_PASSWORD, randomIp());
    expect((await post(`/dashboard/users/${manager.id}/deactivate`, agentLogin.authorization)).statusCode).toBe(403);
    expect((await post(`/dashboard/users/${manager.id}/activate`, agentLogin.authorization)).statusCode).toBe(403);

    const self = await post(`/dashboard/users/${tenant.ownerId}/deactivate`, owner.authorization);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.id).toEqual(['You cannot deactivate your own account.']);
    expect((await pageProps(owner.authorization)).statusCode).toBe(200);

    for (const action of ['deactivate', 'activate']) {
      expect((await post(`/dashboard/users/2147483000/${action}`, owner.authorization)).statusCode).toBe(404);
    }
  });
});

describe('password reset', () => {
  it('closes the live sockets of the user whose password was reset', async () => {
    const { manager } = await shopWithManager();
    const { token } = await loginAs(app, manager.email, TEST_PASSWORD, randomIp());
    const socket = await connect(baseUrl, token);
    sockets.push(socket);
    const gone = disconnected(socket);
    await app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: manager.email },
      remoteAddress: randomIp(),
    });
    const [mail] = await rows<{ body: string }>(
      database.db,
      sql`select body from mail_outbox where to_email = ${manager.email} order by id desc limit 1`,
    );
    const link = new URL(/http\S+/.exec(mail!.body)![0]);
    const reset = await app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email: manager.email,
        password: 'another-pass-1',
        password_confirmation: 'another-pass-1',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
