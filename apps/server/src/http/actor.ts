import type { FastifyRequest } from 'fastify';
import { sessionOfRequest } from './access-guard.js';

/**
 * Who is acting, as the services need it: the tenant and user from the verified token
 * (STYLE 6) and the address for the audit log. Services take this, never the HTTP request.
 */
export interface TActor {
  tenantId: number;
  userId: number;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): TActor {
  const session = sessionOfRequest(request);
  return { tenantId: session.tenantId, userId: session.userId, ip: request.ip };
}

/**
 * Who reads the orders' numbers (analytics, reports, order lists): the shop, its time zone, and
 * whether they see every order ('view all orders') or, like a Support Agent, only their own.
 */
export interface TReaderActor {
  tenantId: number;
  userId: number;
  timeZone: string;
  seesAll: boolean;
}

export function readerOf(request: FastifyRequest): TReaderActor {
  const session = sessionOfRequest(request);
  const { tenantId, userId, timeZone } = session;
  return { tenantId, userId, timeZone, seesAll: session.permissions.has('view all orders') };
}
