import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { rows } from '../client.js';
import { withSystem, withTenant } from '../tenant-context.js';
import { centralAdmins } from '../schema/index.js';
import { hashPassword } from '../../lib/secrets.js';
import { loadConfig, type TConfig } from '../../config.js';
import { createTenant } from '../../modules/tenants/tenants.service.js';
import { seedDemoOrders } from './demo-orders.js';
import * as tenantsRepo from '../../modules/tenants/tenants.repository.js';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_LOGINS = [
  { email: 'owner@demo.dz', role: 'Owner' },
  { email: 'manager@demo.dz', role: 'Manager' },
  { email: 'agent@demo.dz', role: 'Support Agent' },
  { email: 'admin@central.dz', role: 'Central admin (/build/central/auth/login)' },
] as const;

/** The demo shop's staff besides its owner (createTenant makes the owner), by role name. */
const DEMO_STAFF = [
  { name: 'Sara Haddad', email: 'manager@demo.dz', role: 'Manager', locale: 'fr' },
  { name: 'Yacine Meziane', email: 'agent@demo.dz', role: 'Support Agent', commissionType: 'fixed' },
] as const;

export async function demoExists(db: Db): Promise<boolean> {
  const found = await rows(db, sql`select 1 from tenants where cq_name = 'demo'`);
  return found.length > 0;
}

export async function anyTenantExists(db: Db): Promise<boolean> {
  const found = await rows(db, sql`select 1 from tenants limit 1`);
  return found.length > 0;
}

/** The demo shop of the README: three staff logins and a central administrator. */
export async function seedDemo(db: Db, config: TConfig = loadConfig()): Promise<void> {
  const { tenant, roleIds } = await createTenant(db, {
    cq_name: 'demo',
    name: 'Demo Shop',
    owner_email: 'owner@demo.dz',
    owner_name: 'Amine Benali',
    owner_password: DEMO_PASSWORD,
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTenant(db, tenant.id, async (tx) => {
    for (const { role, ...staff } of DEMO_STAFF) {
      await tenantsRepo.insertUser(tx, { tenantId: tenant.id, passwordHash, roleId: roleIds.get(role)!, ...staff });
    }
  });
  await withSystem(db, async (tx) => {
    // The demo runs on a paid plan so the subscription badge shows its calm colour.
    const pro = await tenantsRepo.findPlanByName(tx, 'Pro');
    if (pro) {
      await tenantsRepo.insertSubscription(tx, {
        tenantId: tenant.id,
        planId: pro.id,
        validTo: new Date(Date.now() + 90 * 24 * 60 * 60 * 1000),
      });
    }
  });
  await seedCentralAdmin(db, passwordHash);
  await seedDemoOrders(db, tenant.id, config);
}

/** The README's central administrator alone (tests of the central realm need no demo shop). */
export async function seedCentralAdmin(db: Db, passwordHash?: string): Promise<void> {
  const hash = passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  await withSystem(db, (tx) =>
    tx
      .insert(centralAdmins)
      .values({ name: 'Central Admin', email: 'admin@central.dz', passwordHash: hash })
      .onConflictDoNothing(),
  );
}
