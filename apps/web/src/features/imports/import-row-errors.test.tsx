import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import arMessages from '../../locales/messages/ar.json';
import frMessages from '../../locales/messages/fr.json';
import arOperations from '../../locales/operations/ar.json';
import frOperations from '../../locales/operations/fr.json';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { ImportProgressDialog } from './import-progress-dialog';

// Decision 0045: a row error is shown from its code (error_codes[i] beside errors[i]), in the
// user's language; the server's English is not read when the code is there.
const results = {
  success: true,
  errors: [
    { row_number: 2, error_message: 'SERVER ENGLISH 2' },
    { row_number: 3, error_message: 'SERVER ENGLISH 3' },
  ],
  error_codes: [
    { code: 'import.state_unknown', params: { value: 'Atlantis' } },
    {
      code: 'import.row_problems',
      params: {
        messages: [
          { order_id: 0, message: 'x', code: 'import.product_unknown', params: { value: 'Robe' } },
          { order_id: 0, message: 'y', code: 'import.formula', params: { header: 'quantity' } },
        ],
      },
    },
  ],
  total_errors: 2,
};

beforeEach(() => {
  signIn(OWNER);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/progress')) {
        const batch = { id: 9, status: 'completed', total_rows: 5, success_count: 3, failed_count: 2 };
        return new Response(JSON.stringify({ success: true, batch }));
      }
      if (url.endsWith('/results')) return new Response(JSON.stringify(results));
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const listed = () => [...screen.getByTestId('import-errors').querySelectorAll('li')].map((li) => li.textContent);

describe('import row errors on the progress dialog', () => {
  it('translates each row error from its code, in English, French and Arabic', async () => {
    const { i18n } = renderApp(
      <ImportProgressDialog open batchId={9} onClose={() => undefined} onRefreshOrders={() => undefined} />,
    );
    await waitFor(() => expect(screen.getByTestId('import-view-errors')).toBeTruthy());
    fireEvent.click(screen.getByTestId('import-view-errors'));
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(listed()[0]).toBe('Row 2: Wilaya "Atlantis" was not found.');
    expect(listed()[1]).toContain('Product "Robe" was not found (use its name or SKU).');
    expect(listed()[1]).toContain('The quantity cell holds a formula; type its value instead.');
    expect(listed().join(' ')).not.toContain('SERVER ENGLISH');

    // The test app holds English only: French and Arabic as the app loads them (lib/i18n.ts).
    for (const [language, parts] of [
      ['fr', [frOperations, frMessages]],
      ['ar', [arOperations, arMessages]],
    ] as const) {
      for (const part of parts) i18n.addResourceBundle(language, 'translation', part, true, false);
    }
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(listed()[0]).toContain('Wilaya « Atlantis » introuvable.'));
    await act(() => i18n.changeLanguage('ar'));
    await waitFor(() => expect(listed()[0]).toContain('الولاية «Atlantis» غير موجودة.'));
    expect(listed()[1]).toContain('المنتج «Robe» غير موجود');
    expect(listed().join(' ')).not.toContain('SERVER ENGLISH');
  });
});
