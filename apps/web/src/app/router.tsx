import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routes';

/** SPEC 2.1 / 9: the app is served under /build/. */
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: ROUTER_BASENAME });
}
