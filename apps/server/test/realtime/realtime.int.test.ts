import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/tenant-context.js';
import { withTenantEvents, type TDomainEvent } from '../../src/lib/domain-events.js';
import { createTestTenant, createTestUser, loginAs, type TTestTenant } from '../support/test-db.js';
import { openListeningApp } from '../support/listening-app.js';
import { connect, disconnected, nextEvent, openSocket, record, sleep, connected } from './support/sockets.js';

// One instance, in-memory adapter (the embedded default); runs on PGlite and on PostgreSQL.
const { app, database, baseUrl, sockets } = await openListeningApp();
const open = async (token: string | undefined, options?: { visible?: boolean }) => {
  const socket = await connect(baseUrl, token, options);
  sockets.push(socket);
  return socket;
};

/** One committed transaction that emitted these events (what a service does). */
async function commit(tenantId: number, ...events: TDomainEvent[]) {
  await withTenantEvents(database.db, tenantId, async (_tx, out) => events.forEach((e) => out.emit(e)));
}

const orderCreated = (tenantId: number, marker: string, agentId: number | null = null): TDomainEvent => ({
  type: 'OrderCreated',
  tenantId,
  payload: { marker, orders: [{ id: 1, order_number: marker, agent_id: agentId }] },
});

/** After the events reached their intended sockets, a little more time, then none of these arrived. */
async function expectQuiet(log: ReturnType<typeof record>, markers: string[]) {
  await sleep(150);
  const seen = log.events.map((e) => (e.payload as { marker?: string } | undefined)?.marker);
  for (const marker of markers) expect(seen).not.toContain(marker);
}

let shopA: TTestTenant;
let shopB: TTestTenant;
let ownerA: string;
let ownerB: string;
let agentA: { id: number; token: string };
let managerA: { id: number; token: string };

beforeAll(async () => {
  shopA = await createTestTenant(database);
  shopB = await createTestTenant(database);
  ownerA = (await loginAs(app, shopA.ownerEmail)).token;
  ownerB = (await loginAs(app, shopB.ownerEmail)).token;
  const agent = await createTestUser(database, shopA, 'Support Agent');
  agentA = { id: agent.id, token: (await loginAs(app, agent.email)).token };
  const manager = await createTestUser(database, shopA, 'Manager');
  managerA = { id: manager.id, token: (await loginAs(app, manager.email)).token };
});

describe('authentication at connect', () => {
  it('refuses a missing, unknown or revoked token', async () => {
    await expect(connect(baseUrl, undefined)).rejects.toThrow('Unauthenticated.');
    await expect(connect(baseUrl, 'not-a-token')).rejects.toThrow('Unauthenticated.');
    const user = await createTestUser(database, shopA, 'Manager');
    const { token, authorization } = await loginAs(app, user.email);
    const before = await open(token);
    expect(before.connected).toBe(true);
    const logout = await app.inject({ method: 'POST', url: '/logout', headers: { authorization } });
    expect(logout.statusCode).toBeLessThan(300);
    await expect(connect(baseUrl, token)).rejects.toThrow('Unauthenticated.');
    // A socket opened before the logout is dropped at the next re-check.
    const gone = disconnected(before);
    await app.realtime!.revalidate();
    expect(await gone).toBe('io server disconnect');
  });
});

describe('tenant isolation', () => {
  it('a socket of tenant B receives nothing of tenant A, even after asking to join its rooms by name', async () => {
    const a = await open(ownerA);
    const b = await open(ownerB);
    const bLog = record(b);
    for (const room of [
      `tenant:${shopA.id}:orders`,
      `tenant:${shopA.id}:admin-orders`,
      `user:${shopA.id}:${shopA.ownerId}`,
    ]) {
      const answer = await b.timeout(2000).emitWithAck('join', room);
      expect(answer).toEqual({ error: 'forbidden' });
      expect(await b.timeout(2000).emitWithAck('subscribe', { room })).toEqual({ error: 'forbidden' });
    }
    const received = nextEvent(a, 'OrderCreated', (p) => p.marker === 'a-1');
    await commit(shopA.id, orderCreated(shopA.id, 'a-1'), {
      type: 'Notification',
      tenantId: shopA.id,
      userId: shopA.ownerId,
      payload: { marker: 'a-note', kind: 'import_finished' },
    });
    await received;
    await expectQuiet(bLog, ['a-1', 'a-note']);
    expect(bLog.events.filter((e) => e.event !== 'presence')).toEqual([]);
  });

  it('an admin in both order channels receives an event once', async () => {
    const a = await open(ownerA);
    const log = record(a);
    const received = nextEvent(a, 'OrderStatusUpdated', (p) => p.marker === 'once');
    await commit(shopA.id, { type: 'OrderStatusUpdated', tenantId: shopA.id, payload: { marker: 'once', orders: [] } });
    await received;
    await sleep(100);
    expect(log.events.filter((e) => e.event === 'OrderStatusUpdated')).toHaveLength(1);
  });
});

describe('after commit only', () => {
  it('never delivers the events of a rolled-back transaction', async () => {
    const a = await open(ownerA);
    const log = record(a);
    await expect(
      withTenantEvents(database.db, shopA.id, async (_tx, out) => {
        out.emit(orderCreated(shopA.id, 'rolled-back'));
        throw new Error('the order insert failed');
      }),
    ).rejects.toThrow('the order insert failed');
    const received = nextEvent(a, 'OrderCreated', (p) => p.marker === 'committed');
    await commit(shopA.id, orderCreated(shopA.id, 'committed'));
    await received;
    await sleep(100);
    const markers = log.events.map((e) => (e.payload as { marker?: string }).marker);
    expect(markers).toContain('committed');
    expect(markers).not.toContain('rolled-back');
  });
});

describe('channels by permission', () => {
  it('a Support Agent receives only the orders assigned to them; a manager receives them all', async () => {
    const agent = await open(agentA.token);
    const manager = await open(managerA.token);
    const agentLog = record(agent);
    const mine = { id: 10, order_number: 'mine', agent_id: agentA.id };
    const theirs = { id: 11, order_number: 'theirs', agent_id: managerA.id };
    const toAgent = nextEvent(agent, 'OrderCreated', (p) => p.marker === 'batch');
    const toManager = nextEvent(manager, 'OrderCreated', (p) => p.marker === 'batch');
    await commit(shopA.id, {
      type: 'OrderCreated',
      tenantId: shopA.id,
      payload: { marker: 'batch', orders: [mine, theirs] },
    });
    expect((await toAgent).orders).toEqual([mine]);
    expect((await toManager).orders).toEqual([mine, theirs]);
    await commit(shopA.id, orderCreated(shopA.id, 'not-assigned', managerA.id));
    await expectQuiet(agentLog, ['not-assigned']);
  });

  it('a notification reaches its user and nobody else', async () => {
    const agent = await open(agentA.token);
    const manager = await open(managerA.token);
    const managerLog = record(manager);
    const received = nextEvent(agent, 'Notification', (p) => p.marker === 'assigned');
    await commit(shopA.id, {
      type: 'Notification',
      tenantId: shopA.id,
      userId: agentA.id,
      payload: { marker: 'assigned', kind: 'order_assigned' },
    });
    expect((await received).kind).toBe('order_assigned');
    await expectQuiet(managerLog, ['assigned']);
  });
});

describe('presence', () => {
  const presenceOf = async (token: string, userId: number) => {
    const response = await app.inject({
      method: 'GET',
      url: '/dashboard/presence',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: { user_id: number; online: boolean; last_changed: string | null }[] };
    return body.data.find((row) => row.user_id === userId);
  };

  it('online on connect, offline when hidden, online when visible, offline when every tab is gone', async () => {
    const user = await createTestUser(database, shopA, 'Support Agent');
    const { token } = await loginAs(app, user.email);
    const watcher = await open(managerA.token);
    const outsider = await open(ownerB);
    const outsiderLog = record(outsider);
    expect(await presenceOf(managerA.token, user.id)).toEqual({ user_id: user.id, online: false, last_changed: null });

    const online = nextEvent(watcher, 'presence', (p) => p.user_id === user.id && p.online === true);
    const tab1 = await open(token);
    const first = await online;
    expect(Date.parse(first.last_changed as string)).toBeGreaterThan(Date.now() - 60_000);
    expect((await presenceOf(managerA.token, user.id))?.online).toBe(true);

    // A second tab, hidden: the user stays online while the first one is visible.
    const tab2 = await open(token, { visible: false });
    tab1.emit('presence', { visible: false });
    const offline = nextEvent(watcher, 'presence', (p) => p.user_id === user.id && p.online === false);
    await offline;
    expect((await presenceOf(managerA.token, user.id))?.online).toBe(false);

    const back = nextEvent(watcher, 'presence', (p) => p.user_id === user.id && p.online === true);
    tab2.emit('presence', { visible: true });
    await back;

    const gone = nextEvent(watcher, 'presence', (p) => p.user_id === user.id && p.online === false);
    tab1.close();
    await sleep(100);
    expect((await presenceOf(managerA.token, user.id))?.online).toBe(true); // tab2 still open and visible
    tab2.close();
    await gone;
    expect((await presenceOf(managerA.token, user.id))?.online).toBe(false);
    expect(outsiderLog.events.some((e) => (e.payload as { user_id?: number }).user_id === user.id)).toBe(false);
  });

  it('ignores malformed reports and needs a session to read', async () => {
    const socket = await open(managerA.token);
    socket.emit('presence', 'hidden');
    socket.emit('presence', { visible: 'no' });
    await sleep(100);
    expect((await presenceOf(ownerA, managerA.id))?.online).toBe(true);
    const anonymous = await app.inject({ method: 'GET', url: '/dashboard/presence' });
    expect(anonymous.statusCode).toBe(401);
    // Unconnected sockets of a refused token never count.
    const refused = openSocket(baseUrl, 'bogus');
    await expect(connected(refused)).rejects.toThrow();
    refused.close();
  });

  it('repairs a row left online by an instance that died', async () => {
    const user = await createTestUser(database, shopA, 'Manager');
    await withTenant(database.db, shopA.id, (tx) =>
      tx.execute(sql`insert into presence (tenant_id, user_id, online) values (${shopA.id}, ${user.id}, true)`),
    );
    expect((await presenceOf(ownerA, user.id))?.online).toBe(false);
  });
});

describe('GET /dashboard/firebase/custom-token (SPEC 7, docs/decisions/0024)', () => {
  it('answers the spec shape for the caller only', async () => {
    const headers = { authorization: `Bearer ${ownerA}` };
    const own = await app.inject({
      method: 'GET',
      url: `/dashboard/firebase/custom-token?tenant_id=${shopA.id}&user_id=${shopA.ownerId}`,
      headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ token: null });
    const other = await app.inject({
      method: 'GET',
      url: `/dashboard/firebase/custom-token?tenant_id=${shopB.id}&user_id=${shopB.ownerId}`,
      headers,
    });
    expect(other.statusCode).toBe(403);
    const missing = await app.inject({ method: 'GET', url: '/dashboard/firebase/custom-token', headers });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['tenant_id', 'user_id']);
  });
});
