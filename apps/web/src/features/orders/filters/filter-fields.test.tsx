import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWNER, renderApp, signIn } from '../../../test/render-app';
import { FilterFields } from './filter-fields';
import { NO_FILTERS } from './filter-values';

const AGENTS = [
  { id: 2, name: 'Sara Haddad', role: 'Manager', avatar_url: null },
  { id: 3, name: 'Yacine Meziane', role: 'Support Agent', avatar_url: null },
];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/dashboard/agents')) return new Response(JSON.stringify({ data: AGENTS, total: 2 }));
      if (url.includes('/dashboard/presence'))
        return new Response(
          JSON.stringify({
            data: [
              { user_id: 2, online: false, last_changed: null },
              { user_id: 3, online: true, last_changed: new Date().toISOString() },
            ],
          }),
        );
      return new Response(JSON.stringify({ data: [], total: 0 }));
    }),
  );
}

beforeEach(() => signIn(OWNER));
afterEach(() => vi.unstubAllGlobals());

describe('FilterFields: the agent filter (issue 7.4)', () => {
  it('shows each agent with a presence dot', async () => {
    serve();
    renderApp(<FilterFields values={NO_FILTERS} tab="all" onChange={() => undefined} />);
    fireEvent.mouseDown(within(screen.getByTestId('filter-agent')).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getByRole('option', { name: /Yacine Meziane/ })
          .getAttribute('data-online'),
      ).toBe('true'),
    );
    const yacine = within(listbox).getByRole('option', { name: /Yacine Meziane/ });
    expect(within(yacine).getByRole('img').getAttribute('data-online')).toBe('true');
    expect(within(yacine).getByRole('img').getAttribute('aria-label')).toBe('Online');
    const sara = within(listbox).getByRole('option', { name: /Sara Haddad/ });
    expect(within(sara).getByRole('img').getAttribute('data-online')).toBe('false');
  });
});
