import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { TConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { domainEvents, type TDomainEvent } from '../lib/domain-events.js';
import { authenticate, type TAuthDeps } from '../modules/auth/auth.service.js';
import type { TSession } from '../modules/auth/session.js';
import { createRealtimeAdapter, type TAdapterKind } from './adapter.js';
import { deliveriesFor } from './fanout.js';
import { PresenceTracker } from './presence.js';
import { registerPresenceRoutes } from './presence.routes.js';
import { rooms, roomsForSession } from './rooms.js';
import type { TIo, TSocket } from './types.js';

/** A source of committed domain events (the process-wide bus unless told otherwise). */
export interface TEventSource {
  subscribe(listener: (event: TDomainEvent) => void): () => void;
}

export interface TRealtimeOptions {
  database: Database;
  config: TConfig;
  events?: TEventSource;
  /** How often live sockets re-check their token (revoked, expired, role changed). */
  revalidateEveryMs?: number;
}

export interface TRealtime {
  io: TIo;
  adapter: TAdapterKind;
  presence: PresenceTracker;
  /** Re-checks every local socket's token now: refused ones are disconnected, rooms follow roles. */
  revalidate(): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: TRealtime | null;
  }
}

const REVALIDATE_EVERY_MS = 5 * 60 * 1000;
// Messages from browsers are tiny ({visible}); anything bigger is not ours.
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
const SHUTDOWN_GRACE_MS = 3000;

/** Errors the browser sees at connect (docs/decisions/0025: the first stops retries, the second not). */
export const UNAUTHENTICATED = 'Unauthenticated.';
export const UNAVAILABLE = 'Unavailable.';

/**
 * ARCHITECTURE 3.6: Socket.IO on the app's own HTTP server and port. Sockets sign in with the same
 * bearer token as the API, are put in their own rooms by the server (never by request), and receive
 * domain events only after their transaction committed (withTenantEvents publishes after COMMIT).
 * Must be called before the app listens (it registers the presence routes).
 */
export async function attachRealtime(app: FastifyInstance, options: TRealtimeOptions): Promise<TRealtime> {
  const { database, config } = options;
  const deps: TAuthDeps = { db: database.db, config, log: app.log };
  const adapter = await createRealtimeAdapter(config, database, app.log);
  let closing = false;
  const io: TIo = new Server(app.server, {
    serveClient: false,
    adapter: adapter.factory,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    // While shutting down, no new connection: browsers retry elsewhere or once restarted. (It also
    // keeps a late WebSocket upgrade from reaching the engine after it closed.)
    allowRequest: (_request, answer) => answer(closing ? 'Shutting down.' : null, !closing),
  });
  const presence = new PresenceTracker(database.db, io, app.log);
  const sessions = new WeakMap<TSocket, string>();
  const joined = new WeakMap<TSocket, string[]>();

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; visible?: unknown };
    const token = typeof auth.token === 'string' ? auth.token : '';
    authenticate(deps, token).then(
      (session) => {
        if (!session) return next(new Error(UNAUTHENTICATED));
        sessions.set(socket, token);
        // SPEC 4: online on sign-in unless the tab says it is hidden.
        socket.data = { tenantId: session.tenantId, userId: session.userId, visible: auth.visible !== false };
        joined.set(socket, roomsForSession(session));
        next();
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'realtime: authentication failed');
        next(new Error(UNAVAILABLE));
      },
    );
  });

  io.on('connection', (socket) => {
    const { tenantId, userId } = socket.data;
    void socket.join(joined.get(socket) ?? []);
    void presence.request(tenantId, userId);
    socket.on('presence', (report) => {
      const visible = (report as { visible?: unknown } | null)?.visible;
      if (typeof visible !== 'boolean' || visible === socket.data.visible) return;
      socket.data.visible = visible;
      void presence.request(tenantId, userId);
    });
    // No event lets a browser choose a room: a "join" (or anything unknown) is answered with a refusal.
    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = args.at(-1);
      if (event !== 'presence' && typeof ack === 'function') (ack as (answer: unknown) => void)({ error: 'forbidden' });
    });
    socket.on('disconnect', () => void presence.request(tenantId, userId));
  });

  const unsubscribe = (options.events ?? domainEvents).subscribe((event) => {
    if (event.type === 'SessionsEnded') {
      // Through the adapter, so the user's sockets on every instance close, not only this one's.
      io.in(rooms.user(event.tenantId, event.userId)).disconnectSockets(true);
      return;
    }
    try {
      for (const delivery of deliveriesFor(event)) {
        const operator = delivery.except.length ? io.to(delivery.to).except(delivery.except) : io.to(delivery.to);
        operator.emit(delivery.event, delivery.payload);
      }
    } catch (error) {
      app.log.error({ err: error, type: event.type }, 'realtime: fan-out failed');
    }
  });

  const revalidate = async (): Promise<void> => {
    for (const socket of io.of('/').sockets.values()) {
      const session = await authenticate(deps, sessions.get(socket) ?? '').catch(() => undefined);
      if (session === undefined) continue; // database unavailable: keep the socket, try next time
      if (!session) socket.disconnect(true);
      else syncRooms(socket, session);
    }
  };
  const timer = setInterval(() => void revalidate(), options.revalidateEveryMs ?? REVALIDATE_EVERY_MS);
  timer.unref();

  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      closing = true;
      unsubscribe();
      clearInterval(timer);
      // Dropping the transports (not a "disconnect" message) tells browsers to come back, to another
      // instance or to this one restarted; their disconnects write the users offline through the
      // adapter, which must still be up until those writes are done.
      io.engine.close();
      await Promise.race([presence.drain(), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
      await io.of('/').adapter.close();
      await adapter.close();
    })());

  // Before the HTTP server closes: open WebSockets would otherwise keep it waiting.
  app.addHook('preClose', close);
  registerPresenceRoutes(app, presence);
  const realtime: TRealtime = { io, adapter: adapter.kind, presence, revalidate, close };
  if (!app.hasDecorator('realtime')) app.decorate('realtime', realtime);
  return realtime;
}

function syncRooms(socket: TSocket, session: TSession): void {
  const wanted = new Set(roomsForSession(session));
  for (const room of socket.rooms) if (room !== socket.id && !wanted.has(room)) void socket.leave(room);
  void socket.join([...wanted]);
}
