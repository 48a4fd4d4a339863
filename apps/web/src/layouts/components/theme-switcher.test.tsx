import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ThemeSwitcher } from './theme-switcher';

describe('ThemeSwitcher', () => {
  afterEach(() => vi.useRealTimers());

  it('cycles system -> light -> dark -> system and stores the choice (SPEC 2.1)', () => {
    renderApp(<ThemeSwitcher />);
    const button = screen.getByRole('button', { name: /theme/i });
    expect(button.getAttribute('aria-label')).toBe('Theme: System. Switch theme');
    expect(screen.getByTestId('LaptopIcon')).toBeTruthy();

    fireEvent.click(button);
    expect(screen.getByTestId('LightModeIcon')).toBeTruthy();
    expect(localStorage.getItem('codboard-theme')).toBe('light');

    fireEvent.click(button);
    expect(screen.getByTestId('DarkModeIcon')).toBeTruthy();
    expect(localStorage.getItem('codboard-theme')).toBe('dark');

    fireEvent.click(button);
    expect(screen.getByTestId('LaptopIcon')).toBeTruthy();
    expect(localStorage.getItem('codboard-theme')).toBe('system');
  });

  it('shows the theme name in capitals after 1000 ms and hides it on scroll', () => {
    vi.useFakeTimers();
    renderApp(<ThemeSwitcher />);
    const button = screen.getByRole('button', { name: /theme/i });

    fireEvent.mouseOver(button);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('tooltip').textContent).toBe('SYSTEM');

    fireEvent.scroll(window);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
