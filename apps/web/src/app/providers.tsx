import type { ReactNode } from 'react';
import type { i18n as TI18n } from 'i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { appI18n } from '../lib/i18n';
import { AppThemeProvider } from './app-theme-provider';
import { LayoutSettingsProvider } from './layout-settings';

interface TAppProvidersProps {
  children: ReactNode;
  /**
   * Tests pass their own instances so nothing leaks between them. Without one, the app's query
   * client comes with the signed-in layouts (app/query-provider.tsx), not on the login page.
   */
  queryClient?: QueryClient;
  i18n?: TI18n;
}

export function AppProviders({ children, queryClient, i18n = appI18n }: TAppProvidersProps) {
  const app = (
    <I18nextProvider i18n={i18n}>
      <LayoutSettingsProvider>
        <AppThemeProvider>{children}</AppThemeProvider>
      </LayoutSettingsProvider>
    </I18nextProvider>
  );
  return queryClient ? <QueryClientProvider client={queryClient}>{app}</QueryClientProvider> : app;
}
