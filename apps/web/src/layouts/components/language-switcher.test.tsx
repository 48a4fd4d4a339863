import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { LanguageSwitcher } from './language-switcher';

async function chooseArabic() {
  fireEvent.click(screen.getByRole('button', { name: 'Language' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'العربية' }));
}

describe('LanguageSwitcher', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.dir = 'ltr';
    document.documentElement.lang = 'en';
  });

  it('switches a guest to Arabic locally: <html dir="rtl" lang="ar"> and appLocale stored', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<LanguageSwitcher />);
    expect(document.documentElement.dir).toBe('ltr');

    await chooseArabic();

    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('appLocale')).toBe('ar');
    expect(screen.getByRole('button', { name: 'اللغة' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells the server first when signed in (SPEC 7 POST /locale)', async () => {
    signIn(OWNER);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ locale: 'ar' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<LanguageSwitcher />);

    await chooseArabic();

    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/locale');
    expect(init.body).toBe(JSON.stringify({ locale: 'ar' }));
  });

  it('keeps the language when the server refuses', async () => {
    signIn(OWNER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"nope"}', { status: 500 })),
    );
    renderApp(<LanguageSwitcher />);

    await chooseArabic();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Language' })).toHaveProperty('disabled', false));
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('appLocale')).toBeNull();
  });
});
