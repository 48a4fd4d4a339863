import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pagePropsWith, renderApp } from '../../test/render-app';
import { pagePropsKeys } from '../query-keys';
import { setUsageTracker } from '../usage-tracker';
import { realtimeHub } from './hub';
import { clearNotifications } from './notifications-store';
import RealtimeLayer from './realtime-layer';

const toasts = vi.hoisted(() => [] as { message: string; autoHideDuration?: number }[]);
const chimes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../toast', () => ({
  TOAST_DURATION_MS: 3000,
  bindToaster: () => () => undefined,
  toast: async (message: string, options: { autoHideDuration?: number } = {}) => {
    toasts.push({ message, autoHideDuration: options.autoHideDuration });
  },
}));
vi.mock('./sound', () => ({ playNewOrderSound: () => (chimes.count += 1) > 0 }));

afterEach(() => {
  toasts.length = 0;
  chimes.count = 0;
  setUsageTracker(null);
  clearNotifications();
});

// Signed out: the layer opens no connection, and the events are handed to the hub directly.
describe('RealtimeLayer', () => {
  it('a new order: one 5 s toast and one chime for a burst; a status: a 3 s toast', async () => {
    renderApp(<RealtimeLayer />, { pageProps: pagePropsWith() });
    act(() => {
      realtimeHub.dispatch('OrderCreated', { orders: [{ id: 1, order_number: 'ORD-1' }] });
      realtimeHub.dispatch('OrderCreated', { orders: [{ id: 2 }, { id: 3 }] });
    });
    await waitFor(() => expect(toasts).toEqual([{ message: '3 new orders', autoHideDuration: 5000 }]));
    expect(chimes.count).toBe(1);
    act(() => {
      realtimeHub.dispatch('OrderStatusUpdated', {
        order: { id: 1, order_number: 'ORD-1', status: { name: 'confirmed', display_name: 'Confirmed' } },
      });
    });
    await waitFor(() => expect(toasts.at(-1)).toEqual({ message: 'Order ORD-1: Confirmed', autoHideDuration: 3000 }));
    // The orders module's payload: one event per order of a bulk update, status in latest_status.
    const row = (id: number) => ({
      id,
      order_number: id,
      latest_status: { status: { name: 'pending', display_name: 'Pending' } },
    });
    act(() => {
      realtimeHub.dispatch('OrderStatusUpdated', { change: 'status', order: row(7) });
      realtimeHub.dispatch('OrderStatusUpdated', { change: 'status', order: row(8) });
      realtimeHub.dispatch('OrderStatusUpdated', { change: 'assigned', order: row(9) });
    });
    await waitFor(() => expect(toasts.at(-1)).toEqual({ message: '2 orders updated', autoHideDuration: 3000 }));
    act(() => realtimeHub.dispatch('OrderStatusUpdated', { change: 'status', order: row(7) }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ message: 'Order 7: Pending', autoHideDuration: 3000 }));
    act(() => realtimeHub.dispatch('OrderStatusUpdated', { change: 'updated', order: row(7) }));
    await new Promise((r) => setTimeout(r, 500));
    expect(toasts).toHaveLength(4);
  });

  it('a notification: a toast, and the page props (low-stock alerts) are read again', async () => {
    const { queryClient } = renderApp(<RealtimeLayer />, { pageProps: pagePropsWith() });
    expect(queryClient.getQueryState(pagePropsKeys.all)?.isInvalidated).toBe(false);
    act(() => {
      realtimeHub.dispatch('Notification', { kind: 'low_stock', params: { name: 'Robe', current: 1, threshold: 4 } });
    });
    await waitFor(() =>
      expect(toasts).toEqual([{ message: 'Product "Robe" is low on stock (1 / 4)', autoHideDuration: 3000 }]),
    );
    expect(queryClient.getQueryState(pagePropsKeys.all)?.isInvalidated).toBe(true);
  });

  it('refetches the page props after a reconnection', async () => {
    const { queryClient } = renderApp(<RealtimeLayer />, { pageProps: pagePropsWith() });
    act(() => realtimeHub.reconnected());
    await waitFor(() => expect(queryClient.getQueryState(pagePropsKeys.all)?.isInvalidated).toBe(true));
  });

  it('stops listening when unmounted', async () => {
    const { unmount } = renderApp(<RealtimeLayer />, { pageProps: pagePropsWith() });
    unmount();
    realtimeHub.dispatch('OrderCreated', { orders: [{ id: 1 }] });
    await new Promise((r) => setTimeout(r, 500));
    expect(toasts).toEqual([]);
  });

  it('tells a configured tracker about the first page and each navigation', async () => {
    const seen: unknown[] = [];
    setUsageTracker({ track: (event, props) => void seen.push([event, props.path]) });
    const { router } = renderApp(<RealtimeLayer />, { route: '/dashboard', pageProps: pagePropsWith() });
    await act(() => router.navigate('/dashboard/orders'));
    await waitFor(() =>
      expect(seen).toEqual([
        ['page_visited', '/dashboard'],
        ['page_navigated', '/dashboard/orders'],
      ]),
    );
  });
});
