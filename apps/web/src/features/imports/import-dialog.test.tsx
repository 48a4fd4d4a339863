import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { ImportDialog } from './import-dialog';

// Toasts are notistack's business; here only which ones are asked for matters.
vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(async () => undefined),
}));

const choose = (name: string) =>
  fireEvent.change(screen.getByTestId('import-file-input'), {
    target: { files: [new File(['customer_full_name\nKarim'], name, { type: 'text/csv' })] },
  });

beforeEach(() => signIn(OWNER));
afterEach(() => vi.unstubAllGlobals());

describe('ImportDialog (SPEC 2.4 / 5 / 8)', () => {
  it('needs a file, accepts .xlsx/.xls/.csv, and hands the started batch over', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, batch_id: 12, total_rows: 3 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onStarted = vi.fn();
    renderApp(<ImportDialog open onClose={() => undefined} onStarted={onStarted} />);
    expect(screen.getByTestId('import-file-input').getAttribute('accept')).toBe('.xlsx,.xls,.csv');

    fireEvent.click(screen.getByTestId('import-submit'));
    expect(screen.getByTestId('import-problem').textContent).toBe('Please select a file to import');
    expect(fetchMock).not.toHaveBeenCalled();

    choose('orders.csv');
    expect(screen.getByTestId('import-file-name').textContent).toBe('orders.csv');
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith({ success: true, batch_id: 12, total_rows: 3 }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/dashboard/orders/import');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(toast).toHaveBeenCalledWith('Import started with 3 rows', { variant: 'success' });
  });

  it('shows the listed errors of a refused file, else its message, else Import failed, by their codes', async () => {
    const answers = [
      {
        message: 'The name field is required.',
        code: 'validation.required',
        params: { field: 'name' },
        errors: { file: ['The name field is required.'] },
        error_codes: { file: [{ code: 'validation.required', params: { field: 'name' } }] },
      },
      // A refusal without a code (the file checks are not coded yet): its kind's sentence, never its English.
      { message: 'The file is empty.', code: 'validation', errors: { file: ['The file is empty.'] } },
      { message: 'Import not found.', code: 'import.not_found', params: {} },
      null,
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(answers.length ? JSON.stringify(answers.shift()) : '', { status: 422 })),
    );
    renderApp(<ImportDialog open onClose={() => undefined} onStarted={() => undefined} />);
    for (const expected of [
      'The name field is required.',
      'Some of the information is not valid.',
      'Import not found.',
      'Import failed',
    ]) {
      choose('orders.csv');
      fireEvent.click(screen.getByTestId('import-submit'));
      await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toBe(expected));
      expect(toast).toHaveBeenLastCalledWith(expected, { variant: 'error' });
    }
  });
});
