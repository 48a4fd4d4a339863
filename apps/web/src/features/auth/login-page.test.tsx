import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { LoginPage } from './login-page';

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The text of the element that describes `input` (the helper text under the field). */
function descriptionOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('LoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates with the shared schema: messages under their fields, nothing sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<LoginPage />, { route: '/login' });

    submit('not-an-email', '');

    const email = screen.getByLabelText('Email');
    await screen.findByText('The email must be a valid email address.');
    expect(descriptionOf(email)).toBe('The email must be a valid email address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(password)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a refused sign-in (429) above the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Too Many Attempts."}', { status: 429 })),
    );
    renderApp(<LoginPage />, { route: '/login' });

    submit('owner@demo.dz', 'demo12345');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Please wait a moment and try again.',
    );
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('toggles the password visibility', () => {
    renderApp(<LoginPage />, { route: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Show the password' }));

    expect(password.getAttribute('type')).toBe('text');
  });
});
