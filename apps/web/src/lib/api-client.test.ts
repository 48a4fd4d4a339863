import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client';

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers }));
}

function seedSession() {
  localStorage.setItem('accessToken', 'stale-token');
  localStorage.setItem('userData', JSON.stringify({ id: 1, name: 'Owner' }));
  localStorage.setItem('userAbilities', JSON.stringify([{ action: 'read', subject: 'Auth' }]));
  localStorage.setItem('appLocale', 'fr');
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored token as a Bearer header (SPEC 7)', async () => {
    localStorage.setItem('accessToken', 'abc123');
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/dashboard/page-props');

    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>).Authorization).toBe('Bearer abc123');
  });

  it('on 401 clears the three session keys and goes to /login (SPEC 8)', async () => {
    seedSession();
    vi.stubGlobal('fetch', answer(401, { message: 'Unauthenticated.' }));
    const router = createMemoryRouter(
      [
        { path: '/dashboard', element: null },
        { path: '/login', element: null },
      ],
      { initialEntries: ['/dashboard'] },
    );
    setUnauthorizedHandler(() => void router.navigate('/login'));

    await expect(apiRequest('/dashboard/page-props')).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('userAbilities')).toBeNull();
    expect(localStorage.getItem('appLocale')).toBe('fr');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('passes other errors to the caller with their field errors and Retry-After', async () => {
    seedSession();
    vi.stubGlobal(
      'fetch',
      answer(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '42', 'Content-Type': 'application/json' }),
    );
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);

    const error = await apiRequest('/login', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).retryAfterSeconds).toBe(42);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('stale-token');
  });

  it('exposes 422 field errors', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, { message: 'Invalid.', errors: { email: ['These credentials do not match our records.'] } }),
    );

    const error = (await apiRequest('/login', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;

    expect(error.fieldErrors.email).toEqual(['These credentials do not match our records.']);
  });
  it('sends again after Retry-After a request the busy shop line or server refused before doing anything, twice at most', async () => {
    vi.useFakeTimers();
    try {
      const busy = new Response(JSON.stringify({ code: 'edge.shop_busy', message: 'busy' }), {
        status: 429,
        headers: { 'Retry-After': '1' },
      });
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(busy)
        .mockResolvedValueOnce(new Response(JSON.stringify({ code: 'unavailable' }), { status: 503 }))
        .mockResolvedValueOnce(new Response(JSON.stringify({ saved: true }), { status: 201 }));
      vi.stubGlobal('fetch', fetchMock);
      const saved = apiRequest('/dashboard/products', { method: 'POST', body: { name: 'x' } });
      await vi.advanceTimersByTimeAsync(2_100);
      await expect(saved).resolves.toEqual({ saved: true });
      expect(fetchMock).toHaveBeenCalledTimes(3);

      // Any other 429 (a sign-in throttle) is the caller's at once; a third refusal too.
      const throttled = vi.fn(async () => new Response(JSON.stringify({ code: 'auth.throttled' }), { status: 429 }));
      vi.stubGlobal('fetch', throttled);
      await expect(apiRequest('/login', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
      expect(throttled).toHaveBeenCalledTimes(1);
      const alwaysBusy = vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'unavailable' }), { status: 503, headers: { 'Retry-After': '1' } }),
      );
      vi.stubGlobal('fetch', alwaysBusy);
      const failing = apiRequest('/dashboard/orders').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(2_100);
      expect(await failing).toMatchObject({ status: 503 });
      expect(alwaysBusy).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
