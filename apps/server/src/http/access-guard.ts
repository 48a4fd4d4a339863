import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { TRouteAccess } from '@cod/shared';
import { isPermission } from '@cod/shared';
import { AppError } from '../lib/app-error.js';
import { authenticate, type TAuthDeps } from '../modules/auth/auth.service.js';
import type { TSession } from '../modules/auth/session.js';
import { centralAuthenticate, type TCentralSession } from '../modules/central/central-auth.service.js';
import { refuseBlockedWrite } from '../modules/subscriptions/subscription-access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** ARCHITECTURE 3.4: every route declares who may call it. */
    access?: TRouteAccess;
  }
  interface FastifyRequest {
    session: TSession | null;
    centralSession: TCentralSession | null;
  }
}

export interface TRouteRecord {
  method: string;
  url: string;
  access: TRouteAccess | undefined;
}

/**
 * Records every route with its declared access and refuses to start when one has none, so a
 * forgotten guard is a boot failure rather than an open door. The route table is kept for the
 * test that walks it.
 */
export function registerAccessGuard(app: FastifyInstance, deps: TAuthDeps): TRouteRecord[] {
  const table: TRouteRecord[] = [];
  app.decorateRequest('session', null);
  app.decorateRequest('centralSession', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access });
    }
    if (
      !access ||
      !(access === 'public' || access === 'authenticated' || access === 'central' || isPermission(access))
    ) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no valid access (config.access).`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    if (access === 'central') {
      const token = bearerToken(request);
      request.centralSession = token ? await centralAuthenticate(deps.db, token) : null;
      if (!request.centralSession) throw new AppError('unauthenticated', 'Unauthenticated.');
      return;
    }
    request.session = await sessionOf(request, deps);
    if (!request.session) throw new AppError('unauthenticated', 'Unauthenticated.');
    if (access !== 'authenticated' && !request.session.permissions.has(access)) {
      throw new AppError('forbidden', 'This action is unauthorized.');
    }
    // Issue 19: an expired or suspended shop may read and export, not write (402, decision 0064).
    await refuseBlockedWrite(deps.db, request.session.tenantId, request.method, request.routeOptions.url ?? '');
  });
  return table;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

async function sessionOf(request: FastifyRequest, deps: TAuthDeps): Promise<TSession | null> {
  const token = bearerToken(request);
  return token ? authenticate(deps, token) : null;
}

/** For handlers behind a non-public guard: the session is always there. */
export function sessionOfRequest(request: FastifyRequest): TSession {
  if (!request.session) throw new AppError('unauthenticated', 'Unauthenticated.');
  return request.session;
}

export function centralSessionOfRequest(request: FastifyRequest): TCentralSession {
  if (!request.centralSession) throw new AppError('unauthenticated', 'Unauthenticated.');
  return request.centralSession;
}
