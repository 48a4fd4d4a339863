import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsChain } from './use-search-params-chain';

type THook = () => [URLSearchParams, (fn: (current: URLSearchParams) => URLSearchParams) => void];

/** A page whose route has a slow loader (as the app's guards do), and two updates in a row. */
async function twoQuickUpdates(useHook: THook) {
  let change!: ReturnType<THook>[1];
  function Page() {
    const [params, set] = useHook();
    change = set;
    return <output>{params.toString()}</output>;
  }
  const router = createMemoryRouter(
    [{ path: '/', element: <Page />, loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 20)) }],
    { initialEntries: ['/?tab=all'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByText('tab=all');
  const with_ = (key: string, value: string) => (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    next.set(key, value);
    return next;
  };
  await act(async () => {
    change(with_('tab', 'delivered')); // the tab click
    change(with_('state', '16')); // the debounced filter, before the click's navigation showed
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  return new URLSearchParams(router.state.location.search);
}

/** What the app did before: React Router's own functional update. */
const usePlainSearchParams: THook = () => {
  const [params, set] = useSearchParams();
  return [params, (fn) => set((current) => fn(current))];
};

describe('useSearchParamsChain', () => {
  it('builds each update on the one before, even before the first navigation has shown', async () => {
    const url = await twoQuickUpdates(useSearchParamsChain);
    expect(Object.fromEntries(url)).toEqual({ tab: 'delivered', state: '16' });
  });

  it('is needed: React Router alone starts the second update from the rendered URL and drops the first', async () => {
    const url = await twoQuickUpdates(usePlainSearchParams);
    expect(url.get('tab')).toBe('all');
    expect(url.get('state')).toBe('16');
  });
});
