import type { ReactElement } from 'react';
import { AbilityProvider } from '@casl/react';
import type { TLoginResponse, TPageProps, TUserData } from '@cod/shared';
import { abilitiesFromPermissions } from '@cod/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { buildAbility } from '../lib/ability';
import { createI18n } from '../lib/i18n';
import { pagePropsKeys } from '../lib/query-keys';
import { saveSession } from '../lib/storage';
import catalogueEn from '../locales/catalogue/en.json';
import operationsEn from '../locales/operations/en.json';
import en from '../locales/en.json';
import messagesEn from '../locales/messages/en';

export const OWNER: TUserData = {
  id: 1,
  name: 'Samir Owner',
  email: 'owner@demo.dz',
  avatar_url: null,
  role: 'Owner',
  commission_type: null,
  is_admin: true,
  permissions: ['view home', 'view orders', 'view users', 'view system', 'view statuses'],
  locale: 'en',
};

export const AGENT: TUserData = {
  ...OWNER,
  id: 3,
  name: 'amina agent',
  email: 'agent@demo.dz',
  role: 'Support Agent',
  commission_type: 'fixed',
  is_admin: false,
  permissions: ['view home', 'view orders', 'view customers', 'view profile'],
};

export function signIn(user: TUserData, accessToken = 'test-token'): TLoginResponse {
  const session = { accessToken, userData: user, userAbilities: abilitiesFromPermissions(user.permissions) };
  saveSession(session);
  return session;
}

interface TRenderOptions {
  route?: string;
  pageProps?: TPageProps;
}

/** Renders a piece of the app with the real providers, a memory router and English loaded. */
export function renderApp(ui: ReactElement, { route = '/', pageProps }: TRenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (pageProps) queryClient.setQueryData(pagePropsKeys.all, pageProps);
  const i18n = createI18n('en', { en: { translation: en } });
  // Screens that load a part of the strings with their chunk (lib/i18n.ts) find it already here.
  i18n.addResourceBundle('en', 'translation', catalogueEn, true, false);
  i18n.addResourceBundle('en', 'translation', operationsEn, true, false);
  i18n.addResourceBundle('en', 'translation', messagesEn, true, false);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const result = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <AbilityProvider value={buildAbility()}>
        <RouterProvider router={router} />
      </AbilityProvider>
    </AppProviders>,
  );
  return { ...result, router, i18n, queryClient };
}

export function pagePropsWith(overrides: Partial<TPageProps> = {}): TPageProps {
  return {
    cq_name: 'demo',
    firebaseCustomToken: null,
    url: '/dashboard',
    auth: { user: { id: 1 } },
    tenant_payment_status: { plan: 'Pro', status: 'active', valid_to: new Date(Date.now() + 90 * 864e5).toISOString() },
    lowStockProducts: [],
    ...overrides,
  };
}
