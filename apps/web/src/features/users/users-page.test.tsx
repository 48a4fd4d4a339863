import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPresenceRow } from '../../lib/realtime/events';
import { realtimeHub } from '../../lib/realtime/hub';
import { applyPresence, presenceKeys } from '../../lib/realtime/presence';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { formatTimeAgo } from '../../lib/format-date';
import type { TUserListRow } from './users-api';
import { UsersPage } from './users-page';
import teamEn from '../../locales/team/en.json';

const user = (id: number, name: string, email: string, role: string): TUserListRow => ({
  id,
  name,
  email,
  avatar_url: null,
  role,
  commission_type: null,
  is_admin: false,
  active: true,
  last_login_at: null,
  created_at: '2026-11-01T00:00:00Z',
});

const AMINE = user(1, 'Amine Benali', 'owner@demo.dz', 'Owner');
const YACINE = user(3, 'Yacine Meziane', 'agent@demo.dz', 'Support Agent');
const FIVE_MINUTES_AGO = () => new Date(Date.now() - 5 * 60_000).toISOString();

function serve(presence: Array<{ user_id: number; online: boolean; last_changed: string | null }>) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/dashboard/presence')) return new Response(JSON.stringify({ data: presence }), { status: 200 });
    if (url.includes('/dashboard/users'))
      return new Response(JSON.stringify({ data: [AMINE, YACINE], total: 2 }), { status: 200 });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const dotOf = (name: string) => within(rowOf(name)).getByRole('img');
const lastSeenOf = (name: string) => within(rowOf(name)).getByTestId('user-last-seen').textContent;

beforeEach(() => signIn({ ...OWNER, permissions: [...OWNER.permissions, 'view users'] }));
afterEach(() => vi.unstubAllGlobals());

describe('UsersPage (issue 7.4: presence on the users list)', () => {
  it('shows who is online and when the others were last seen', async () => {
    const fetchMock = serve([
      { user_id: 1, online: true, last_changed: new Date().toISOString() },
      { user_id: 3, online: false, last_changed: FIVE_MINUTES_AGO() },
    ]);
    renderApp(<UsersPage />, { route: '/dashboard/users' });

    await screen.findByText('Yacine Meziane');
    await waitFor(() => expect(dotOf('Amine Benali').getAttribute('data-online')).toBe('true'));
    expect(dotOf('Amine Benali').getAttribute('aria-label')).toBe('Online');
    expect(lastSeenOf('Amine Benali')).toBe('Online');
    expect(dotOf('Yacine Meziane').getAttribute('data-online')).toBe('false');
    expect(dotOf('Yacine Meziane').getAttribute('aria-label')).toBe('Offline');
    expect(lastSeenOf('Yacine Meziane')).toBe('5 minutes ago');
    // The columns of the brief, and the list read through the API with its paging.
    expect(within(rowOf('Yacine Meziane')).getAllByText('agent@demo.dz').length).toBeGreaterThan(0);
    expect(within(rowOf('Yacine Meziane')).getAllByText('Support Agent').length).toBeGreaterThan(0);
    expect(within(rowOf('Yacine Meziane')).getByText('Active')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/dashboard/users?page=1&per_page=25'))).toBe(
      true,
    );
  });

  it('flips a dot and the last-seen text on a live presence event, without refetching', async () => {
    const fetchMock = serve([
      { user_id: 1, online: true, last_changed: new Date().toISOString() },
      { user_id: 3, online: false, last_changed: FIVE_MINUTES_AGO() },
    ]);
    const { queryClient } = renderApp(<UsersPage />, { route: '/dashboard/users' });
    await screen.findByText('Yacine Meziane');
    await waitFor(() => expect(lastSeenOf('Yacine Meziane')).toBe('5 minutes ago'));
    const calls = fetchMock.mock.calls.length;

    act(() => realtimeHub.dispatch('presence', { user_id: 3, online: true, last_changed: new Date().toISOString() }));
    // TanStack Query tells its observers a tick later.
    await waitFor(() => expect(dotOf('Yacine Meziane').getAttribute('data-online')).toBe('true'));
    expect(lastSeenOf('Yacine Meziane')).toBe('Online');

    // The same change through the cache (what a reconnection's refetch or applyPresence writes).
    act(() => {
      queryClient.setQueryData<{ data: TPresenceRow[] }>(presenceKeys.all, (list) =>
        applyPresence(list, { user_id: 1, online: false, last_changed: new Date().toISOString() }),
      );
    });
    await waitFor(() => expect(dotOf('Amine Benali').getAttribute('data-online')).toBe('false'));
    expect(lastSeenOf('Amine Benali')).toBe('now');
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('shows a dash for a user never seen', async () => {
    serve([{ user_id: 3, online: false, last_changed: null }]);
    renderApp(<UsersPage />, { route: '/dashboard/users' });
    await screen.findByText('Yacine Meziane');
    await waitFor(() => expect(lastSeenOf('Yacine Meziane')).toBe('—'));
    expect(dotOf('Yacine Meziane').getAttribute('data-online')).toBe('false');
  });
});

describe('UsersPage: the row menu (issue 18.1)', () => {
  it("offers no password reset on one's own row, only the way to the profile page", async () => {
    signIn({ ...OWNER, permissions: [...OWNER.permissions, 'view users', 'manage users'] });
    serve([]);
    const { i18n } = renderApp(<UsersPage />, { route: '/dashboard/users' });
    // The team screens load their strings with their chunk (lib/i18n.ts).
    act(() => void i18n.addResourceBundle('en', 'translation', teamEn, true, false));
    await screen.findByText('Yacine Meziane');
    fireEvent.click(within(rowOf('Amine Benali')).getByTestId('user-menu-button'));
    const own = await screen.findByTestId('user-own-password');
    expect(own.textContent).toBe('Change my password on my profile');
    expect(own.getAttribute('href')).toBe('/dashboard/profile');
    expect(screen.queryByText('Send a password link')).toBeNull();
    fireEvent.keyDown(own, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('user-own-password')).toBeNull());
    fireEvent.click(within(rowOf('Yacine Meziane')).getByTestId('user-menu-button'));
    expect(await screen.findByText('Send a password link')).toBeTruthy();
    expect(screen.queryByTestId('user-own-password')).toBeNull();
  });
});

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says the time in the largest unit that fits, in the interface language', () => {
    expect(formatTimeAgo(ago(20), 'en', now)).toBe('now');
    expect(formatTimeAgo(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(2 * 86400), 'en', now)).toBe('2 days ago');
    expect(formatTimeAgo(ago(5 * 60), 'fr', now)).toBe('il y a 5 minutes');
    // Western digits in Arabic, as everywhere else in the app.
    expect(formatTimeAgo(ago(5 * 60), 'ar', now)).toMatch(/5/);
    expect(formatTimeAgo(null, 'en', now)).toBe('');
    expect(formatTimeAgo('not a date', 'en', now)).toBe('');
  });
});

describe('UsersPage: a user stronger than the viewer (decision 0139)', () => {
  it("offers no action on an owner to a manager, and says why; a weaker user's actions stay", async () => {
    signIn({ ...OWNER, id: 2, role: 'Manager', permissions: ['view users', 'manage users', 'view orders'] });
    const owner = { ...AMINE, role_id: 1 };
    const agent = { ...YACINE, role_id: 3 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/dashboard/users/roles')) {
          const roles = [
            { id: 1, name: 'Owner', built_in: true, grantable: false },
            { id: 3, name: 'Support Agent', built_in: true, grantable: true },
          ];
          return new Response(JSON.stringify({ data: roles, total: 2 }), { status: 200 });
        }
        if (url.includes('/dashboard/presence')) return new Response(JSON.stringify({ data: [] }), { status: 200 });
        if (url.includes('/dashboard/users'))
          return new Response(JSON.stringify({ data: [owner, agent], total: 2 }), { status: 200 });
        return new Response('{}', { status: 404 });
      }),
    );
    renderApp(<UsersPage />, { route: '/dashboard/users' });
    await screen.findByText('Amine Benali');

    fireEvent.click(within(rowOf('Amine Benali')).getByTestId('user-menu-button'));
    const reason = await screen.findByTestId('user-outranks-viewer');
    expect(reason.textContent).toBe('This user holds permissions you do not have, so you cannot change their account.');
    expect(reason.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByText(teamEn.team.users.reset_password)).toBeNull();
    fireEvent.keyDown(reason, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('user-outranks-viewer')).toBeNull());

    fireEvent.click(within(rowOf('Yacine Meziane')).getByTestId('user-menu-button'));
    expect(await screen.findByText(teamEn.team.users.reset_password)).toBeTruthy();
    expect(screen.queryByTestId('user-outranks-viewer')).toBeNull();
  });
});
