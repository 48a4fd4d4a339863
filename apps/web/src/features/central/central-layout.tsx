import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { PRODUCT_NAME } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../layouts/components/language-switcher';
import { CENTRAL_LOGIN_PATH, central, clearCentralSession, getCentralAdmin, getCentralToken } from './central-api';

const LINKS = [
  { to: '/central/dashboard', key: 'dashboard' },
  { to: '/central/tenants/show', key: 'tenants_show' },
  { to: '/central/waitinglist', key: 'waitinglist' },
  { to: '/central/subscriptions', key: 'subscriptions' },
  { to: '/central/payments', key: 'payments' },
  { to: '/central/plans', key: 'plans' },
  { to: '/central/tutorials', key: 'tutorials' },
] as const;

/** The central area's frame: its own navigation and sign-out; signed-out visitors go to its login. */
export function CentralLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!getCentralToken()) return <Navigate to={CENTRAL_LOGIN_PATH} replace />;
  const admin = getCentralAdmin();

  const logout = async () => {
    await central.post('/central/logout').catch(() => undefined);
    clearCentralSession();
    window.location.assign(`${import.meta.env.BASE_URL}${CENTRAL_LOGIN_PATH.slice(1)}`);
  };

  const links = LINKS.map((link) => (
    <Button
      key={link.to}
      component={NavLink}
      to={link.to}
      color="inherit"
      onClick={() => setMenuOpen(false)}
      sx={{ '&.active': { bgcolor: 'action.selected' }, whiteSpace: 'nowrap' }}
    >
      {t(`central.nav.${link.key}`)}
    </Button>
  ));

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={t('central.menu')}
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="p" noWrap sx={{ fontWeight: 700, minWidth: 0 }}>
            {PRODUCT_NAME}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {' · '}
              {t('central.title')}
            </Box>
          </Typography>
          <Box
            component="nav"
            aria-label={t('central.title')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, mx: 2 }}
          >
            {links}
          </Box>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher />
          <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {admin?.name}
          </Typography>
          <Button color="inherit" onClick={() => void logout()} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            {t('user_menu.logout')}
          </Button>
          <IconButton
            aria-label={t('user_menu.logout')}
            onClick={() => void logout()}
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
          >
            <LogoutIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)}>
        <List sx={{ width: 260 }} aria-label={t('central.title')}>
          {LINKS.map((link) => (
            <ListItemButton
              key={link.to}
              component={NavLink}
              to={link.to}
              selected={pathname === link.to}
              onClick={() => setMenuOpen(false)}
            >
              <ListItemText primary={t(`central.nav.${link.key}`)} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
      <Container component="main" maxWidth="xl" sx={{ py: { xs: 2, md: 4 }, px: { xs: 2, md: 3 }, flex: 1 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
