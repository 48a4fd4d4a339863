// A real Socket.IO server on 127.0.0.1 (stopped and started again on the same port) and the real
// socket.io-client: what is tested is how the connection manager behaves around them.
import { createServer, type Server as THttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay, RealtimeConnection, type TBackoff } from './connection';
import { RealtimeHub } from './hub';

const FAST: TBackoff = { minMs: 20, maxMs: 200, jitter: 0 };

interface TTestServer {
  io: Server;
  http: THttpServer;
  port: number;
  handshakes: Record<string, unknown>[];
  close(): Promise<void>;
}

/** Accepts token 'good'; 'revoked' is refused like a bad token; `unavailable` answers the outage error. */
async function startServer(port = 0, options: { unavailable?: number } = {}): Promise<TTestServer> {
  const http = createServer();
  const io = new Server(http);
  const handshakes: Record<string, unknown>[] = [];
  let unavailable = options.unavailable ?? 0;
  io.use((socket, next) => {
    const auth = socket.handshake.auth as Record<string, unknown>;
    handshakes.push(auth);
    if (auth.token !== 'good') return next(new Error('Unauthenticated.'));
    if (unavailable > 0) {
      unavailable -= 1;
      return next(new Error('Unavailable.'));
    }
    next();
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    io,
    http,
    port: (http.address() as AddressInfo).port,
    handshakes,
    close: () => io.close().then(() => undefined),
  };
}

const servers: TTestServer[] = [];
const connections: RealtimeConnection[] = [];
afterEach(async () => {
  connections.splice(0).forEach((c) => c.stop());
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function open(server: TTestServer, options: { token?: string | null; visible?: () => boolean } = {}) {
  const hub = new RealtimeHub();
  const connection = new RealtimeConnection({
    url: `http://127.0.0.1:${server.port}`,
    getToken: () => (options.token === undefined ? 'good' : options.token),
    isVisible: options.visible ?? (() => true),
    hub,
    backoff: FAST,
    socketOptions: { transports: ['websocket'] },
  });
  connections.push(connection);
  return { connection, hub };
}

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A connection to a fresh server, connected, counting its catch-ups (reconnections). */
async function connectedWithCatchUps() {
  const server = await startServer();
  servers.push(server);
  const { connection, hub } = open(server);
  let catchUps = 0;
  hub.onReconnect(() => (catchUps += 1));
  connection.start();
  await until(() => hub.getStatus() === 'connected');
  return { server, hub, catchUps: () => catchUps };
}

describe('RealtimeConnection', () => {
  it('signs in with the stored token and the tab visibility, and hands events to the hub', async () => {
    const server = await startServer();
    servers.push(server);
    const { connection, hub } = open(server, { visible: () => false });
    const received: unknown[] = [];
    hub.on('OrderCreated', (payload) => received.push(payload));
    connection.start();
    await until(() => hub.getStatus() === 'connected');
    expect(server.handshakes.at(-1)).toEqual({ token: 'good', visible: false });
    server.io.emit('OrderCreated', { orders: [{ id: 1 }] });
    await until(() => received.length === 1);
    expect(received).toEqual([{ orders: [{ id: 1 }] }]);
  });

  it('reports visibility changes to the server', async () => {
    const server = await startServer();
    servers.push(server);
    const reports: unknown[] = [];
    server.io.on('connection', (socket) => socket.on('presence', (report) => reports.push(report)));
    const { connection, hub } = open(server);
    connection.start();
    await until(() => hub.getStatus() === 'connected');
    connection.reportVisibility(false);
    connection.reportVisibility(true);
    await until(() => reports.length === 2);
    expect(reports).toEqual([{ visible: false }, { visible: true }]);
  });

  it('comes back after the server restarts, calls the catch-up once, and keeps its handlers', async () => {
    const first = await startServer();
    const { connection, hub } = open(first);
    let catchUps = 0;
    hub.onReconnect(() => (catchUps += 1));
    const received: unknown[] = [];
    hub.on('OrderStatusUpdated', (payload) => received.push(payload));
    connection.start();
    await until(() => hub.getStatus() === 'connected');
    expect(catchUps).toBe(0); // the first connect is not a reconnection

    // io.close() drops every transport, as the app's shutdown (and a crash) does.
    await first.close();
    await until(() => hub.getStatus() === 'reconnecting');
    const second = await startServer(first.port);
    servers.push(second);
    await until(() => hub.getStatus() === 'connected');
    expect(catchUps).toBe(1);
    second.io.emit('OrderStatusUpdated', { marker: 'after restart' });
    await until(() => received.length === 1);
    expect(received).toEqual([{ marker: 'after restart' }]);
  });

  it('comes back when the server closed the socket itself (Socket.IO alone would stay down)', async () => {
    const { server, hub, catchUps } = await connectedWithCatchUps();
    server.io.local.disconnectSockets(true); // what a token re-check does
    await until(() => catchUps() === 1);
    expect(hub.getStatus()).toBe('connected');
    expect(server.handshakes).toHaveLength(2);
  });

  it('comes back after a network drop (the transport closes without a goodbye)', async () => {
    const { server, hub, catchUps } = await connectedWithCatchUps();
    for (const socket of server.io.sockets.sockets.values()) socket.conn.close(); // the wire is cut
    await until(() => catchUps() === 1);
    expect(hub.getStatus()).toBe('connected');
  });

  it('retries with back-off while the server answers that it is unavailable', async () => {
    const server = await startServer(0, { unavailable: 3 });
    servers.push(server);
    const { connection, hub } = open(server);
    connection.start();
    await until(() => hub.getStatus() === 'connected');
    expect(server.handshakes).toHaveLength(4);
  });

  it('stops for good when the token is refused, and does not connect without one', async () => {
    const server = await startServer();
    servers.push(server);
    const refused = open(server, { token: 'revoked' });
    refused.connection.start();
    await until(() => refused.hub.getStatus() === 'refused');
    await new Promise((r) => setTimeout(r, 300)); // many back-off periods
    expect(server.handshakes).toHaveLength(1);

    const anonymous = open(server, { token: null });
    anonymous.connection.start();
    expect(anonymous.hub.getStatus()).toBe('refused');
    await new Promise((r) => setTimeout(r, 50));
    expect(server.handshakes).toHaveLength(1);
  });

  it('stop() closes the socket and no event reaches the hub afterwards', async () => {
    const server = await startServer();
    servers.push(server);
    const { connection, hub } = open(server);
    const received: unknown[] = [];
    hub.on('Notification', (payload) => received.push(payload));
    connection.start();
    await until(() => hub.getStatus() === 'connected');
    connection.stop();
    expect(hub.getStatus()).toBe('idle');
    await until(() => server.io.sockets.sockets.size === 0);
    server.io.emit('Notification', { kind: 'x' });
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([]);
  });
});

describe('backoffDelay', () => {
  it('doubles from the minimum up to the cap, with jitter inside its band', () => {
    const backoff = { minMs: 1000, maxMs: 30_000, jitter: 0.5 };
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, backoff, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(2, backoff, () => 0)).toBe(2000);
    expect(backoffDelay(2, backoff, () => 0.999999)).toBe(6000);
  });
});
