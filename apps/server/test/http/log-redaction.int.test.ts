import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import { rows } from '../../src/db/client.js';
import { withSystem } from '../../src/db/tenant-context.js';
import { buildApp } from '../../src/http/app.js';
import { createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { loginAs, openTestDatabase, testConfig, unique } from '../support/test-db.js';

/**
 * Decision 0142: no secret reaches a log line. The app runs with its real pino logger at info
 * level, writing to memory; a password reset, an invitation, a carrier's credentials and a signed
 * download go through the real routes (and the links are opened as a browser would), then every
 * line is searched for every secret, and for the lines of those requests.
 */
const lines: string[] = [];
const database = await openTestDatabase();
const sandbox = await startCarrierSandbox();
afterAll(() => sandbox.close());
const { app } = await buildApp(
  testConfig({
    LOG_LEVEL: 'info',
    CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
    OUTBOUND_ALLOW_PRIVATE: 'true',
  }),
  database,
  { logStream: { write: (line) => void lines.push(line) } },
);
afterAll(() => app.close());

const pathOf = (link: string) => {
  const url = new URL(link, 'http://localhost');
  return `${url.pathname}${url.search}`;
};
const tokenOf = (link: string) => new URL(link, 'http://localhost').searchParams.get('token')!;

interface TLogLine {
  msg?: string;
  req?: { url?: string };
  links?: string[];
}

describe('log redaction (decision 0142)', () => {
  it('logs the requests of resets, invitations, carrier credentials and signed downloads without their secrets', async () => {
    const shop = await shopWithCatalogue(app, database);
    const secrets: string[] = [shop.authorization.replace(/^Bearer /, '')];

    // An invitation: the answered link opened, then answered with a password.
    const email = `${unique('invited')}@test.dz`;
    const invited = await shop.api.post('/dashboard/users', {
      name: 'Lina Agent',
      email,
      role_id: shop.tenant.roleIds.get('Support Agent'),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json() as { user: { id: number }; link: string };
    const firstPassword = `first-${crypto.randomBytes(6).toString('hex')}`;
    secrets.push(tokenOf(invitation.link), firstPassword);
    await app.inject({ method: 'GET', url: pathOf(invitation.link) });
    const accepted = await app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: {
        token: tokenOf(invitation.link),
        email,
        password: firstPassword,
        password_confirmation: firstPassword,
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // A password reset link sent by the owner (answered), and one asked for by the user (mailed).
    const byOwner = await shop.api.post(`/dashboard/users/${invitation.user.id}/reset-password`, {});
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    secrets.push(tokenOf((byOwner.json() as { link: string }).link));
    const forgot = await app.inject({ method: 'POST', url: '/forgot-password', payload: { email } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const [mail] = await withSystem(database.db, (tx) =>
      rows<{ body: string }>(
        tx,
        sql`select body from mail_outbox where to_email = ${email} and subject = 'Reset your password'`,
      ),
    );
    const resetLink = /https?:\/\/\S+/.exec(mail!.body)![0];
    const newPassword = `new-${crypto.randomBytes(6).toString('hex')}`;
    secrets.push(tokenOf(resetLink), newPassword);
    await app.inject({ method: 'GET', url: pathOf(resetLink) });
    const reset = await app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: { token: tokenOf(resetLink), email, password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const member = await loginAs(app, email, newPassword);
    secrets.push(member.token);

    // A carrier's credentials saved, tested, and its webhook address (a token in the path) called.
    const credentials = {
      api_id: `id-${crypto.randomBytes(6).toString('hex')}`,
      api_token: `key-${crypto.randomBytes(12).toString('hex')}`,
      webhook_secret: `whsec-${crypto.randomBytes(12).toString('hex')}`,
    };
    secrets.push(...Object.values(credentials));
    const saved = await shop.api.post('/dashboard/shipping-companies', {
      kind: 'yalidine',
      code: 'yalidine',
      name: 'Yalidine',
      base_url: sandbox.baseUrlFor('yalidine', 'yalidine'),
      credentials,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const company = (saved.json() as { data: { id: number; webhook_url: string } }).data;
    const updated = await shop.api.put(`/dashboard/shipping-companies/${company.id}`, {
      kind: 'yalidine',
      code: 'yalidine',
      name: 'Yalidine Express',
      base_url: sandbox.baseUrlFor('yalidine', 'yalidine'),
      credentials,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await shop.api.post(`/dashboard/shipping-companies/${company.id}/test-connection`);
    const webhookPath = new URL(company.webhook_url).pathname;
    secrets.push(webhookPath.split('/').pop()!);
    const crc = await app.inject({ method: 'GET', url: `${webhookPath}?subscribe&crc_token=crc-${'x'.repeat(12)}` });
    expect(crc.statusCode, crc.body).toBe(200);

    // A signed download: the printed orders list's one-use link, opened without the bearer header.
    const order = await createOrder(shop.api, orderBody(shop));
    const linked = await shop.api.post('/dashboard/orderspdf/link', { order_ids: [order.id] });
    expect(linked.statusCode, linked.body).toBe(200);
    const pdfUrl = (linked.json() as { url: string }).url;
    secrets.push(new URL(pdfUrl, 'http://localhost').searchParams.get('link')!);
    const pdf = await app.inject({ method: 'GET', url: pdfUrl });
    expect(pdf.statusCode).toBe(200);

    const text = lines.join('');
    const parsed = lines.map((line) => JSON.parse(line) as TLogLine);
    const logged = (prefix: string) => parsed.some((line) => line.req?.url?.startsWith(prefix));
    // The requests were logged (so the search below is not vacuous)...
    for (const prefix of [
      '/dashboard/users',
      '/build/resetpassword?',
      '/reset-password',
      '/forgot-password',
      '/dashboard/shipping-companies',
      '/webhooks/carriers/',
      '/dashboard/orderspdf?',
    ]) {
      expect(logged(prefix), prefix).toBe(true);
    }
    expect(parsed.some((line) => line.req?.url?.includes('token=[REDACTED]'))).toBe(true);
    expect(parsed.some((line) => line.req?.url?.includes('link=[REDACTED]'))).toBe(true);
    // ...and the mails: recipient, subject, the link without its token.
    const mails = parsed.filter((line) => line.msg?.startsWith('mail (outbox)'));
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(mails.every((line) => line.links?.some((link) => link.includes('token=[REDACTED]')))).toBe(true);
    // ...and no secret in any of them.
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });
});
