import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TShippingFeeRow } from '@cod/shared';
import { toast } from '../../lib/toast';
import type * as ToastModule from '../../lib/toast';
import { renderApp } from '../../test/render-app';
import { FeesDialog } from './fees-dialog';
import { serveFetch, shippingCompany, signInAsShippingManager } from './shipping-companies-test-support';

vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(async () => undefined),
}));

const COMPANY = shippingCompany({ id: 3 });
const ROWS: TShippingFeeRow[] = [
  { state_id: 1, state_name: 'Adrar', home_fee: 900, stopdesk_fee: null, return_fee: null },
  { state_id: 16, state_name: 'Alger', home_fee: 400, stopdesk_fee: 300, return_fee: 200 },
];

// The list and the save both answer the wilayas' fees.
const serve = () => serveFetch(() => new Response(JSON.stringify({ data: ROWS }), { status: 200 }));

signInAsShippingManager();

describe('FeesDialog: the return fee (decision 0112)', () => {
  it('shows each wilaya’s return fee and saves the edited one with the delivery fees', async () => {
    const fetchMock = serve();
    const onClose = vi.fn();
    renderApp(<FeesDialog company={COMPANY} onClose={onClose} />);
    const alger = (await screen.findByLabelText('Alger Return fee')) as HTMLInputElement;
    expect(alger.value).toBe('200');
    expect((screen.getByLabelText('Adrar Return fee') as HTMLInputElement).value).toBe('');
    fireEvent.change(alger, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') as unknown as [string, RequestInit];
    expect(url).toBe('/dashboard/shipping-companies/3/fees');
    expect(JSON.parse(String(init.body))).toEqual({
      fees: [
        { state_id: 1, home_fee: 900, stopdesk_fee: null, return_fee: null },
        { state_id: 16, home_fee: 400, stopdesk_fee: 300, return_fee: 250 },
      ],
    });
  });

  it('refuses a negative return fee before sending anything', async () => {
    const fetchMock = serve();
    renderApp(<FeesDialog company={COMPANY} onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Alger Return fee'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Fees must be numbers of 0 or more', { variant: 'error' }));
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(false);
  });
});
