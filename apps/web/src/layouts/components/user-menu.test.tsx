import { fireEvent, screen } from '@testing-library/react';
import { avatarColor } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { AGENT, OWNER, renderApp, signIn } from '../../test/render-app';
import { UserMenu } from './user-menu';

/** jsdom reports colours as rgb(); the palette is hex. */
function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('UserMenu', () => {
  it('shows the upper-cased initial on the colour hashed from the name (SPEC 2.1)', () => {
    signIn(AGENT);
    renderApp(<UserMenu />);

    const initial = screen.getByTestId('user-initial');
    expect(initial.textContent).toBe('A');
    expect(getComputedStyle(initial).backgroundColor).toBe(hexToRgb(avatarColor(AGENT.name)));
  });

  it('adds the commission type line for a Support Agent, and links to the profile', () => {
    signIn(AGENT);
    renderApp(<UserMenu />);

    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));

    expect(screen.getByText('amina agent')).toBeTruthy();
    expect(screen.getByText('Support Agent')).toBeTruthy();
    expect(screen.getByText('Commission Type: fixed')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'My profile' }).getAttribute('href')).toBe('/dashboard/profile');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('has no commission line for other roles', () => {
    signIn(OWNER);
    renderApp(<UserMenu />);

    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));

    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.queryByText(/Commission Type/)).toBeNull();
  });
});
