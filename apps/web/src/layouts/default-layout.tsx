import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { AbilityProvider } from '@casl/react';
import { useLocation } from 'react-router';
import { useLayoutSettings } from '../app/layout-settings';
import { AppQueryProvider } from '../app/query-provider';
import { appAbility } from '../lib/ability';
import { RealtimeRoot } from '../lib/realtime/realtime-root';
import { SubscriptionGate } from '../features/subscription/subscription-gate';
import { PermissionRefresh } from '../features/roles/use-permission-refresh';
import { FloatingActions } from './components/floating-actions';
import { Footer } from './components/footer';
import { NavigationPreloader } from './components/navigation-preloader';
import { RouteContent } from './components/route-content';
import { TopBar } from './components/top-bar';
import { VerticalNav } from './components/vertical-nav';

/** SPEC 2.1: the default layout, vertical or horizontal navigation by setting. */
export function DefaultLayout() {
  const { layout, settings } = useLayoutSettings();
  const { pathname } = useLocation();
  const [overlayOpen, setOverlayOpen] = useState(false);

  // SPEC 2.1 / 4: the overlay navigation closes on every route change, and is deactivated
  // (not left open for later) when the window grows past the breakpoint.
  useEffect(() => {
    setOverlayOpen(false);
  }, [pathname, layout.overlayNav]);

  // CASL and TanStack Query matter only once signed in, so they load with this layout rather than
  // on the login page.
  return (
    <AppQueryProvider>
      <AbilityProvider value={appAbility}>
        <PermissionRefresh />
        <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
          {layout.navDirection === 'vertical' && (
            <VerticalNav overlayOpen={overlayOpen} onOverlayClose={() => setOverlayOpen(false)} />
          )}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <TopBar onMenuClick={() => setOverlayOpen(true)} />
            <Container
              component="main"
              maxWidth={settings.contentWidth === 'boxed' ? 'xl' : false}
              // On a phone the floating buttons sit over the content's end: scrolled down, it clears them.
              sx={{ flex: 1, pt: { xs: 2, md: 3 }, pb: { xs: 8, md: 3 }, px: { xs: 2, md: 3 } }}
            >
              <RouteContent />
            </Container>
            <Footer />
          </Box>
          <NavigationPreloader />
          <FloatingActions />
          <SubscriptionGate />
          <RealtimeRoot />
        </Box>
      </AbilityProvider>
    </AppQueryProvider>
  );
}
