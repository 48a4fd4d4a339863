import type { TNavLink } from '@cod/shared';
import { useMatches } from 'react-router';

/** Route meta (SPEC 2.1: every route has a layout; access is an action/subject pair). */
export interface TRouteHandle {
  /** i18n key of the page title. */
  titleKey?: string;
  /** i18n keys of the breadcrumb trail between Home and the page. */
  crumbKeys?: string[];
  /** The sidebar entry whose visibility rule (SPEC 2.1) also guards the page. */
  link?: TNavLink;
  action?: string;
  subject?: string;
}

function isHandle(value: unknown): value is TRouteHandle {
  return typeof value === 'object' && value !== null;
}

/** The deepest matched route's meta. */
export function useRouteHandle(): TRouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isHandle(handle)) return handle;
  }
  return {};
}
