import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { RESERVED_SHOP_NAMES } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { runTenantCli } from '../../src/cli/tenant.js';
import { rows } from '../../src/db/client.js';
import { hashPassword } from '../../src/lib/secrets.js';
import { openTestApp, TEST_PASSWORD, unique } from '../support/test-db.js';
import { centralAdmin } from './central-support.js';

/**
 * Decision 0143: a shop never takes a name the platform keeps for itself (its top-level paths and
 * host names), wherever it is created; a central administrator's e-mail never owns a shop.
 */
const { app, database } = await openTestApp();
const admin = await centralAdmin(app, database);

let phoneSeq = Math.floor(Math.random() * 9_000_000);
const nextPhone = () => `066${String(1_000_000 + (phoneSeq++ % 8_999_999)).padStart(7, '0')}`;
const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function signup(overrides: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/central/register',
    remoteAddress: randomIp(),
    payload: {
      shop_name: unique('Boutique'),
      owner_name: 'Yacine Owner',
      phone: nextPhone(),
      email: `${unique('owner')}@signup.dz`,
      wilaya_id: 16,
      expected_orders: 300,
      locale: 'fr',
      ...overrides,
    },
  });
}

const fieldCodes = (body: { error_codes?: Record<string, Array<{ code: string }>> }, field: string) =>
  (body.error_codes?.[field] ?? []).map((c) => c.code);

describe('reserved shop names (decision 0143)', () => {
  it('keeps the names of the platform and of the paths it serves', () => {
    for (const name of ['central', 'build', 'api', 'admin', 'www', 'assets', 'health', 'static', 'socket.io']) {
      expect(RESERVED_SHOP_NAMES).toContain(name);
    }
    for (const name of ['mail', 'app', 'dashboard', 'login', 'register', 'public', 'uploads', 'files', 'webhooks']) {
      expect(RESERVED_SHOP_NAMES).toContain(name);
    }
  });

  it('refuses a reserved shop name at the public sign-up, and keeps nothing', async () => {
    for (const shopName of ['Admin', 'API', 'www', 'Central', ' Dashboard ', 'Socket.IO', 'uploads']) {
      const email = `${unique('reserved')}@signup.dz`;
      const refused = await signup({ shop_name: shopName, email });
      expect(refused.statusCode, shopName).toBe(422);
      expect(fieldCodes(refused.json(), 'shop_name'), shopName).toEqual(['tenant.name_reserved']);
      const kept = await rows(database.db, sql`select 1 from waiting_list where email = ${email}`);
      expect(kept, shopName).toHaveLength(0);
    }
    // A name that only contains a reserved word is a shop like any other.
    expect((await signup({ shop_name: 'Admin Store Oran' })).statusCode).toBe(201);
  });

  it('refuses a reserved identifier when the central administration creates a shop', async () => {
    for (const cqName of ['api', 'build', 'health', 'assets', 'login']) {
      const refused = await admin.post('/central/tenants', {
        cq_name: cqName,
        owner_email: `${unique(cqName)}@test.dz`,
        owner_password: TEST_PASSWORD,
      });
      expect(refused.statusCode, cqName).toBe(422);
      expect(fieldCodes(refused.json(), 'cq_name'), cqName).toEqual(['tenant.name_reserved']);
    }
    const [found] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from tenants where cq_name in ('api', 'build', 'health', 'assets', 'login')`,
    );
    expect(found!.n).toBe(0);
  });

  it('refuses a reserved identifier in the operator CLI', async () => {
    const env = process.env.TEST_DATABASE_URL
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL }
      : { DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'cod-cli-')) };
    const refused = await runTenantCli(
      ['create', 'www', '--owner', `${unique('www')}@test.dz`, '--password', 'long-enough-1'],
      env,
    );
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('cq_name: This name is reserved by the platform. Choose another one.');
    // The CLI migrates its own embedded database first: slow on a busy machine.
  }, 180_000);

  it('gives a waiting sign-up whose name became reserved the next free identifier on approval', async () => {
    const email = `${unique('older')}@signup.dz`;
    const [entry] = await rows<{ id: number }>(
      database.db,
      sql`insert into waiting_list (shop_name, owner_name, phone, email, wilaya_id, expected_orders, locale)
          values ('Admin', 'Older Owner', ${nextPhone()}, ${email}, 16, 10, 'en') returning id`,
    );
    const approved = await admin.post(`/central/waiting-list/${entry!.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.cq_name).toMatch(/^admin-\d+$/);
  });

  it("refuses a central administrator's e-mail as a shop owner's at sign-up", async () => {
    const adminEmail = `${unique('root')}@central.test`;
    await database.db.execute(
      sql`insert into central_admins (name, email, password_hash)
          values ('Platform Admin', ${adminEmail}, ${await hashPassword(TEST_PASSWORD)})`,
    );
    for (const email of [adminEmail, adminEmail.toUpperCase()]) {
      const refused = await signup({ email });
      expect(refused.statusCode, email).toBe(422);
      expect(fieldCodes(refused.json(), 'email'), email).toEqual(['register.email_reserved']);
    }
    const kept = await rows(database.db, sql`select 1 from waiting_list where lower(email) = ${adminEmail}`);
    expect(kept).toHaveLength(0);
  });
});
