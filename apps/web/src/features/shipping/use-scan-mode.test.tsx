import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { renderApp } from '../../test/render-app';
import { signInOwnerEachTest } from './owner-test-setup';
import { useScanMode } from './use-scan-mode';

vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(async () => undefined),
}));

let enter: ReturnType<typeof useScanMode>['enter'] = () => undefined;
function Probe({ onSelected }: { onSelected: (id: number) => void }) {
  const scan = useScanMode({ onSelected });
  enter = scan.enter;
  return <span data-testid="mode">{scan.mode ?? 'off'}</span>;
}

const wedge = (text: string) => {
  for (const key of text) fireEvent.keyDown(window, { key });
  fireEvent.keyDown(window, { key: 'Enter' });
};

signInOwnerEachTest();

describe('useScanMode (SPEC 4 scan modes, SPEC 9 2 s notice and 100 ms keys)', () => {
  it('validates a wedge-scanned tracking number in validate mode, and does nothing when off', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, message: 'ok', order_id: 41 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<Probe onSelected={() => undefined} />);
    wedge('yal-00009K');
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => enter('validate'));
    expect(screen.getByTestId('mode').textContent).toBe('validate');
    expect(toast).toHaveBeenCalledWith(expect.stringContaining('validate'), {
      variant: 'info',
      autoHideDuration: 2000,
    });
    wedge('yal-00009K');
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Order 41 validated successfully', { variant: 'success' }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders/barcode-action');
    expect(JSON.parse(init.body as string)).toEqual({ barcode: 'yal-00009K', action: 'validate' });
  });

  it('selects the scanned order in select mode', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'ok', order_id: 7 }), { status: 200 })),
    );
    const onSelected = vi.fn();
    renderApp(<Probe onSelected={onSelected} />);
    act(() => enter('select'));
    wedge('OWN-12AB');
    await waitFor(() => expect(onSelected).toHaveBeenCalledWith(7));
  });
});
