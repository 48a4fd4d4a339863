import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { BarcodeScannerDialog } from './barcode-scanner-dialog';

beforeEach(() => signIn(OWNER));
afterEach(() => vi.unstubAllGlobals());

const scan = (value: string) => {
  fireEvent.change(screen.getByTestId('barcode-input'), { target: { value } });
  fireEvent.submit(screen.getByTestId('barcode-input').closest('form')!);
};

describe('BarcodeScannerDialog (issue 5.9, SPEC 5 and 8)', () => {
  it('refuses an empty barcode without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<BarcodeScannerDialog onClose={() => undefined} />);
    scan('   ');
    expect((await screen.findByTestId('barcode-outcome')).textContent).toBe('Please enter a barcode');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('selects a found order, and says when none is found', async () => {
    const answers = [
      new Response(JSON.stringify({ success: true, message: 'Order 5 selected', order_id: 5 }), { status: 200 }),
      new Response(JSON.stringify({ success: false, message: 'Order not found for scanned barcode' }), { status: 404 }),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const onSelected = vi.fn();
    renderApp(<BarcodeScannerDialog onClose={() => undefined} onSelected={onSelected} />);
    scan('yal-00004E');
    await waitFor(() => expect(onSelected).toHaveBeenCalledWith(5));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders/barcode-action');
    expect(JSON.parse(init.body as string)).toEqual({ barcode: 'yal-00004E', action: 'select' });
    scan('nope');
    await waitFor(() =>
      expect(screen.getByTestId('barcode-outcome').textContent).toBe('Order not found for scanned barcode'),
    );
  });

  it('validates in validate mode with SPEC 8 message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'x', order_id: 12 }), { status: 200 })),
    );
    renderApp(<BarcodeScannerDialog initialMode="validate" onClose={() => undefined} />);
    scan('OWN-AB12');
    await waitFor(() =>
      expect(screen.getByTestId('barcode-outcome').textContent).toBe('Order 12 validated successfully'),
    );
  });
});
