import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/modules/auth/auth.service.js';
import { RESET_MAIL_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { createTestTenant, createTestUser, loginAs, openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';
import { mailsTo, randomIp } from './support.js';

// docs/decisions/0038: reset mails are limited per account and per address, and the answer never
// says whether a mail went out (nor whether the account exists).
const { app, database } = await openTestApp();

async function forgot(email: string, ip: string) {
  const response = await app.inject({ method: 'POST', url: '/forgot-password', payload: { email }, remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
}

describe('POST /forgot-password limits', () => {
  it('one address asking again and again for one account mails it a few times, answering the same', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) await forgot(tenant.ownerEmail, ip);
    expect(await mailsTo(database, tenant.ownerEmail)).toBe(RESET_MAIL_LIMITS.pair.max);
  });

  it('20 parallel requests send exactly the limit', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    await Promise.all(Array.from({ length: 20 }, () => forgot(tenant.ownerEmail, ip)));
    expect(await mailsTo(database, tenant.ownerEmail)).toBe(RESET_MAIL_LIMITS.pair.max);
  });

  it('many addresses together cannot flood one inbox', async () => {
    const tenant = await createTestTenant(database);
    await Promise.all(Array.from({ length: 20 }, () => forgot(tenant.ownerEmail, randomIp())));
    expect(await mailsTo(database, tenant.ownerEmail)).toBe(RESET_MAIL_LIMITS.account.max);
  });

  it('one address cannot mail every account of the shop', async () => {
    const tenant = await createTestTenant(database);
    const staff = [];
    for (let i = 0; i < RESET_MAIL_LIMITS.ip.max + 3; i++)
      staff.push(await createTestUser(database, tenant, 'Manager'));
    const ip = randomIp();
    for (const user of staff) await forgot(user.email, ip);
    const sent = await Promise.all(staff.map((user) => mailsTo(database, user.email)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(RESET_MAIL_LIMITS.ip.max);
  });

  it('unknown e-mails count like real ones, so the limits reveal no account', async () => {
    const tenant = await createTestTenant(database);
    const ip = randomIp();
    for (let i = 0; i < RESET_MAIL_LIMITS.ip.max; i++) await forgot(`${unique('ghost')}@test.dz`, ip);
    await forgot(tenant.ownerEmail, ip);
    expect(await mailsTo(database, tenant.ownerEmail)).toBe(0);
  });

  it('while strangers hold the inbox limit, the owner still gets a mail at an address they signed in from', async () => {
    const tenant = await createTestTenant(database);
    const home = randomIp();
    await loginAs(app, tenant.ownerEmail, TEST_PASSWORD, home);
    await Promise.all(Array.from({ length: 10 }, () => forgot(tenant.ownerEmail, randomIp())));
    expect(await mailsTo(database, tenant.ownerEmail)).toBe(RESET_MAIL_LIMITS.account.max);
    await forgot(tenant.ownerEmail, home);
    expect(await mailsTo(database, tenant.ownerEmail)).toBe(RESET_MAIL_LIMITS.account.max + 1);
  });
});
