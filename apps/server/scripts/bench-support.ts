// What the database benches share: a fresh PostgreSQL database, the app with a logged-in owner,
// percentiles. (The order files of bench:files and bench:import are bench-fixtures.ts.)
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { syncReferenceData } from '../src/db/seed/reference-data.js';
import { buildApp } from '../src/http/app.js';
import { hashPassword } from '../src/lib/secrets.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';
import { finishSeed, prepareSeed, seedShop } from './bench-orders-seed.js';

const SERVER = 'postgres://postgres@127.0.0.1:5432';
/** Every bench shop's owner (and agent) password. */
export const BENCH_PASSWORD = 'bench-password-123';

export const log = (line: string) => console.log(line);

/** BENCH_DATABASE_URL when given; else `name` dropped and created again on the local server. */
export async function freshDatabaseUrl(name: string): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `${SERVER}/${name}`;
}

/** The database at `url`, migrated, with the wilayas and communes (the orders generators place orders in real communes). */
export async function migratedBenchDatabase(url: string, poolSize: number): Promise<Database> {
  const database = await openDatabase({ databaseUrl: url, poolSize });
  await migrate(database);
  await syncReferenceData(database.db);
  return database;
}

/** A fresh database `name` (freshDatabaseUrl), migrated (migratedBenchDatabase). */
export async function freshBenchDatabase(name: string, poolSize: number): Promise<{ url: string; database: Database }> {
  const url = await freshDatabaseUrl(name);
  return { url, database: await migratedBenchDatabase(url, poolSize) };
}

type TBenchShop = Awaited<ReturnType<typeof createTenant>>;

/** A bench shop whose owner signs in with BENCH_PASSWORD. */
export function createBenchShop(database: Database, cqName: string, ownerEmail: string): Promise<TBenchShop> {
  return createTenant(database.db, { cq_name: cqName, owner_email: ownerEmail, owner_password: BENCH_PASSWORD });
}

/**
 * Seeds `orders` orders (the benchShopShape catalogue, customers and agents under the shop's
 * Support Agent role) into a shop createBenchShop made; `client` has run prepareSeed.
 */
export async function seedBenchShop(client: pg.Client, shop: TBenchShop, orders: number, idStart = 0): Promise<void> {
  await seedShop(client, {
    tenantId: shop.tenant.id,
    ownerId: shop.ownerId,
    roleId: shop.roleIds.get('Support Agent')!,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    ...benchShopShape(orders),
    idStart,
  });
}

/** Seeds one shop's orders into the database at `url` on a connection of its own, then vacuums it for the planner. */
export function seedBenchDatabase(url: string, shop: TBenchShop, orders: number): Promise<void> {
  return seedBenchShops(url, [{ shop, orders }]);
}

/** The same for several shops, their order ids one range after the other (the orders' id sequence is shared). */
export async function seedBenchShops(url: string, shops: Array<{ shop: TBenchShop; orders: number }>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await prepareSeed(client);
    let idStart = 0;
    for (const { shop, orders } of shops) {
      await seedBenchShop(client, shop, orders, idStart);
      idStart += orders;
    }
    await finishSeed(client);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** Nearest-rank percentile of ascending times. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The production app on `url` (silent, no SPA, files under the temp dir's `dataDirName`) and the
 * authorization header of `email`, logged in through the real route.
 */
export async function appWithOwner(database: Database, url: string, dataDirName: string, email: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: path.join(os.tmpdir(), dataDirName),
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const { app } = await buildApp(config, database);
  const login = await app.inject({ method: 'POST', url: '/login', payload: { email, password: BENCH_PASSWORD } });
  const headers = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };
  return { app, headers };
}

/** The bench:orders shop's shape for `orders` orders (catalogue, customers, agents, days). */
export function benchShopShape(orders: number) {
  const large = orders >= 100_000;
  return {
    orders,
    idStart: 0,
    customers: Math.round(orders / 2.5),
    products: large ? 300 : 60,
    agents: large ? 20 : 5,
    days: large ? 730 : 365,
  };
}

/** Runs a bench's main: the failed targets set the exit code, an error ends the process. */
export function runBench(main: () => Promise<string[]>): void {
  main()
    .then((failures) => {
      if (failures.length) {
        log(`FAILED: ${failures.join('; ')}`);
        process.exitCode = 1;
      } else log('all targets met');
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
