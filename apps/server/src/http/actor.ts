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
