import type { TSession } from '../modules/auth/session.js';

/**
 * SPEC 7's channels as Socket.IO rooms. Every name starts with the tenant id taken from the
 * verified token; a socket is put in its rooms by the server at connect and never by request.
 */
export const rooms = {
  /** Private tenant orders channel (OrderCreated, OrderStatusUpdated): users who see every order. */
  orders: (tenantId: number) => `tenant:${tenantId}:orders`,
  /** The admin-orders channel: is_admin users. */
  adminOrders: (tenantId: number) => `tenant:${tenantId}:admin-orders`,
  /** Order events for a user who sees only the orders assigned to them (docs/decisions/0023). */
  agentOrders: (tenantId: number, userId: number) => `tenant:${tenantId}:orders:agent:${userId}`,
  /** Per-user notification channel (Notification). */
  user: (tenantId: number, userId: number) => `user:${tenantId}:${userId}`,
  /** Presence changes of the tenant's users (SPEC 4 / 7). */
  presence: (tenantId: number) => `tenant:${tenantId}:presence`,
};

export type TRoomSession = Pick<TSession, 'tenantId' | 'userId' | 'permissions'> & { user: { is_admin: boolean } };

/**
 * The rooms a session belongs to. Order rooms follow the same rule as the orders list: 'view all
 * orders' sees the tenant channel, a Support Agent without it only the orders assigned to them
 * (issue 4), and nobody without 'view orders' receives order events at all.
 */
export function roomsForSession(session: TRoomSession): string[] {
  const { tenantId, userId, permissions } = session;
  const list = [rooms.user(tenantId, userId), rooms.presence(tenantId)];
  if (permissions.has('view orders')) {
    list.push(permissions.has('view all orders') ? rooms.orders(tenantId) : rooms.agentOrders(tenantId, userId));
    if (session.user.is_admin) list.push(rooms.adminOrders(tenantId));
  }
  return list;
}
