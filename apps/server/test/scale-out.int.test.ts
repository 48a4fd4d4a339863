import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@cod/shared';
import { openDatabase, rows, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { syncReferenceData } from '../src/db/seed/reference-data.js';
import { startServer, stopServer } from '../scripts/server-process.js';
import { startBalancer, type TBalancer } from '../scripts/load-balancer.js';
import { connect, connected, nextEvent } from './realtime/support/sockets.js';
import { createTestTenant, TEST_PASSWORD, type TTestTenant } from './support/test-db.js';
import { waitFor } from './support/processes.js';
import { redisAnswers } from './support/redis.js';

// Issue 16.4, ARCHITECTURE 4: two real server processes (src/main.ts, as `npm start` runs it, with
// every background job) on one PostgreSQL database and one Redis, behind the load balancer of
// docs/operations/scale-out.md. Requests through the balancer reach both; an order created on
// instance 1 reaches a socket on instance 2; an import job runs once; the daily jobs fire once.
// Needs TEST_DATABASE_URL (its server gets a database of its own, dropped at the end) and a Redis
// (TEST_REDIS_URL, default redis://127.0.0.1:6379).
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const skip = !databaseUrl
  ? 'skipped: set TEST_DATABASE_URL to a PostgreSQL database (PGlite cannot be shared by two processes)'
  : (await redisAnswers(redisUrl))
    ? ''
    : `skipped: no Redis answers at ${redisUrl} (set TEST_REDIS_URL)`;
if (skip) console.warn(`scale-out.int.test.ts: ${skip}`);

const ownDatabase = `scale_out_${crypto.randomBytes(4).toString('hex')}`;

async function onServer(query: string): Promise<void> {
  const url = new URL(databaseUrl!);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

type TServer = Awaited<ReturnType<typeof startServer>>;

describe.skipIf(!!skip)(`two instances behind a load balancer${skip ? ` (${skip})` : ''}`, () => {
  let database: Database;
  let shop: TTestTenant;
  let instances: TServer[] = [];
  let balancer: TBalancer;
  let token: string;
  let productId: number;
  const sockets: Socket[] = [];
  let dataDir = '';

  const call = async (base: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const order = (i: number) => ({
    customer_full_name: `Client Scale ${i}`,
    customer_phone_1: `055${String((Date.now() + i * 7919) % 10_000_000).padStart(7, '0')}`,
    state_id: 16,
    city_id: 1601,
    customer_address: 'Rue Didouche Mourad',
    products: [{ product_id: productId, quantity: 1 }],
  });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-scale-out-'));
    const url = new URL(databaseUrl!);
    url.pathname = `/${ownDatabase}`;
    await onServer(`create database ${ownDatabase}`);
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
    await migrate(database);
    await syncReferenceData(database.db);
    shop = await createTestTenant(database);
    // The daily report is due at once (hour 0 of the shop's zone) for a shop older than yesterday.
    await database.db.execute(sql`update tenants set created_at = now() - interval '3 days' where id = ${shop.id}`);
    await database.db.execute(sql`update tenant_settings set daily_report_hour = 0 where tenant_id = ${shop.id}`);

    // One deployment: the same database, Redis, data folder (uploaded imports) and carrier key.
    const env = {
      REDIS_URL: redisUrl,
      REALTIME_ADAPTER: 'redis',
      TRUST_PROXY: 'loopback',
      CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
    };
    instances = await Promise.all([0, 1].map(() => startServer(url.toString(), undefined, { dataDir, env })));
    balancer = await startBalancer(instances.map((i) => i.baseUrl));

    const login = await fetch(`${balancer.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: shop.ownerEmail, password: TEST_PASSWORD }),
    });
    token = ((await login.json()) as { accessToken: string }).accessToken;
    const product = await call(balancer.url, 'POST', '/dashboard/products', {
      name: 'Montre Scale',
      sku: `SCALE-${crypto.randomBytes(3).toString('hex')}`,
      price: 2500,
      initial_stock: 100_000,
    });
    expect(product.status).toBe(201);
    productId = Number(product.body.id);
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await balancer?.close();
    await Promise.all(instances.map((instance) => stopServer(instance.child)));
    await database?.close();
    if (databaseUrl) await onServer(`drop database if exists ${ownDatabase} with (force)`);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('spreads a few hundred requests over both instances; a session signed in on one is valid on the other', async () => {
    const before = [...balancer.hits];
    const statuses: number[] = [];
    const pages = Array.from({ length: 300 }, (_, i) => i);
    // Ten at a time, as ten agents would.
    for (let start = 0; start < pages.length; start += 10) {
      const answers = await Promise.all(
        pages
          .slice(start, start + 10)
          .map((i) => call(balancer.url, 'GET', i % 10 ? '/dashboard/statuses' : '/dashboard/orders?tab=all')),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const served = balancer.hits.map((n, i) => n - before[i]!);
    expect(served.reduce((a, b) => a + b)).toBe(300);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(100);

    // Writes too: orders created through the balancer get distinct numbers from one sequence.
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(balancer.url, 'POST', '/dashboard/orders', order(i))),
    );
    expect(created.map((c) => c.status)).toEqual(Array(20).fill(201));
    expect(new Set(created.map((c) => (c.body.data as { id: number }).id)).size).toBe(20);
  }, 60_000);

  it('an order created on instance 1 reaches the sockets on instance 2 and through the balancer', async () => {
    const [one, two] = instances as [TServer, TServer];
    const onTwo = await connect(two.baseUrl, token);
    // As a browser does: long-polling first, then the upgrade, its cookie keeping it on one instance.
    const browsers = await Promise.all(
      [0, 1, 2].map(() =>
        connected(
          io(balancer.url, {
            auth: { token, visible: true },
            transports: ['polling', 'websocket'],
            withCredentials: true,
            reconnection: false,
            forceNew: true,
          }),
        ),
      ),
    );
    sockets.push(onTwo, ...browsers);
    const marker = `Client Realtime ${crypto.randomBytes(3).toString('hex')}`;
    const isOurs = (p: { order?: { customer_full_name?: string } }) => p.order?.customer_full_name === marker;
    const heard = [onTwo, ...browsers].map((socket) => nextEvent(socket, 'OrderCreated', isOurs, 10_000));
    const created = await call(one.baseUrl, 'POST', '/dashboard/orders', { ...order(99), customer_full_name: marker });
    expect(created.status).toBe(201);
    const ids = (await Promise.all(heard)).map((p) => (p as { order: { id: number } }).order.id);
    expect(ids).toEqual(Array(4).fill((created.body.data as { id: number }).id));
  }, 30_000);

  it("a write on instance 1 shows at once in instance 2's Orders list, whose pages are kept between writes", async () => {
    const [one, two] = instances as [TServer, TServer];
    const listOn = async (base: string) => (await call(base, 'GET', '/dashboard/orders?tab=all')).body;
    for (let i = 0; i < 8; i++) {
      const before = (await listOn(two.baseUrl)) as { total: number };
      await listOn(two.baseUrl); // kept now (decision 0137)
      const marker = `Client Kept ${i} ${crypto.randomBytes(2).toString('hex')}`;
      const created = await call(one.baseUrl, 'POST', '/dashboard/orders', {
        ...order(200 + i),
        customer_full_name: marker,
      });
      expect(created.status).toBe(201);
      const after = (await listOn(two.baseUrl)) as { total: number; data: Array<{ customer_full_name: string }> };
      expect(after.total).toBe(before.total + 1);
      expect(after.data[0]?.customer_full_name).toBe(marker);
    }
  }, 30_000);

  it('an import uploaded through the balancer is one pg-boss job that runs once, whichever instance takes it', async () => {
    const header = 'customer_full_name,customer_phone_1,state,city,customer_address,product,quantity,sales_source';
    const lines = Array.from(
      { length: 40 },
      (_, i) =>
        `Client Import ${i},0661${String(i).padStart(6, '0')},Alger,Alger Centre,Rue ${i},Montre Scale,1,facebook`,
    );
    const form = new FormData();
    form.append('file', new Blob([[header, ...lines].join('\r\n')], { type: 'text/csv' }), 'orders.csv');
    const upload = await fetch(`${balancer.url}/dashboard/orders/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const started = (await upload.json()) as { batch_id: number };
    expect(upload.status).toBe(200);
    const batch = await waitFor(
      'the import batch to end',
      async () => {
        const progress = await call(balancer.url, 'GET', `/dashboard/orders/import/${started.batch_id}/progress`);
        const batch = progress.body.batch as { status: string };
        return batch.status === 'processing' ? undefined : batch;
      },
      40_000,
    );
    expect(batch).toMatchObject({ status: 'completed', success_count: 40, failed_count: 0 });
    const imported = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from orders
          where tenant_id = ${shop.id} and source_metadata->>'import_batch_id' = ${String(started.batch_id)}`,
    );
    expect(imported[0]!.n).toBe(40);
    // Once: one job for the batch, completed on its first attempt (a second run would be a retry
    // or a second job).
    const jobs = await rows<{ state: string; retry_count: number }>(
      database.db,
      sql`select state, retry_count from pgboss.job
          where name = 'orders-import' and singleton_key = ${`tenant-${shop.id}-batch-${started.batch_id}`}`,
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
  }, 60_000);

  it('the daily jobs fired once across the two instances', async () => {
    // Both instances look at the clock when they start: one subscription day, one daily report.
    const mails = await waitFor(
      'the daily report mail',
      async () => {
        const found = await rows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from mail_outbox where tenant_id = ${shop.id} and to_email = ${shop.ownerEmail}
              and subject not like '%subscription ends%'`,
        );
        return found[0]!.n > 0 ? found[0]!.n : undefined;
      },
      20_000,
    );
    // Every instance has run its first tick by now (they started before the tests); give a
    // concurrent second writer a moment to show up.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from mail_outbox where tenant_id = ${shop.id} and to_email = ${shop.ownerEmail}
              and subject not like '%subscription ends%'`,
    );
    expect([mails, again[0]!.n]).toEqual([1, 1]);
    const sends = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from daily_report_sends where tenant_id = ${shop.id}`,
    );
    expect(sends[0]!.n).toBe(1);

    const today = dayIn(new Date());
    const days = await rows<{ day: string }>(database.db, sql`select day::text as day from subscription_job_days`);
    expect(days.map((d) => d.day)).toEqual([today]);
    // pg-boss: the day's jobs all carry its singleton key, and none of them failed.
    const dailyJobs = await rows<{ state: string; singleton_key: string }>(
      database.db,
      sql`select state, singleton_key from pgboss.job where name = 'subscriptions-daily'`,
    );
    expect(dailyJobs.length).toBeGreaterThanOrEqual(1);
    expect(dailyJobs.every((j) => j.singleton_key === `day-${today}` && j.state !== 'failed')).toBe(true);
  }, 40_000);
});
