import Box from '@mui/material/Box';
import { Outlet, useNavigation } from 'react-router';
import { AppLogo } from './components/app-logo';
import { LanguageSwitcher } from './components/language-switcher';

/** SPEC 2.1 guest layout: the sign-in screens. */
export function GuestLayout() {
  // On the way out (after sign-in), this screen stays painted while the router loads the next one
  // and React renders it in a background transition, with the address already changed: a menu
  // opened here then vanished with the screen, which looked like the shell closing it. Inert, the
  // screen takes no input once it is leaving.
  const leaving = useNavigation().state !== 'idle';
  return (
    <Box
      inert={leaving}
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}
      >
        <AppLogo />
        <LanguageSwitcher />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 6 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
