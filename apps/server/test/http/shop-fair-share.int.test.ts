import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { buildApp } from '../../src/http/app.js';
import { openListeningApp } from '../support/listening-app.js';
import { createTestTenant, loginAs, openTestApp, testConfig, unique } from '../support/test-db.js';

// Decision 0144: one shop's flood must not take the server from the others. Shop A's product saves
// are held in the database (a second connection holds the SKU lock A's saves take), so A's requests
// stay in progress as long as the test says; needs a PostgreSQL pool (PGlite has one connection).
const url = process.env.TEST_DATABASE_URL;
const SKU_LOCK_CLASS = 3001; // products.repository.ts: lockTenantSkus

// Past this, the request waits on something that is not its own shop (the pool): the failure.
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.skipIf(!url)("a shop's fair share of the server", async () => {
  // A pool of 5 (the tests' own); a shop may have 2 requests in progress and 2 waiting.
  const { app, database } = await openTestApp({
    SHOP_MAX_IN_FLIGHT: '2',
    SHOP_MAX_QUEUED: '2',
    SHOP_QUEUE_WAIT_MS: '30000',
  });

  it("refuses a flooding shop's extra requests 429 with Retry-After, serves another shop, sign-in and /health meanwhile, and the flooding shop afterwards", async () => {
    const shopA = await createTestTenant(database);
    const shopB = await createTestTenant(database);
    const a = await loginAs(app, shopA.ownerEmail);
    const b = await loginAs(app, shopB.ownerEmail);
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    await lock.query('select pg_advisory_lock($1, $2)', [SKU_LOCK_CLASS, shopA.id]);
    let flood: Array<{ statusCode: number }> = [];
    try {
      // Eight saves at once: two in progress (held by the lock), two waiting, four refused.
      const saves = Array.from({ length: 8 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/dashboard/products',
          headers: { authorization: a.authorization },
          payload: { name: `Flood ${i}`, sku: unique('FLOOD'), price: 1000 },
        }),
      );
      // Whichever four reach the gate last (the sign-in checks finish in any order) are refused at once.
      const answered: Array<Awaited<(typeof saves)[number]>> = [];
      for (const save of saves) void save.then((response) => answered.push(response));
      await within(
        10_000,
        waitUntil(() => answered.length >= 4),
      );
      expect(answered.map((r) => r.statusCode)).toEqual([429, 429, 429, 429]);
      expect(answered[0]!.headers['retry-after']).toBe('1');
      expect(answered[0]!.json()).toMatchObject({ code: 'edge.shop_busy' });

      // Meanwhile: the other shop's list, a sign-in and /health are answered at once.
      const list = await within(
        5_000,
        app.inject({ url: '/dashboard/orders?tab=all', headers: { authorization: b.authorization } }),
      );
      expect(list.statusCode, list.body).toBe(200);
      const login = await within(5_000, loginAs(app, shopB.ownerEmail));
      expect(login.token).toBeTruthy();
      const health = await within(5_000, app.inject({ url: '/health' }));
      expect(health.statusCode).toBe(200);

      await lock.query('select pg_advisory_unlock($1, $2)', [SKU_LOCK_CLASS, shopA.id]);
      // The four taken in are all served once the lock is gone: those waiting got their turn.
      await within(20_000, Promise.all(saves));
      flood = answered.slice(4);
    } finally {
      await lock.end();
    }
    expect(flood.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const after = await app.inject({ url: '/dashboard/orders?tab=all', headers: { authorization: a.authorization } });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('sheds load 503 with Retry-After while transactions wait for a connection, and still answers /health', async () => {
    const small = await openDatabase({ databaseUrl: url!, poolSize: 1, connectionWaitMs: 30_000 });
    const { app: busyApp } = await buildApp(testConfig({ SHED_POOL_WAITING: '1' }), small);
    let release!: () => void;
    const held = small.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Two sign-ins wait for the one connection (sign-in is never shed): the pool's queue is past 1.
      const waiting = [0, 1].map(() =>
        busyApp.inject({
          method: 'POST',
          url: '/login',
          payload: { email: 'nobody@shed.dz', password: 'not-a-password-1' },
        }),
      );
      await within(
        5_000,
        waitUntil(() => small.connections.waiting() === 2),
      );

      const shed = await within(
        5_000,
        busyApp.inject({ url: '/dashboard/orders', headers: { authorization: 'Bearer x' } }),
      );
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('2');
      expect(shed.json()).toEqual({
        message: 'The server is busy. Please try again in a moment.',
        code: 'unavailable',
      });
      const health = await within(5_000, busyApp.inject({ url: '/health' }));
      expect(health.statusCode).toBe(200);

      release();
      await held;
      expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([422, 422]);
    } finally {
      release();
      await busyApp.close();
      await small.close();
    }
  });
  it('gives back the place of a request whose client left while it waited in line', async () => {
    // One place per shop: a place lost to a client that left would lock the shop out.
    const { baseUrl, database: db } = await openListeningApp({
      SHOP_MAX_IN_FLIGHT: '1',
      SHOP_MAX_QUEUED: '5',
      SHOP_QUEUE_WAIT_MS: '30000',
    });
    const shop = await createTestTenant(db);
    const { authorization } = await loginAs(app, shop.ownerEmail);
    const list = (signal?: AbortSignal) =>
      fetch(`${baseUrl}/dashboard/orders?tab=all`, { headers: { authorization }, signal });
    expect((await list()).status).toBe(200); // the token is known: its next requests wait in line
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    await lock.query('select pg_advisory_lock($1, $2)', [SKU_LOCK_CLASS, shop.id]);
    try {
      const held = fetch(`${baseUrl}/dashboard/products`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Held', sku: unique('HELD'), price: 1000 }),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Three requests wait in line behind the held save; their clients give up.
      const leaving = new AbortController();
      const waiting = [0, 1, 2].map(() => list(leaving.signal).catch((error: Error) => error.name));
      await new Promise((resolve) => setTimeout(resolve, 300));
      leaving.abort();
      expect(await Promise.all(waiting)).toEqual(['AbortError', 'AbortError', 'AbortError']);
      await lock.query('select pg_advisory_unlock($1, $2)', [SKU_LOCK_CLASS, shop.id]);
      expect((await within(10_000, held)).status).toBe(201);
    } finally {
      await lock.end();
    }
    // The shop's one place is free again: request after request is served.
    for (let i = 0; i < 3; i++) expect((await within(10_000, list())).status).toBe(200);
  });
});
