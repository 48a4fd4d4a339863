import type { FastifyInstance } from 'fastify';
import type { TPageProps } from '@cod/shared';
import { sessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { pagePropsOf } from './page-props.service.js';

/** SPEC 3: the shared page props every screen reads. */
export function registerPagePropsRoutes(app: FastifyInstance, deps: TAppDeps, appUrl: string): void {
  app.get('/dashboard/page-props', { config: { access: 'authenticated' } }, async (request): Promise<TPageProps> =>
    pagePropsOf(deps, sessionOfRequest(request), appUrl),
  );
}
