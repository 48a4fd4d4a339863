import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { realtimeHub, type RealtimeHub } from './hub';

/** Refusals the server answers at connect (apps/server/src/realtime/realtime.ts). */
export const UNAUTHENTICATED = 'Unauthenticated.';

/** Back-off between attempts: doubling from minMs up to maxMs, each delay +/- jitter (fraction). */
export interface TBackoff {
  minMs: number;
  maxMs: number;
  jitter: number;
}

// docs/decisions/0025: 1 s, 2 s, 4 s ... 30 s, +/- 50 %, so a restarted server is not stampeded.
export const DEFAULT_BACKOFF: TBackoff = { minMs: 1000, maxMs: 30_000, jitter: 0.5 };

export function backoffDelay(attempt: number, backoff: TBackoff = DEFAULT_BACKOFF, random = Math.random): number {
  const base = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.max(0, attempt));
  const spread = base * backoff.jitter;
  return Math.round(base - spread + random() * 2 * spread);
}

export interface TConnectionOptions {
  getToken: () => string | null;
  isVisible: () => boolean;
  /** Same origin by default (ARCHITECTURE 3.6: the API's port). */
  url?: string;
  hub?: RealtimeHub;
  backoff?: TBackoff;
  /** Tests choose the transport; the browser starts with polling and upgrades. */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
}

/**
 * One live connection per tab, opened after sign-in with the stored token. Socket.IO reconnects by
 * itself after a network drop or a server crash; this class also comes back when the server itself
 * closed the socket (a restart, a token re-check) or was briefly unavailable, which Socket.IO leaves
 * to the application, and stops for good only when the token is refused. Every reconnection tells
 * the hub, so screens refetch what they may have missed.
 */
export class RealtimeConnection {
  private socket: Socket | null = null;
  private everConnected = false;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly hub: RealtimeHub;

  constructor(private readonly options: TConnectionOptions) {
    this.hub = options.hub ?? realtimeHub;
  }

  start(): void {
    if (this.socket) return;
    if (!this.options.getToken()) return this.hub.setStatus('refused');
    const backoff = this.options.backoff ?? DEFAULT_BACKOFF;
    const socket = io(this.options.url ?? '', {
      autoConnect: false,
      reconnection: true,
      reconnectionDelay: backoff.minMs,
      reconnectionDelayMax: backoff.maxMs,
      randomizationFactor: backoff.jitter,
      // Read at every attempt: a reconnect carries the current token and the tab's visibility.
      auth: (send) => send({ token: this.options.getToken(), visible: this.options.isVisible() }),
      ...this.options.socketOptions,
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.attempts = 0;
      this.hub.setStatus('connected');
      if (this.everConnected) this.hub.reconnected();
      this.everConnected = true;
    });
    socket.on('disconnect', (reason) => {
      this.hub.setStatus('reconnecting');
      // The server closed us (restart, token re-check): Socket.IO would stay down.
      if (reason === 'io server disconnect') this.retryLater();
    });
    socket.on('connect_error', (error) => {
      if (error.message === UNAUTHENTICATED) return this.hub.setStatus('refused');
      this.hub.setStatus('reconnecting');
      // A refusal from the server's middleware (database down) is not retried by Socket.IO itself.
      if (!socket.active) this.retryLater();
    });
    socket.onAny((event: string, payload: unknown) => this.hub.dispatch(event, payload));
    this.hub.setStatus('connecting');
    socket.connect();
  }

  /** SPEC 4: the tab became visible or hidden. */
  reportVisibility(visible: boolean): void {
    if (this.socket?.connected) this.socket.emit('presence', { visible });
  }

  stop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.socket?.removeAllListeners();
    this.socket?.offAny();
    this.socket?.disconnect();
    this.socket = null;
    this.everConnected = false;
    this.attempts = 0;
    this.hub.setStatus('idle');
  }

  private retryLater(): void {
    const socket = this.socket;
    if (!socket || this.retryTimer) return;
    const delay = backoffDelay(this.attempts++, this.options.backoff ?? DEFAULT_BACKOFF);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.socket === socket && !socket.connected) socket.connect();
    }, delay);
  }
}
