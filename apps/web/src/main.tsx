import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { TLocale } from '@cod/shared';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { FALLBACK_LOCALE, appI18n, loadLocale } from './lib/i18n';

const router = createAppRouter();

// SPEC 8: after a 401 the session is already cleared; the router takes the user to /login.
setUnauthorizedHandler(() => {
  void router.navigate('/login', { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The interface language must be there before the first paint; the fallback can follow.
await loadLocale(appI18n, appI18n.language as TLocale);
void loadLocale(appI18n, FALLBACK_LOCALE);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
