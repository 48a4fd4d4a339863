import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../../app/layout-settings';
import { NAV_MINI_WIDTH, NAV_WIDTH, createAppTheme } from '../../app/theme';
import { useVisibleNavigation } from '../../app/navigation/use-visible-navigation';
import { AppLogo } from './app-logo';
import { NavItems } from './nav-items';

interface TVerticalNavProps {
  /** Overlay mode (below the breakpoint): a temporary drawer. */
  overlayOpen: boolean;
  onOverlayClose: () => void;
}

/** SPEC 2.1 / 4: vertical navigation, collapsed (mini) or overlay below the breakpoint. */
export function VerticalNav({ overlayOpen, onOverlayClose }: TVerticalNavProps) {
  const { t } = useTranslation();
  const outerTheme = useTheme();
  const { settings, layout, mode, update } = useLayoutSettings();
  const entries = useVisibleNavigation();
  const [hovered, setHovered] = useState(false);
  const collapsed = settings.navCollapsed && !layout.overlayNav;
  const mini = collapsed && !hovered;

  // SPEC 4 semi-dark: a dark menu beside light content.
  const semiDark = settings.semiDarkNav && mode === 'light';
  const navTheme = useMemo(
    () =>
      semiDark ? createAppTheme({ mode: 'dark', direction: outerTheme.direction, skin: settings.skin }) : outerTheme,
    [semiDark, outerTheme, settings.skin],
  );

  const content = (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        color: 'text.primary',
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2.25, minHeight: 64 }}
      >
        <AppLogo showName={!mini} />
        {layout.overlayNav ? (
          <IconButton aria-label={t('nav.close_menu')} onClick={onOverlayClose}>
            <CloseIcon />
          </IconButton>
        ) : (
          !mini && (
            <Tooltip title={t(settings.navCollapsed ? 'nav.expand' : 'nav.collapse')}>
              <IconButton
                size="small"
                aria-label={t(settings.navCollapsed ? 'nav.expand' : 'nav.collapse')}
                aria-pressed={settings.navCollapsed}
                onClick={() => update({ navCollapsed: !settings.navCollapsed })}
              >
                {settings.navCollapsed ? (
                  <RadioButtonUncheckedIcon fontSize="small" />
                ) : (
                  <RadioButtonCheckedIcon fontSize="small" />
                )}
              </IconButton>
            </Tooltip>
          )
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <NavItems entries={entries} mini={mini} />
      </Box>
    </Box>
  );

  if (layout.overlayNav) {
    return (
      <ThemeProvider theme={navTheme}>
        <Drawer
          variant="temporary"
          open={overlayOpen}
          onClose={onOverlayClose}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { width: NAV_WIDTH, maxWidth: '85vw', border: 0 } } }}
        >
          {content}
        </Drawer>
      </ThemeProvider>
    );
  }

  return (
    <ThemeProvider theme={navTheme}>
      <Box
        component="aside"
        sx={{ flexShrink: 0, width: collapsed ? NAV_MINI_WIDTH : NAV_WIDTH, transition: 'width 200ms' }}
      >
        <Box
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          sx={{
            position: 'fixed',
            top: 0,
            insetInlineStart: 0,
            height: '100vh',
            width: mini ? NAV_MINI_WIDTH : NAV_WIDTH,
            transition: 'width 200ms',
            zIndex: (theme) => theme.zIndex.appBar + 1,
            borderInlineEnd: 1,
            borderColor: 'divider',
            boxShadow: collapsed && hovered ? 8 : 0,
            overflow: 'hidden',
          }}
        >
          {content}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
