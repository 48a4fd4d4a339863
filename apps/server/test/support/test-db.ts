import crypto from 'node:crypto';
import { afterAll } from 'vitest';
import { loadConfig, type TConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { syncReferenceData } from '../../src/db/seed/reference-data.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { buildApp, type TApp } from '../../src/http/app.js';
import * as tenantsRepo from '../../src/modules/tenants/tenants.repository.js';
import { createTenant } from '../../src/modules/tenants/tenants.service.js';
import { hashPassword } from '../../src/lib/secrets.js';
import type { TCommissionType, TRoleName } from '@cod/shared';

/**
 * One database per test file: the shared PostgreSQL of TEST_DATABASE_URL (migrated by the global
 * setup), or a fresh in-memory PGlite. Tests isolate themselves by creating their own tenants.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  // A test that sends more requests at once than the pool has connections queues the rest; on a
  // loaded CI machine the queue can outlast the server's 5 s wait (a 500 seen in a concurrency test).
  const database = await openDatabase(
    url ? { databaseUrl: url, poolSize: 5, connectionWaitMs: 60_000 } : { dataDir: 'memory://' },
  );
  await migrate(database);
  await syncReferenceData(database.db);
  afterAll(() => database.close());
  return database;
}

// A concurrency test queues behind slow peers by design on a loaded CI machine (as the pool's 60 s
// wait above): a shop's requests wait their turn long, and the server never sheds load, unless a
// test of those limits sets them (docs/decisions/0144).
const PATIENT_LIMITS = {
  SHOP_MAX_QUEUED: '10000',
  SHOP_QUEUE_WAIT_MS: '60000',
  SHED_EVENT_LOOP_DELAY_MS: '0',
  SHED_POOL_WAITING: '0',
};

export function testConfig(overrides: Record<string, string> = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...PATIENT_LIMITS,
    ...overrides,
  });
}

export async function openTestApp(overrides: Record<string, string> = {}): Promise<TApp & { database: Database }> {
  const database = await openTestDatabase();
  const built = await buildApp(testConfig(overrides), database);
  afterAll(() => built.app.close());
  return { ...built, database };
}

export const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(5).toString('hex')}`;
export const TEST_PASSWORD = 'secret-pass-123';

export interface TTestTenant {
  id: number;
  cqName: string;
  ownerId: number;
  ownerEmail: string;
  roleIds: Map<TRoleName, number>;
}

export async function createTestTenant(database: Database): Promise<TTestTenant> {
  const cqName = unique('shop');
  const ownerEmail = `${cqName}-owner@test.dz`;
  const { tenant, ownerId, roleIds } = await createTenant(database.db, {
    cq_name: cqName,
    owner_email: ownerEmail,
    owner_name: 'Owner Test',
    owner_password: TEST_PASSWORD,
  });
  return { id: tenant.id, cqName, ownerId, ownerEmail, roleIds };
}

export async function createTestUser(
  database: Database,
  tenant: TTestTenant,
  role: TRoleName,
  extra: { name?: string; commissionType?: TCommissionType } = {},
) {
  const email = `${unique(role.toLowerCase().replace(/\s+/g, '-'))}@test.dz`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const { id } = await withTenant(database.db, tenant.id, (tx) =>
    tenantsRepo.insertUser(tx, {
      tenantId: tenant.id,
      name: extra.name ?? `${role} User`,
      email,
      passwordHash,
      roleId: tenant.roleIds.get(role)!,
      commissionType: extra.commissionType ?? 'none',
    }),
  );
  return { id, email };
}

/** One sign-in through the real route, from `ip` (inject's own address without one): the answer as it is. */
export function postLogin(app: TApp['app'], email: string, password: string, ip?: string) {
  return app.inject({
    method: 'POST',
    url: '/login',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/** Signs in through the real route and answers the bearer header. */
export async function loginAs(app: TApp['app'], email: string, password = TEST_PASSWORD, ip = '10.0.0.1') {
  const response = await postLogin(app, email, password, ip);
  if (response.statusCode !== 200)
    throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  const body = response.json() as { accessToken: string };
  return { authorization: `Bearer ${body.accessToken}`, token: body.accessToken, body: response.json() };
}
