import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OWNER, pagePropsWith, renderApp, signIn } from '../../test/render-app';
import { NotificationsMenu } from './notifications-menu';

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
});
