import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtimeHub } from '../../lib/realtime/hub';
import { clearNotifications } from '../../lib/realtime/notifications-store';
import RealtimeLayer from '../../lib/realtime/realtime-layer';
import { OWNER, pagePropsWith, renderApp, signIn } from '../../test/render-app';
import { NotificationsMenu } from './notifications-menu';

const toasts = vi.hoisted(() => [] as { message: string; autoHideDuration?: number }[]);
vi.mock('../../lib/toast', () => ({
  TOAST_DURATION_MS: 3000,
  bindToaster: () => () => undefined,
  toast: async (message: string, options: { autoHideDuration?: number } = {}) => {
    toasts.push({ message, autoHideDuration: options.autoHideDuration });
  },
}));

// The socket is connection.test.ts's business; here the events are handed to the hub directly.
vi.mock('../../lib/realtime/connection', () => ({
  RealtimeConnection: class {
    start() {}
    stop() {}
    reportVisibility() {}
  },
}));

afterEach(() => {
  toasts.length = 0;
  clearNotifications();
  vi.unstubAllGlobals();
});

describe('NotificationsMenu', () => {
  it('counts low-stock products and lists each with the SPEC 9 text', () => {
    signIn(OWNER);
    renderApp(<NotificationsMenu />, {
      pageProps: pagePropsWith({
        lowStockProducts: [
          { id: 1, name: 'Argan oil', current_stock: 2, low_stock_threshold: 5, image_url: null },
          { id: 2, name: 'Black seed soap', current_stock: 0, low_stock_threshold: 10, image_url: null },
        ],
      }),
    });

    const badge = screen.getByTestId('notifications-badge');
    expect(within(badge).getByText('2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Notifications (2)' }));

    expect(screen.getByText('Product "Argan oil" is low on stock (2 / 5)')).toBeTruthy();
    expect(screen.getByText('Product "Black seed soap" is low on stock (0 / 10)')).toBeTruthy();
    expect(screen.queryByText('No new notifications')).toBeNull();
  });

  it('shows no count and the empty state when nothing is low', () => {
    signIn(OWNER);
    renderApp(<NotificationsMenu />, { pageProps: pagePropsWith({ lowStockProducts: [] }) });

    const badge = screen.getByTestId('notifications-badge');
    expect(badge.querySelector('.MuiBadge-invisible')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Notifications (0)' }));

    expect(screen.getByText('No new notifications')).toBeTruthy();
  });

  // Issue 7: what the server sends on the user's channel, through the real-time layer to the bell.
  it('a received order_assigned: a 3 s toast and a new entry on the bell until the menu was opened', async () => {
    signIn(OWNER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(pagePropsWith()), { status: 200 })),
    );
    renderApp(
      <>
        <RealtimeLayer />
        <NotificationsMenu />
      </>,
      { pageProps: pagePropsWith() },
    );
    act(() => {
      realtimeHub.dispatch('Notification', {
        kind: 'order_assigned',
        params: { count: 1, number: 1042, order_id: 7 },
        message: 'Order 1042 was assigned to you',
      });
    });
    await waitFor(() =>
      expect(toasts).toEqual([{ message: 'Order 1042 was assigned to you', autoHideDuration: 3000 }]),
    );
    act(() => {
      realtimeHub.dispatch('Notification', { kind: 'order_assigned', params: { count: 3 }, order_ids: [1, 2, 3] });
    });
    await waitFor(() => expect(toasts.at(-1)?.message).toBe('3 orders were assigned to you'));

    const badge = screen.getByTestId('notifications-badge');
    expect(within(badge).getByText('2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (2)' }));
    const live = screen.getByTestId('live-notifications');
    // Newest first.
    expect(
      within(live)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\d\d:\d\d.*$/, '')),
    ).toEqual(['3 orders were assigned to you', 'Order 1042 was assigned to you']);
    expect(screen.queryByText('No new notifications')).toBeNull();

    fireEvent.keyDown(screen.getByRole('presentation'), { key: 'Escape' });
    await waitFor(() => expect(badge.querySelector('.MuiBadge-invisible')).not.toBeNull());
    // Still listed once seen; the bell no longer counts them.
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (0)' }));
    expect(within(screen.getByTestId('live-notifications')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a received low_stock: a toast with the SPEC 9 text, and the bell lists the product read again', async () => {
    signIn(OWNER);
    const product = { id: 5, name: 'Argan oil', current_stock: 4, low_stock_threshold: 5, image_url: null };
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify(pagePropsWith({ lowStockProducts: [product] })), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(
      <>
        <RealtimeLayer />
        <NotificationsMenu />
      </>,
      { pageProps: pagePropsWith({ lowStockProducts: [] }) },
    );
    expect(screen.getByTestId('notifications-badge').querySelector('.MuiBadge-invisible')).not.toBeNull();
    act(() => {
      realtimeHub.dispatch('Notification', {
        kind: 'low_stock',
        params: { name: 'Argan oil', current: 4, threshold: 5, product_id: 5 },
        message: 'Product "Argan oil" is low on stock (4 / 5)',
      });
    });
    await waitFor(() =>
      expect(toasts).toEqual([{ message: 'Product "Argan oil" is low on stock (4 / 5)', autoHideDuration: 3000 }]),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/dashboard/page-props');
    const badge = screen.getByTestId('notifications-badge');
    await waitFor(() => expect(within(badge).getByText('1')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (1)' }));
    // Said once, by the product list; not a second time as a live entry.
    expect(screen.getAllByText('Product "Argan oil" is low on stock (4 / 5)')).toHaveLength(1);
    expect(screen.queryByTestId('live-notifications')).toBeNull();
  });
});
