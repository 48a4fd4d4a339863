import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { orderKeys } from '../../lib/query-keys';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { OrdersImportFlow } from './orders-import-flow';

vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(async () => undefined),
}));
afterEach(() => vi.unstubAllGlobals());

describe('OrdersImportFlow (SPEC 4 / 8)', () => {
  it('goes from the upload to the progress, toasts the completion, and Refresh Orders reloads only the orders', async () => {
    signIn(OWNER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/dashboard/orders/import')
          return new Response(JSON.stringify({ success: true, batch_id: 5, total_rows: 2 }));
        if (url.endsWith('/progress'))
          return new Response(
            JSON.stringify({ batch: { id: 5, status: 'completed', total_rows: 2, success_count: 2, failed_count: 0 } }),
          );
        return new Response(JSON.stringify({ errors: [], total_errors: 0 }));
      }),
    );
    const onClose = vi.fn();
    const { queryClient } = renderApp(<OrdersImportFlow open onClose={onClose} />);
    queryClient.setQueryData(orderKeys.list({ tab: 'inProcess' }), { data: [], total: 0 });
    queryClient.setQueryData(orderKeys.detail(1), { id: 1 });

    fireEvent.change(screen.getByTestId('import-file-input'), {
      target: { files: [new File(['x'], 'orders.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByTestId('import-submit'));
    await screen.findByText('Import completed successfully!');
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Import completed! 2 orders processed successfully.', { variant: 'success' }),
    );

    fireEvent.click(screen.getByTestId('import-refresh'));
    expect(queryClient.getQueryState(orderKeys.list({ tab: 'inProcess' }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(orderKeys.detail(1))?.isInvalidated).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
