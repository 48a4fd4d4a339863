import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import {
  createTestTenant,
  createTestUser,
  openTestDatabase,
  TEST_PASSWORD,
  type TTestTenant,
} from '../support/test-db.js';
import { redisAnswers } from '../support/redis.js';
import { startInstance, waitForMesh, type TInstance } from './support/cluster.js';
import { connect, nextEvent, record, sleep } from './support/sockets.js';

// ARCHITECTURE 4: two server processes (buildApp + listen on 127.0.0.1, ephemeral ports) on one
// PostgreSQL, fanned out by the PostgreSQL adapter and again by the Redis adapter. Each instance is
// its own process with its own event bus, as in production; nothing is shared but the database and
// the adapter. Needs TEST_DATABASE_URL (PGlite cannot be shared by two processes); the Redis suite
// also needs a Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379).
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = databaseUrl ? await redisAnswers(redisUrl) : false;
const database: Database | null = databaseUrl ? await openTestDatabase() : null;

async function login(instance: TInstance, email: string): Promise<string> {
  const response = await fetch(`${instance.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

function clusterSuite(kind: 'postgres' | 'redis') {
  let one: TInstance;
  let two: TInstance;
  let shopA: TTestTenant;
  let shopB: TTestTenant;
  let ownerA: string;
  let ownerB: string;
  const sockets: Socket[] = [];
  const open = async (instance: TInstance, token: string, options?: { visible?: boolean }) => {
    const socket = await connect(instance.url, token, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    const env = {
      DATABASE_URL: databaseUrl!,
      REALTIME_ADAPTER: kind,
      ...(kind === 'redis' ? { REDIS_URL: redisUrl } : {}),
    };
    [one, two] = await Promise.all([startInstance(env), startInstance(env)]);
    await waitForMesh([one, two]);
    shopA = await createTestTenant(database!);
    shopB = await createTestTenant(database!);
    [ownerA, ownerB] = await Promise.all([login(two, shopA.ownerEmail), login(one, shopB.ownerEmail)]);
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([one?.stop(), two?.stop()]);
  });

  it('a client on instance 1 receives the OrderCreated committed on instance 2; tenant B receives nothing', async () => {
    const onOne = await open(one, ownerA);
    const onTwo = await open(two, ownerA);
    const outsiderOne = await open(one, ownerB);
    const outsiderTwo = await open(two, ownerB);
    const logs = [record(outsiderOne), record(outsiderTwo)];
    for (const outsider of [outsiderOne, outsiderTwo]) {
      expect(await outsider.timeout(2000).emitWithAck('join', `tenant:${shopA.id}:orders`)).toEqual({
        error: 'forbidden',
      });
    }
    const payload = { marker: 'cross', orders: [{ id: 1, order_number: 'ORD-1', agent_id: null }] };
    const received = [nextEvent(onOne, 'OrderCreated', (p) => p.marker === 'cross'), nextEvent(onTwo, 'OrderCreated')];
    const answer = await two.publish(shopA.id, [{ type: 'OrderCreated', tenantId: shopA.id, payload }]);
    expect(answer.ok).toBe(true);
    expect(await received[0]).toEqual(payload);
    expect(await received[1]).toEqual(payload);
    await sleep(200);
    for (const log of logs) expect(log.events.filter((e) => e.event !== 'presence')).toEqual([]);
  });

  it('never delivers an event of a rolled-back transaction, on either instance', async () => {
    const onOne = await open(one, ownerA);
    const log = record(onOne);
    const refused = await two.publish(
      shopA.id,
      [{ type: 'OrderStatusUpdated', tenantId: shopA.id, payload: { marker: 'rolled-back', orders: [] } }],
      { rollback: true },
    );
    expect(refused).toMatchObject({ ok: false, error: 'rolled back on purpose' });
    const committed = nextEvent(onOne, 'OrderStatusUpdated', (p) => p.marker === 'after');
    await two.publish(shopA.id, [
      { type: 'OrderStatusUpdated', tenantId: shopA.id, payload: { marker: 'after', orders: [] } },
    ]);
    await committed;
    await sleep(100);
    const markers = log.events.map((e) => (e.payload as { marker?: string }).marker);
    expect(markers).not.toContain('rolled-back');
  });

  it('carries an import-sized payload across instances (beyond pg_notify 8000 bytes)', async () => {
    const onOne = await open(one, ownerA);
    const orders = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      order_number: `IMP-${i}`,
      agent_id: null,
      note: 'x'.repeat(60),
    }));
    expect(JSON.stringify(orders).length).toBeGreaterThan(8000);
    const received = nextEvent(onOne, 'OrderCreated', (p) => p.marker === 'chunk');
    await two.publish(shopA.id, [{ type: 'OrderCreated', tenantId: shopA.id, payload: { marker: 'chunk', orders } }]);
    expect(((await received).orders as unknown[]).length).toBe(200);
  });

  it('presence counts the sockets of every instance', async () => {
    const user = await createTestUser(database!, shopA, 'Support Agent');
    const token = await login(one, user.email);
    const watcher = await open(one, ownerA);
    const isUser = (online: boolean) => (p: Record<string, unknown>) => p.user_id === user.id && p.online === online;

    let change = nextEvent(watcher, 'presence', isUser(true));
    const tabOnOne = await open(one, token);
    await change;
    const tabOnTwo = await open(two, token, { visible: false });

    // Hidden on instance 1, hidden on instance 2: offline (written by instance 1, seen through instance 1).
    change = nextEvent(watcher, 'presence', isUser(false));
    tabOnOne.emit('presence', { visible: false });
    await change;

    // Visible again on instance 2: the watcher on instance 1 hears it.
    change = nextEvent(watcher, 'presence', isUser(true));
    tabOnTwo.emit('presence', { visible: true });
    await change;

    // Instance 1's tab goes away; instance 2's visible tab keeps the user online.
    tabOnOne.close();
    await sleep(300);
    const read = async () => {
      const response = await fetch(`${one.url}/dashboard/presence`, { headers: { authorization: `Bearer ${ownerA}` } });
      const body = (await response.json()) as { data: { user_id: number; online: boolean }[] };
      return body.data.find((r) => r.user_id === user.id)?.online;
    };
    expect(await read()).toBe(true);

    change = nextEvent(watcher, 'presence', isUser(false));
    tabOnTwo.close();
    await change;
    expect(await read()).toBe(false);
  });

  it('refuses a bad token at connect on either instance', async () => {
    await expect(connect(one.url, 'forged')).rejects.toThrow('Unauthenticated.');
    await expect(connect(two.url, `${ownerA}x`)).rejects.toThrow('Unauthenticated.');
  });

  // Last: it stops instance 2.
  it('an instance that shuts down writes its users offline before it lets go of the adapter', async () => {
    const user = await createTestUser(database!, shopA, 'Manager');
    const token = await login(one, user.email);
    const watcher = await open(one, ownerA);
    const online = nextEvent(watcher, 'presence', (p) => p.user_id === user.id && p.online === true);
    const tab = await open(two, token);
    await online;
    const offline = nextEvent(watcher, 'presence', (p) => p.user_id === user.id && p.online === false);
    const dropped = new Promise((resolve) => tab.once('disconnect', resolve));
    await two.stop();
    expect(await dropped).toBe('transport close'); // a browser reconnects after this (not after a kick)
    await offline;
  });
}

// A skipped suite says why, in its name and once on stderr (the default reporter shows both).
const skipPostgres = databaseUrl
  ? ''
  : 'skipped: set TEST_DATABASE_URL to a PostgreSQL database (PGlite cannot be shared by two processes)';
const skipRedis = skipPostgres || (redisUp ? '' : `skipped: no Redis answers at ${redisUrl} (set TEST_REDIS_URL)`);
for (const reason of new Set([skipPostgres, skipRedis].filter(Boolean))) console.warn(`cluster.int.test.ts: ${reason}`);
const titled = (title: string, reason: string) => (reason ? `${title} (${reason})` : title);

describe.skipIf(!!skipPostgres)(titled('two instances, PostgreSQL adapter', skipPostgres), () =>
  clusterSuite('postgres'),
);
describe.skipIf(!!skipRedis)(titled('two instances, Redis adapter', skipRedis), () => clusterSuite('redis'));
