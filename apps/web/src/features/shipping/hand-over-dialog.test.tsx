import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { renderApp } from '../../test/render-app';
import { signInOwnerEachTest } from './owner-test-setup';
import { HandOverDialog } from './hand-over-dialog';
import { orderError } from '@cod/shared';

vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(async () => undefined),
}));

const COMPANIES = { data: [{ id: 4, name: 'Yalidine', code: 'yalidine', icon: null, kind: 'yalidine' }], total: 1 };

/** The server: company options, then the hand-over answer given. */
function serve(answer: unknown) {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/options')
      ? new Response(JSON.stringify(COMPANIES), { status: 200 })
      : new Response(JSON.stringify(answer), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function submitWith(mode: 'assign' | 'dispatch', orderIds: number[]) {
  const onDone = vi.fn();
  renderApp(<HandOverDialog mode={mode} orderIds={orderIds} onClose={() => undefined} onDone={onDone} />);
  const select = await screen.findByRole('combobox');
  await waitFor(() => expect(select.getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(select);
  fireEvent.click(within(await screen.findByRole('listbox')).getByText('Yalidine'));
  fireEvent.click(screen.getByRole('button', { name: mode === 'assign' ? 'Assign' : 'Dispatch' }));
  await waitFor(() => expect(onDone).toHaveBeenCalled());
  return onDone;
}

signInOwnerEachTest();

describe('HandOverDialog (SPEC 2.4, 8, 9)', () => {
  it('dispatches the selection and shows the partial outcome for 5000 ms', async () => {
    const fetchMock = serve({
      success: true,
      dispatch_success: [{ order_id: 1, tracking_number: 'yal-1' }],
      // The server's per-order answer: a carrier's own words, framed by their code.
      dispatch_errors: [orderError(2, 'Commune introuvable')],
    });
    const onDone = await submitWith('dispatch', [1, 2]);
    const call = fetchMock.mock.calls.find(([url]) => url === '/dashboard/orders/dispatch') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(call[1].body as string)).toEqual({ shipping_company_id: 4, order_ids: [1, 2] });
    expect(toast).toHaveBeenCalledWith(
      'Successfully dispatched 1 orders, but failed to dispatch 1 orders: Order 2: Commune introuvable',
      { variant: 'warning', autoHideDuration: 5000 },
    );
    expect(onDone).toHaveBeenCalledWith({ succeeded: [1], failed: [2] });
  });

  it('says all succeeded in SPEC 8 words', async () => {
    serve({
      success: true,
      shipping_success: [
        { order_id: 1, tracking_number: 'a' },
        { order_id: 2, tracking_number: 'b' },
      ],
      shipping_errors: [],
    });
    await submitWith('assign', [1, 2]);
    expect(toast).toHaveBeenCalledWith('Successfully assigned all 2 orders!', {
      variant: 'success',
      autoHideDuration: 5000,
    });
  });

  it('uses the single-order form when one order fails', async () => {
    serve({ success: false, dispatch_success: [], dispatch_errors: [orderError(9, 'Téléphone invalide')] });
    await submitWith('dispatch', [9]);
    expect(toast).toHaveBeenCalledWith('Failed to dispatch order: Téléphone invalide', {
      variant: 'error',
      autoHideDuration: 5000,
    });
  });

  it('needs a company before calling the server (SPEC 5)', async () => {
    const fetchMock = serve({});
    renderApp(<HandOverDialog mode="dispatch" orderIds={[3]} onClose={() => undefined} />);
    await screen.findByRole('combobox');
    fireEvent.click(screen.getByRole('button', { name: 'Dispatch' }));
    expect(await screen.findByText('Please select a shipping company')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/dashboard/orders/dispatch')).toBe(false);
  });
});
