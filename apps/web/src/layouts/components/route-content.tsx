import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useLayoutSettings } from '../../app/layout-settings';
import { useRouteHandle } from '../../app/route-handle';
import { useAppAbility } from '../../lib/ability';
import { useIsLinkVisible } from '../../app/navigation/use-visible-navigation';
import { ForbiddenPage } from '../../app/pages/forbidden-page';
import { ContentLoader } from './content-loader';

/** Route meta access: the sidebar rule for sidebar pages, the action/subject pair for the rest. */
function useRouteAllowed(): boolean {
  const handle = useRouteHandle();
  const ability = useAppAbility();
  const isLinkVisible = useIsLinkVisible();
  if (handle.link) return isLinkVisible(handle.link);
  if (handle.action && handle.subject) return ability.can(handle.action, handle.subject);
  return true;
}

/** The page area: loading placeholder, access check, and the SPEC 4 route transition. */
export function RouteContent() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { settings } = useLayoutSettings();
  const allowed = useRouteAllowed();

  if (navigation.state === 'loading') return <ContentLoader />;
  const page = allowed ? <Outlet /> : <ForbiddenPage />;
  if (settings.transition === 'none') return page;
  return (
    <Fade key={pathname} in appear timeout={250}>
      <Box>{page}</Box>
    </Fade>
  );
}
