import type { Server, Socket } from 'socket.io';
import type { TPresenceRow } from './presence.repository.js';

/** What a browser may send. Anything else (a "join" by room name included) is refused. */
export interface TClientEvents {
  /** The tab became visible or hidden (SPEC 4). */
  presence: (report: unknown) => void;
}

/** What the server sends: SPEC 7's events, and presence changes of the tenant's users. */
export interface TServerEvents {
  OrderCreated: (payload: Record<string, unknown>) => void;
  OrderStatusUpdated: (payload: Record<string, unknown>) => void;
  Notification: (payload: Record<string, unknown>) => void;
  presence: (row: TPresenceWire) => void;
}

export type TPresenceWire = Omit<TPresenceRow, 'last_changed'> & { last_changed: string | null };

// Serialisable: other instances read it through fetchSockets().
export interface TSocketData {
  tenantId: number;
  userId: number;
  visible: boolean;
}

export type TIo = Server<TClientEvents, TServerEvents, Record<string, never>, TSocketData>;
export type TSocket = Socket<TClientEvents, TServerEvents, Record<string, never>, TSocketData>;
