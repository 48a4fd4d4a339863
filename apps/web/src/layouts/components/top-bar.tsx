import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { alpha } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import { useTranslation } from 'react-i18next';
import { tutorialSectionOf } from '@cod/shared';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLayoutSettings } from '../../app/layout-settings';
import { SubscriptionBadge } from '../../features/subscription/subscription-badge';
import { AppLogo } from './app-logo';
import { CalculatorButton } from './calculator-button';
import { HorizontalNav } from './horizontal-nav';
import { LanguageSwitcher } from './language-switcher';
import { NotificationsMenu } from './notifications-menu';
import { SearchPalette } from './search-palette';
import { ShortcutsMenu } from './shortcuts-menu';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

interface TTopBarProps {
  onMenuClick: () => void;
}

/** SPEC 2.1 top bar; SPEC 4 navbar sticky / hidden / static, with optional blur. */
export function TopBar({ onMenuClick }: TTopBarProps) {
  const { t } = useTranslation();
  const { settings, layout } = useLayoutSettings();
  const scrolledDown = useScrollTrigger({ threshold: 64 });
  const horizontal = layout.navDirection === 'horizontal';
  // Issue 19.9: the video icon opens the tutorials of the current screen's section.
  const section = tutorialSectionOf(useLocation().pathname);
  const tutorialsLink = section === 'general' ? '/dashboard/tutorials' : `/dashboard/tutorials?section=${section}`;
  const sticky = settings.navbarType !== 'static';
  // 'hidden' keeps the bar reachable: it slides away while scrolling down and returns on scroll up.
  const hidden = settings.navbarType === 'hidden' && scrolledDown;
  const blur = sticky && settings.navbarBlur;

  return (
    <Slide appear={false} direction="down" in={!hidden}>
      <AppBar
        position={sticky ? 'sticky' : 'static'}
        sx={(theme) => ({
          top: 0,
          borderBottom: `1px solid ${theme.palette.divider}`,
          bgcolor: blur ? alpha(theme.palette.background.paper, 0.8) : 'background.paper',
          backdropFilter: blur ? 'blur(8px)' : undefined,
          borderRadius: 0,
          borderInline: 0,
          borderTop: 0,
        })}
      >
        <Toolbar sx={{ gap: 0.5, minHeight: { xs: 60 }, px: { xs: 1, sm: 2 } }}>
          {layout.overlayNav && (
            <IconButton edge="start" aria-label={t('nav.open_menu')} onClick={onMenuClick}>
              <MenuIcon />
            </IconButton>
          )}
          {horizontal && (
            <Box sx={{ marginInlineEnd: 2 }}>
              <AppLogo />
            </Box>
          )}
          <SearchPalette />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitcher />
          <Box sx={{ display: { xs: 'none', sm: 'contents' } }}>
            <ThemeSwitcher />
            <ShortcutsMenu />
            <Tooltip title={t('pages.tutorials')}>
              <IconButton component={RouterLink} to={tutorialsLink} aria-label={t('pages.tutorials')}>
                <OndemandVideoOutlinedIcon />
              </IconButton>
            </Tooltip>
          </Box>
          <CalculatorButton />
          <SubscriptionBadge />
          <NotificationsMenu />
          <UserMenu />
        </Toolbar>
        {horizontal && <HorizontalNav />}
      </AppBar>
    </Slide>
  );
}
