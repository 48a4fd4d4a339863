import { io, type Socket } from 'socket.io-client';

/**
 * Browser-side helpers for the real-time tests and the benchmark (no Vitest import, so the
 * benchmark script can use them too).
 */
export interface TClientOptions {
  visible?: boolean;
  /** Default: websocket only (what a browser ends up on; skips the polling handshake). */
  transports?: ('websocket' | 'polling')[];
}

export function openSocket(baseUrl: string, token: string | undefined, options: TClientOptions = {}): Socket {
  return io(baseUrl, {
    auth: token === undefined ? {} : { token, visible: options.visible ?? true },
    transports: options.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
  });
}

/** Resolves once connected; rejects with the server's refusal message. */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

export async function connect(baseUrl: string, token: string | undefined, options?: TClientOptions): Promise<Socket> {
  return connected(openSocket(baseUrl, token, options));
}

/** Everything a socket receives, in order, for assertions that nothing else arrived. */
export function record(socket: Socket): { events: { event: string; payload: unknown }[] } {
  const log = { events: [] as { event: string; payload: unknown }[] };
  socket.onAny((event: string, payload: unknown) => log.events.push({ event, payload }));
  return log;
}

export function nextEvent<T = Record<string, unknown>>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

export function disconnected(socket: Socket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
