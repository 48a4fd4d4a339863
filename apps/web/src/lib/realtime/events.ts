/**
 * SPEC 7's real-time events as the browser reads them (docs/decisions/0023 and 0025). The server
 * forwards each service's payload as is; these are the fields the shell reads, everything else
 * (the list row) is the Orders screen's business.
 */
interface TStatusRef {
  id?: number;
  name?: string;
  display_name?: string;
  type?: string;
}

export interface TOrderEventRow {
  id: number;
  order_number?: string | number | null;
  agent_id?: number | null;
  status?: TStatusRef | null;
  /** The orders module's row (TOrderRow) carries its status here. */
  latest_status?: { status?: TStatusRef | null } | null;
  [field: string]: unknown;
}

/** OrderCreated / OrderStatusUpdated: one order, or a batch (an import chunk, a bulk update). */
export interface TOrderEventPayload {
  /** The orders module's TOrderEventPayload: created, updated, status, assigned, deleted, restored. */
  change?: string;
  orders?: TOrderEventRow[];
  order?: TOrderEventRow;
  [field: string]: unknown;
}

/** Notification: a kind the client can translate, and the server's English text otherwise. */
export interface TNotificationPayload {
  kind?: string;
  message?: string;
  params?: Record<string, string | number | null | undefined>;
  [field: string]: unknown;
}

/** SPEC 4 / 7: presence of a user of the tenant (`status/{tenant}/{user}`). */
export interface TPresenceRow {
  user_id: number;
  online: boolean;
  last_changed: string | null;
}

export interface TRealtimeEvents {
  OrderCreated: TOrderEventPayload;
  OrderStatusUpdated: TOrderEventPayload;
  Notification: TNotificationPayload;
  presence: TPresenceRow;
}

export type TRealtimeEventType = keyof TRealtimeEvents;

/** The orders an event is about, whichever of the three shapes the publisher used. */
export function ordersOf(payload: TOrderEventPayload | null | undefined): TOrderEventRow[] {
  if (!payload || typeof payload !== 'object') return [];
  if (Array.isArray(payload.orders)) return payload.orders.filter((row) => row && typeof row === 'object');
  if (payload.order && typeof payload.order === 'object') return [payload.order];
  return typeof payload.id === 'number' ? [payload as unknown as TOrderEventRow] : [];
}
