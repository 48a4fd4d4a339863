import { act, fireEvent, render, screen } from '@testing-library/react';
import type { TLoginResponse, TPageProps } from '@cod/shared';
import { QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { createI18n } from '../lib/i18n';
import en from '../locales/en.json';
import { OWNER, pagePropsWith, signIn } from '../test/render-app';

/** The whole app (real routes, lazy layouts and pages) at `path`, as main.tsx mounts it. */
function renderRoutes(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n('en', { en: { translation: en } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      {/* What react-router/dom's RouterProvider (main.tsx) adds; that entry is a second copy under Node. */}
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </AppProviders>,
  );
  return router;
}

type TRoute = (url: string, init?: RequestInit) => Promise<Response> | undefined;

/** fetch answering the given routes, `{}` for anything else (usage tracking, presence). */
function stubFetch(route: TRoute): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => (await route(String(url), init)) ?? Response.json({})),
  );
}

// While a menu is open, MUI hides the rest of the page from the accessibility tree.
const accountButton = () => screen.getByRole('button', { name: 'Account menu', hidden: true });

describe('DefaultLayout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps an open user menu open when the page props arrive afterwards (cold server)', async () => {
    signIn(OWNER);
    let answerPageProps: (props: TPageProps) => void = () => undefined;
    stubFetch((url) =>
      url.endsWith('/dashboard/page-props')
        ? new Promise<TPageProps>((resolve) => (answerPageProps = resolve)).then((props) => Response.json(props))
        : undefined,
    );
    renderRoutes('/dashboard');

    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }));
    await screen.findByRole('menuitem', { name: 'Logout' });
    const button = accountButton();

    await act(async () => answerPageProps(pagePropsWith()));
    // The page props are on screen (the subscription badge) ...
    expect((await screen.findAllByRole('button', { name: 'Subscription: 90 days left', hidden: true })).length).toBe(2);
    // ... and the menu is still open, on the same (not remounted) button.
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    expect(accountButton()).toBe(button);
    expect(button.getAttribute('aria-hidden')).toBeNull();
  });

  it('takes no input on the sign-in screen once the address says /dashboard', async () => {
    const session: TLoginResponse = {
      accessToken: 'test-token',
      userData: OWNER,
      userAbilities: [{ action: 'manage', subject: 'all' }],
    };
    stubFetch((url, init) =>
      url === '/login' && init?.method === 'POST' ? Promise.resolve(Response.json(session)) : undefined,
    );
    const router = renderRoutes('/login');
    // Whether what a user (or a test that waited for the URL) could click at the moment the router
    // announces the new address is the shell: the sign-in screen is gone, or inert.
    const onlyShellClickable: boolean[] = [];
    router.subscribe((state) => {
      if (state.location.pathname !== '/dashboard') return;
      const signInScreen = screen.queryByRole('heading', { name: 'Sign in', hidden: true });
      onlyShellClickable.push(signInScreen === null || signInScreen.closest('[inert]') !== null);
    });

    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), {
      target: { value: OWNER.email },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 });
    expect(onlyShellClickable).toEqual([true]);
    // Once the shell is painted, its own language button works.
    expect(screen.getByRole('button', { name: 'Language' }).closest('[inert]')).toBeNull();
  });
});
