import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ltrCache, rtlCache } from './emotion-cache';
import { useLayoutSettings } from './layout-settings';
import { createAppTheme } from './theme';
import { Toaster } from './toaster';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings, mode } = useLayoutSettings();
  const { i18n } = useTranslation();
  const direction = settings.isRtl ? 'rtl' : 'ltr';
  const theme = useMemo(
    () => createAppTheme({ mode, direction, skin: settings.skin }),
    [mode, direction, settings.skin],
  );

  // SPEC 7: <html dir lang> follow the language so the browser, screen readers and CSS agree.
  useEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.lang = i18n.language;
    document.documentElement.style.colorScheme = mode;
  }, [direction, i18n.language, mode]);

  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Toaster />
      </ThemeProvider>
    </CacheProvider>
  );
}
