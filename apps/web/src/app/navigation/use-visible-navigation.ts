import { NAVIGATION, isLinkVisible, visibleNavigation, type TNavEntry, type TNavLink } from '@cod/shared';
import { useAppAbility } from '../../lib/ability';
import { useUserData } from '../../lib/use-session';

/** The CASL check in the shape the shared navigation rules expect. */
export function useCan(): (action: string, subject: string) => boolean {
  const ability = useAppAbility();
  return (action, subject) => ability.can(action, subject);
}

/** SPEC 2.1: the sidebar entries this user may see. */
export function useVisibleNavigation(): TNavEntry[] {
  const permissions = useUserData()?.permissions ?? [];
  const can = useCan();
  return visibleNavigation(NAVIGATION, permissions, can);
}

/** Every visible link, groups flattened (search palette, shortcuts, home cards). */
export function useVisibleLinks(): TNavLink[] {
  return useVisibleNavigation().flatMap((entry) =>
    entry.kind === 'link' ? [entry] : entry.kind === 'group' ? entry.children : [],
  );
}

/** Same rule for a single route: a page is reachable when its sidebar entry would be shown. */
export function useIsLinkVisible(): (link: TNavLink) => boolean {
  const permissions = useUserData()?.permissions ?? [];
  const can = useCan();
  return (link) => isLinkVisible(link, permissions, can);
}
