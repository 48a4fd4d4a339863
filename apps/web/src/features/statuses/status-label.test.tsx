import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { StatusChip } from '../orders/table/order-cells';

const STATUSES = [
  {
    id: 7,
    name: 'no_answer',
    type: 'pending',
    color: '#FF9F43',
    display_name: 'Injoignable',
    names: { en: 'No answer', ar: 'لا يوجد رد' },
  },
];

beforeEach(() => {
  signIn(OWNER);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/dashboard/statuses')
        ? new Response(JSON.stringify({ data: STATUSES, total: 1 }))
        : new Response('{}', { status: 404 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('status labels (issue 12.2)', () => {
  it("shows an order row's status in the interface language, found by id in the shop's list", async () => {
    // An order row's status carries no translations, only its id and the shop's name.
    const ref = { id: 7, name: 'no_answer', display_name: 'Injoignable', color: '#FF9F43', type: 'pending' as const };
    const { i18n } = renderApp(<StatusChip status={ref} />);
    await screen.findByText('No answer');
    await act(() => i18n.changeLanguage('ar'));
    await screen.findByText('لا يوجد رد');
    // French has no name of its own: the shop's name.
    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByText('Injoignable')).toBeTruthy();
  });
});
